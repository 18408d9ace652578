// The default text a stand-in answers when no schema is asked for: marked as stand-in output so
// that nobody mistakes it for a model's summary, and deterministic so that tests can compare it.

/** How every default stand-in text starts. */
export const STAND_IN_PREFIX = 'Stand-in answer (not a language model):';

/** The marker, then the first 80 characters of the prompt's session block (or the prompt), on one line. */
export function standInText(prompt: string): string {
  const block = /<session\b[\s\S]*?<\/session>/.exec(prompt)?.[0] ?? prompt;
  return `${STAND_IN_PREFIX} ${block.replace(/\s+/g, ' ').trim().slice(0, 80)}`;
}

/** About four characters a token, like the real tokenizers on English text. */
export function tokenEstimate(text: string): number {
  return Math.ceil(text.length / 4);
}

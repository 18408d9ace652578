// Text safe to print on a terminal. Recorded page text, and so prompts, answers and messages that
// quote it, may hold control characters: written raw, they would recolour the terminal, move its
// cursor or retitle its window.

// Control characters other than line breaks and tabs.
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

/** Control characters other than line breaks and tabs shown as `\u` escapes. */
export function printable(text: string): string {
  return text.replace(CONTROL, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

// The prompt split into lines, with where the session block starts and ends, so the Prompt pane
// can set the block apart and draw only the lines on screen.

export type PromptSection = 'pre' | 'session' | 'post';

export interface PromptLines {
  readonly lines: readonly string[];
  /** Index of the line holding the opening session tag. */
  readonly sessionStart: number;
  /** Index of the line holding the closing session tag. */
  readonly sessionEnd: number;
}

function countNewlines(text: string, from = 0, to = text.length): number {
  let count = 0;
  for (let at = text.indexOf('\n', from); at !== -1 && at < to; at = text.indexOf('\n', at + 1)) count++;
  return count;
}

/** Where `block` starts in `text`: found by its first line, confirmed whole (no second full scan). */
function blockOffset(text: string, block: string): number {
  const head = block.slice(0, Math.max(1, block.indexOf('\n')));
  for (let at = text.indexOf(head); at !== -1; at = text.indexOf(head, at + 1)) {
    if (text.startsWith(block, at)) return at;
  }
  return -1;
}

/**
 * Splits `prompt` and locates `sessionBlock` inside it (docs/pipeline.md: pre, block, post).
 * `blockStart`, when known (prepare returns it), spares searching a prompt that can be megabytes
 * long.
 */
export function promptLines(prompt: string, sessionBlock: string, blockStart?: number): PromptLines {
  const lines = prompt.split('\n');
  const offset = sessionBlock === '' ? -1 : blockStart ?? blockOffset(prompt, sessionBlock);
  if (offset === -1) return { lines, sessionStart: lines.length, sessionEnd: lines.length - 1 };
  // Count only in the short parts around the block: the block itself can be megabytes.
  const sessionStart = countNewlines(prompt, 0, offset);
  const sessionEnd = lines.length - 1 - countNewlines(prompt, offset + sessionBlock.length);
  return { lines, sessionStart, sessionEnd };
}

/**
 * The same as `promptLines(prompt, sessionBlock, blockStart)` when `previous` split a prompt
 * around the very same session block: its block lines are reused, only the prompts around them
 * are split (for a profile edit that changed only pre_prompt or post_prompt).
 */
export function promptLinesAround(prompt: string, sessionBlock: string, blockStart: number, previous: PromptLines): PromptLines {
  const before = prompt.slice(0, blockStart).split('\n').slice(0, -1);
  const after = prompt.slice(blockStart + sessionBlock.length).split('\n').slice(1);
  const block = previous.lines.slice(previous.sessionStart, previous.sessionEnd + 1);
  return { lines: before.concat(block, after), sessionStart: before.length, sessionEnd: before.length + block.length - 1 };
}

export function promptSection(prompt: PromptLines, index: number): PromptSection {
  if (index < prompt.sessionStart) return 'pre';
  return index <= prompt.sessionEnd ? 'session' : 'post';
}

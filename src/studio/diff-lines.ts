// Line diffs for the Diff and Compare views (jsdiff), with long unchanged stretches folded.

import { diffLines } from 'diff';
import { formatCount } from './format-count.js';
import { segment, type StyledLine } from './styled-line.js';

export interface TextDiff {
  readonly lines: readonly StyledLine[];
  readonly added: number;
  readonly removed: number;
  /** True when the texts differ in more lines than the diff is allowed to explore. */
  readonly tooLarge: boolean;
}

export interface TextDiffOptions {
  /** Unchanged lines shown around each change; default 2. */
  readonly context?: number;
  /** Give up beyond this many changed lines (jsdiff maxEditLength); default 5,000. */
  readonly maxChangedLines?: number;
}

function splitValue(value: string): string[] {
  const lines = value.split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines;
}

/** `- ` removed, `+ ` added and `  ` unchanged lines from `before` to `after`. */
export function diffText(before: string, after: string, options: TextDiffOptions = {}): TextDiff {
  const context = options.context ?? 2;
  // A final newline on both sides keeps jsdiff from reporting an unchanged last line as changed
  // when lines are appended after it.
  const changes = diffLines(`${before}\n`, `${after}\n`, { maxEditLength: options.maxChangedLines ?? 5000 });
  if (changes === undefined) return { lines: [], added: 0, removed: 0, tooLarge: true };
  const lines: StyledLine[] = [];
  let added = 0;
  let removed = 0;
  changes.forEach((change, position) => {
    const values = splitValue(change.value);
    if (change.added) {
      added += values.length;
      for (const value of values) lines.push([segment('+ ', 'added'), segment(value, 'added')]);
    } else if (change.removed) {
      removed += values.length;
      for (const value of values) lines.push([segment('- ', 'removed'), segment(value, 'removed')]);
    } else {
      const head = position === 0 ? 0 : context;
      const tail = position === changes.length - 1 ? 0 : context;
      if (values.length <= head + tail + 1) {
        for (const value of values) lines.push([segment('  ', 'dim'), segment(value, 'dim')]);
        return;
      }
      for (const value of values.slice(0, head)) lines.push([segment('  ', 'dim'), segment(value, 'dim')]);
      lines.push([segment('  ', 'dim'), segment(`⋯ ${formatCount(values.length - head - tail)} unchanged lines`, 'accent')]);
      for (const value of values.slice(values.length - tail)) lines.push([segment('  ', 'dim'), segment(value, 'dim')]);
    }
  });
  return { lines, added, removed, tooLarge: false };
}

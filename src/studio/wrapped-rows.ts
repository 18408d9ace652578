// How many screen rows a line takes once Ink wraps it (Ink wraps with wrap-ansi, hard, untrimmed),
// so that scrolling can stop where the last line is really on screen.

import wrapAnsi from 'wrap-ansi';
import { ownCopy } from './own-copy.js';
import { printable } from './printable.js';
import type { StyledLine } from './styled-line.js';
import { headEnd } from './text-columns.js';

// Measuring a line with wrap-ansi costs most of a millisecond (string-width segments it into
// graphemes), and every render measures the lines at the end of the pane again: the same lines,
// save after save. Remembered per width, forgotten all at once when the memo is full.
const MAX_REMEMBERED_LINES = 4096;
const rowsByWidth = new Map<number, Map<string, number>>();
let remembered = 0;

/**
 * Rows `text` takes at `columns` wide, as drawn (control characters as escapes); an empty line
 * still takes one. With `atMost`, a line that surely takes more rows than that is not measured:
 * the answer is then `atMost + 1`, found in the time of `atMost` rows whatever the line's length.
 */
export function wrappedRows(text: string, columns: number, atMost = Number.POSITIVE_INFINITY): number {
  if (columns <= 0) return 1;
  // A row holds at most `columns` columns, so a start of the line wider than `atMost` rows is enough to know.
  if (text.length > atMost * columns && headEnd(text, atMost * columns + 1) < text.length) return atMost + 1;
  const shown = printable(text);
  // No character is wider than two columns: a line this short never wraps.
  if (shown.length * 2 <= columns) return 1;
  let known = rowsByWidth.get(columns);
  const rows = known?.get(text);
  if (rows !== undefined) return rows;
  const measured = wrapAnsi(shown, columns, { trim: false, hard: true }).split('\n').length;
  if (remembered >= MAX_REMEMBERED_LINES) {
    rowsByWidth.clear();
    remembered = 0;
    known = undefined;
  }
  if (known === undefined) rowsByWidth.set(columns, (known = new Map()));
  // A line is usually a slice of its prompt, which V8 keeps whole while the slice lives: the memo
  // keeps a copy of its own, or it would hold on to every prompt of megabytes it has seen.
  known.set(ownCopy(text), measured);
  remembered++;
  return measured;
}

/** The text of a styled line, as it is drawn. */
export const lineText = (line: StyledLine): string => line.map((part) => part.text).join('');

/** The last useful first line of a view, and whether the lines from there still overflow it. */
export interface Bottom {
  readonly top: number;
  /** The last line alone is taller than the view: only its end can be shown, anchored to the bottom. */
  readonly overflows: boolean;
}

/**
 * The smallest first line from which every remaining line fits in `rows` screen rows. Looks only
 * at the lines near the end (at most `rows` of them), so it costs the same for any length.
 */
export function bottomOf(lines: number, rows: number, rowsOfLine: (index: number) => number): Bottom {
  let used = 0;
  let top = lines;
  while (top > 0) {
    const height = rowsOfLine(top - 1);
    if (used + height > rows) break;
    used += height;
    top--;
  }
  if (top === lines && lines > 0) return { top: lines - 1, overflows: true };
  return { top: Math.min(top, Math.max(0, lines - 1)), overflows: false };
}

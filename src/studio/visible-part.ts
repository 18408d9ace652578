// The part of a long line that the rows on screen show. A line can be megabytes (a page title,
// a console message, a pasted value); Ink would wrap the whole of it on every frame to show a
// few rows, so a line is cut to what fills its rows first. Ink wraps like wrap-ansi (hard, not
// trimmed): greedily, word by word, at spaces. A start of the line that ends with a whole word
// wraps onto the same rows as the line itself, but for its last.

import { splitLine, lineText, type StyledLine } from './styled-line.js';
import { headEnd, tailStart } from './text-columns.js';

/** The room a line has: its width and the rows it may fill; `end` keeps its end (a line scrolled to its bottom). */
export interface TextRoom {
  readonly columns: number;
  readonly rows: number;
  readonly from?: 'start' | 'end';
}

const SPACE = ' ';
const isAscii = (text: string) => /^[\x20-\x7e]*$/.test(text);

/**
 * Where to cut `text`, at `at` or after, so that its start keeps the rows of the whole line: before
 * the space that ends the word at `at`. A word much longer than a row (no space for a while) is
 * broken hard, a row at a time, and the row it starts on depends on its length: cut it a whole
 * number of rows before its end, or before it when it starts less than a row before `at`.
 */
function cutAfter(text: string, at: number, columns: number): number {
  const space = text.indexOf(SPACE, at);
  if (space !== -1 && space - at <= 2 * columns) return space;
  const wordStart = text.lastIndexOf(SPACE, at) + 1;
  if (wordStart > 0 && at - wordStart <= columns) return wordStart - 1;
  const wordEnd = space === -1 ? text.length : space;
  // Columns are code units only in ASCII; elsewhere the word may start a row later than in the line.
  if (!isAscii(text.slice(wordStart, wordEnd))) return at;
  return wordEnd - Math.floor((wordEnd - at) / columns) * columns;
}

/**
 * `line` cut to the part `room` shows: its start (or its end) long enough to fill the rows, the
 * same line when it is no longer than that. Two rows to spare: the last row of a cut start can
 * differ from the line's, and the row before it holds the word the cut may shorten.
 */
export function visiblePart(line: StyledLine, room: TextRoom): StyledLine {
  const columns = Math.max(1, room.columns);
  const wanted = (Math.max(1, room.rows) + 2) * columns;
  const text = line.length === 1 ? (line[0]?.text ?? '') : lineText(line);
  if (text.length <= wanted) return line;
  if (room.from === 'end') {
    let start = tailStart(text, wanted);
    if (start === 0) return line;
    // From the start of a word: rows of the end wrapped alone may break elsewhere than the line's, but none starts mid-word.
    const space = text.indexOf(SPACE, start);
    if (space !== -1 && space - start <= 2 * columns) start = space + 1;
    return splitLine(line, start)[1];
  }
  const end = headEnd(text, wanted);
  if (end >= text.length) return line;
  const cut = cutAfter(text, end, columns);
  return cut >= text.length ? line : splitLine(line, cut)[0];
}

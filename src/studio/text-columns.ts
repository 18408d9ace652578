// How much of a long line surely fills some number of terminal columns, found without measuring
// the line: a lower bound of each character's width (combining marks, format characters and the
// parts of joined emoji count none), so the text found is never too short for its columns.

const ZERO_WIDTH_JOINER = 0x200d;
// Marks and format characters, Hangul medial and final jamo, skin tones, tags; regional
// indicators are left out too (two make one flag).
const NO_COLUMN = /^[\p{M}\p{Cf}\u1160-\u11ff\ud7b0-\ud7ff\u{1f1e6}-\u{1f1ff}\u{1f3fb}-\u{1f3ff}\u{e0000}-\u{e0fff}]$/u;

/** At most the columns of the code point at `index` (0 or 1), and its length in code units. */
function lowerColumns(text: string, index: number): [columns: number, size: number] {
  const code = text.charCodeAt(index);
  // Printable ASCII, the common case, without a look at the table.
  if (code >= 0x20 && code < 0x7f) return [1, 1];
  const point = text.codePointAt(index) ?? code;
  const size = point > 0xffff ? 2 : 1;
  if (point < 0x20 || (point >= 0x7f && point < 0xa0)) return [0, size];
  if (index > 0 && text.charCodeAt(index - 1) === ZERO_WIDTH_JOINER) return [0, size];
  if (point < 0x300) return [point === 0xad ? 0 : 1, size];
  return [NO_COLUMN.test(String.fromCodePoint(point)) ? 0 : 1, size];
}

/**
 * The end of the shortest start of `text` that takes at least `columns` columns on screen (any
 * wrapping only adds rows), or `text.length` when the whole of it takes fewer. Reads no further.
 */
export function headEnd(text: string, columns: number): number {
  let used = 0;
  let index = 0;
  while (index < text.length && used < columns) {
    const [width, size] = lowerColumns(text, index);
    used += width;
    index += size;
  }
  return index;
}

/** The start of the shortest end of `text` that takes at least `columns` columns on screen, or 0. */
export function tailStart(text: string, columns: number): number {
  let used = 0;
  let index = text.length;
  while (index > 0 && used < columns) {
    // A low surrogate belongs with the high one before it.
    const low = text.charCodeAt(index - 1);
    const start = index >= 2 && low >= 0xdc00 && low <= 0xdfff && text.charCodeAt(index - 2) >= 0xd800 && text.charCodeAt(index - 2) <= 0xdbff ? index - 2 : index - 1;
    used += lowerColumns(text, start)[0];
    index = start;
  }
  return index;
}

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import wrapAnsi from 'wrap-ansi';
import { lineText, segment, type StyledLine } from './styled-line.js';
import { visiblePart } from './visible-part.js';

/** The rows Ink draws `text` on at `columns` wide. */
const rowsOf = (text: string, columns: number) => wrapAnsi(text, columns, { trim: false, hard: true }).split('\n');

const word = fc.oneof(
  { weight: 8, arbitrary: fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'd', 'e'), minLength: 1, maxLength: 9 }) },
  // Longer than a row: broken hard.
  { weight: 2, arbitrary: fc.string({ unit: fc.constantFrom('x', 'y'), minLength: 10, maxLength: 90 }) },
  { weight: 1, arbitrary: fc.string({ unit: fc.constantFrom('漢', '字', 'é'), minLength: 1, maxLength: 4 }) },
  { weight: 1, arbitrary: fc.constant('') },
);
const longText = fc.array(word, { minLength: 20, maxLength: 160 }).map((words) => words.join(' '));

describe('visiblePart', () => {
  it('leaves a line that fits its room as it is', () => {
    const line: StyledLine = [segment('a short line')];
    expect(visiblePart(line, { columns: 20, rows: 2 })).toBe(line);
  });

  it('keeps of a long line a start that Ink wraps onto the line’s own first rows', () => {
    fc.assert(
      fc.property(longText, fc.integer({ min: 5, max: 24 }), fc.integer({ min: 1, max: 5 }), (text, columns, rows) => {
        const part = lineText(visiblePart([segment(text)], { columns, rows }));
        expect(text.startsWith(part)).toBe(true);
        expect(rowsOf(part, columns).slice(0, rows)).toEqual(rowsOf(text, columns).slice(0, rows));
      }),
      { numRuns: 300 },
    );
  });

  it('keeps of a long line an end that still fills the rows', () => {
    fc.assert(
      fc.property(longText, fc.integer({ min: 5, max: 24 }), fc.integer({ min: 1, max: 5 }), (text, columns, rows) => {
        const part = lineText(visiblePart([segment(text)], { columns, rows, from: 'end' }));
        expect(text.endsWith(part)).toBe(true);
        expect(rowsOf(part, columns).length).toBeGreaterThanOrEqual(Math.min(rows, rowsOf(text, columns).length));
      }),
      { numRuns: 300 },
    );
  });

  it('cuts a line of 2 MB to a few rows of it, styles kept', () => {
    const line: StyledLine = [segment('#0 +0s navigate title="', 'plain'), segment('word '.repeat(400_000), 'redacted'), segment('"')];
    const part = visiblePart(line, { columns: 40, rows: 3 });
    expect(lineText(part).length).toBeLessThan(40 * 8);
    expect(part.map((piece) => piece.style)).toEqual(['plain', 'redacted']);
    expect(rowsOf(lineText(part), 40).slice(0, 3)).toEqual(rowsOf(lineText(line).slice(0, 4000), 40).slice(0, 3));
    const end = visiblePart(line, { columns: 40, rows: 3, from: 'end' });
    expect(lineText(end).length).toBeLessThan(40 * 8);
    expect(lineText(end).endsWith('word word "')).toBe(true);
    expect(end.at(-1)).toEqual(segment('"'));
  });

  it('cuts a word of megabytes (no space in it) on the rows it is broken into', () => {
    const text = `data="${'x'.repeat(2_000_000)}"`;
    const part = lineText(visiblePart([segment(text)], { columns: 30, rows: 4 }));
    expect(part.length).toBeLessThan(30 * 8);
    expect(rowsOf(part, 30).slice(0, 4)).toEqual(rowsOf(text.slice(0, 3000), 30).slice(0, 4));
  });
});

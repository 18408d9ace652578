import { describe, expect, it } from 'vitest';
import { runInNewContext } from 'node:vm';
import v8 from 'node:v8';
import wrapAnsi from 'wrap-ansi';
import { bottomOf, wrappedRows } from './wrapped-rows.js';

describe('wrappedRows', () => {
  it('counts the rows Ink wraps a line onto', () => {
    expect(wrappedRows('', 10)).toBe(1);
    expect(wrappedRows('short', 10)).toBe(1);
    expect(wrappedRows('exactly10!', 10)).toBe(1);
    expect(wrappedRows('eleven char', 10)).toBe(2);
    expect(wrappedRows('x'.repeat(25), 10)).toBe(3);
    // Words move whole to the next row when they fit there.
    expect(wrappedRows('aaaa bbbb cccc', 10)).toBe(2);
    // Wide characters take two columns.
    expect(wrappedRows('漢字漢字漢字', 10)).toBe(2);
  });
});

describe('wrappedRows, as drawn', () => {
  it('counts control characters as the escapes the studio draws them as', () => {
    // Five BEL characters are drawn as \u0007 five times: 30 columns.
    expect(wrappedRows('\u0007'.repeat(5), 10)).toBe(3);
  });

  it('stops measuring a line of 2 MB once it is sure it takes more rows than asked about', () => {
    const line = `title="${'word '.repeat(400_000)}"`;
    expect(wrappedRows(line, 40, 10)).toBe(11);
    // A line that fits is measured exactly all the same.
    expect(wrappedRows('aaaa bbbb cccc', 10, 1)).toBe(2);
    expect(wrappedRows('aaaa bbbb cccc', 10, 5)).toBe(2);
  });
});

describe('wrappedRows, measured again', () => {
  it('gives the same rows for a line it has seen, at each width', () => {
    const line = 'The customer opened the cart, typed a coupon code and pressed Apply three times in a row.';
    const first = [20, 40, 80].map((columns) => wrappedRows(line, columns));
    expect(first).toEqual([5, 3, 2]);
    expect([20, 40, 80].map((columns) => wrappedRows(line, columns))).toEqual(first);
  });

  it('stays right after more lines than it remembers', () => {
    const measured = (text: string, columns: number) => wrapAnsi(text, columns, { trim: false, hard: true }).split('\n').length;
    const lines = Array.from({ length: 4500 }, (_, index) => `w${index} ${'x'.repeat(index % 9)}`.padEnd(11, 'y'));
    for (const line of lines) wrappedRows(line, 10);
    for (const line of [lines[7] ?? '', lines[4499] ?? '', 'aaaa bbbb cccc']) expect(wrappedRows(line, 10)).toBe(measured(line, 10));
  });
});

describe('wrappedRows, memory', () => {
  it('does not keep the prompts its lines were sliced from', () => {
    v8.setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    gc();
    const before = process.memoryUsage().heapUsed;
    for (let prompt = 0; prompt < 20; prompt++) {
      // A 10 MB prompt (two-byte) whose last line is measured, as the Prompt pane does.
      const text = `${'\u2014'.repeat(5_000_000)}\nlast line of prompt ${prompt}, long enough to wrap at forty columns`;
      wrappedRows(text.slice(text.lastIndexOf('\n') + 1), 40);
    }
    gc();
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(50 * 1024 * 1024);
  });
});

describe('bottomOf', () => {
  it('is lines - rows when every line takes one row', () => {
    expect(bottomOf(100, 10, () => 1)).toEqual({ top: 90, overflows: false });
    expect(bottomOf(5, 10, () => 1)).toEqual({ top: 0, overflows: false });
    expect(bottomOf(0, 10, () => 1)).toEqual({ top: 0, overflows: false });
  });

  it('starts later when the last lines wrap, so that the last one is on screen', () => {
    expect(bottomOf(100, 10, (index) => (index >= 95 ? 2 : 1))).toEqual({ top: 95, overflows: false });
    expect(bottomOf(100, 10, (index) => (index === 99 ? 4 : 1))).toEqual({ top: 93, overflows: false });
  });

  it('says when the last line alone is taller than the view', () => {
    expect(bottomOf(100, 10, (index) => (index === 99 ? 30 : 1))).toEqual({ top: 99, overflows: true });
  });

  it('looks at no more lines than fit on screen', () => {
    const asked: number[] = [];
    bottomOf(1_000_000, 10, (index) => (asked.push(index), 1));
    expect(asked.length).toBeLessThanOrEqual(11);
  });
});

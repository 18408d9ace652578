import { describe, expect, it } from 'vitest';
import { filterFor, textPattern } from './text-pattern.js';

describe('filterFor', () => {
  const names = ['coupon', 'coupon retry', 'a.c', 'abc', '/x/', 'price (EUR) [beta]'];
  const selected = (filter: string) => names.filter((name) => textPattern(filter).test(name));

  it('is the name itself when no other case contains it', () => {
    expect(filterFor('coupon retry', names)).toBe('coupon retry');
    expect(selected(filterFor('coupon retry', names))).toEqual(['coupon retry']);
  });

  it('anchors and escapes the name when it would also pick others, or read as a regular expression', () => {
    for (const name of names) expect(selected(filterFor(name, names)), name).toEqual([name]);
    expect(filterFor('coupon', names)).toBe('/^coupon$/');
    expect(filterFor('/x/', names)).toBe('/^\\/x\\/$/');
  });
});

import { describe, expect, it } from 'vitest';
import { caseFilters, filterFor, matchesEverythingProblem, textPattern } from './text-pattern.js';

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

describe('matchesEverythingProblem', () => {
  it('names a regular expression that matches every text, and leaves one that can fail', () => {
    for (const source of ['/refund|/', '/(coupon)*/', '/^/', '/x?/i']) expect(matchesEverythingProblem(textPattern(source)), source).toMatch(/matches every text/);
    for (const source of ['/^(low|medium|high|)$/', '/coupon/', 'plain text', '/^.*$/']) expect(matchesEverythingProblem(textPattern(source)), source).toBeUndefined();
  });
});

describe('textPattern', () => {
  it('compares texts in NFC: an accent typed as one character matches one recorded as two', () => {
    expect(textPattern('Jos\u00e9').test('Jose\u0301')).toBe(true);
    expect(textPattern('JOS\u00c9', { ignoreCase: true }).test('jose\u0301')).toBe(true);
  });
});

describe('caseFilters', () => {
  it('gives every case the filter filterFor gives it', () => {
    const names = ['coupon', 'coupon retry', 'a.c', 'abc', '/x/', 'price (EUR) [beta]'];
    const filterOf = caseFilters(names);
    for (const name of names) expect(filterOf(name), name).toBe(filterFor(name, names));
  });

  it('reads the names of a suite of thousands of cases once, not once per case', () => {
    const names = Array.from({ length: 2000 }, (_, index) => `case ${index}`);
    let reads = 0;
    // Every name read from the list counts: a check case by case reads them all for each case.
    const counted = new Proxy(names, {
      get(target, key, receiver) {
        if (typeof key === 'string' && /^\d+$/.test(key)) reads++;
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    const filterOf = caseFilters(counted);
    const filters = names.map((name) => filterOf(name));
    expect(filters[1]).toBe('/^case 1$/');
    expect(filters[1999]).toBe('case 1999');
    expect(reads).toBeLessThanOrEqual(names.length * 3);
  });
});

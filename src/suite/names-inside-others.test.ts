import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { namesInsideOthers } from './names-inside-others.js';

/** The question asked name by name: what the one pass must answer. */
const naive = (names: readonly string[]) => new Set(names.filter((name) => names.some((other) => other !== name && other.includes(name))));

describe('namesInsideOthers', () => {
  it('names the names that stand inside another name, not the name itself', () => {
    expect([...namesInsideOthers(['coupon', 'coupon retry', 'retry', 'a.c', 'abc', 'case 1', 'case 10', 'case 10'])].sort()).toEqual(['case 1', 'coupon', 'retry']);
  });

  it('finds a name inside the end, the middle or the start of another, and a name inside a name inside another', () => {
    expect([...namesInsideOthers(['xyzab', 'ab', 'b', 'yza', 'zz'])].sort()).toEqual(['ab', 'b', 'yza']);
  });

  it('answers as checking every name against every other does', () => {
    const alphabet = fc.constantFrom('a', 'b', 'c', ' ', 'é', '\u{1F600}');
    const name = fc.array(alphabet, { minLength: 0, maxLength: 6 }).map((characters) => characters.join(''));
    fc.assert(
      fc.property(fc.array(name, { maxLength: 30 }), (names) => {
        expect(namesInsideOthers(names)).toEqual(naive(names));
      }),
      { numRuns: 500 },
    );
  });
});

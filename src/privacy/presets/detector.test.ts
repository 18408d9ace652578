import { describe, expect, it } from 'vitest';
import { matchesOf, spansOf } from './detector.js';

describe('matchesOf', () => {
  it('finds what matchAll finds, and leaves the regex at lastIndex 0', () => {
    const regex = /\d+/g;
    const text = 'a1 b22 c333';
    expect(matchesOf(regex, text).map((match) => [match.index, match[0]])).toEqual([...text.matchAll(regex)].map((match) => [match.index, match[0]]));
    expect(regex.lastIndex).toBe(0);
  });

  it('moves on by one character after an empty match, as matchAll does', () => {
    const regex = /x*/g;
    expect(matchesOf(regex, 'axxb').map((match) => [match.index, match[0]])).toEqual([...'axxb'.matchAll(regex)].map((match) => [match.index, match[0]]));
  });

  it('starts from the beginning whatever lastIndex the regex was left at', () => {
    const regex = /b/g;
    regex.lastIndex = 5;
    expect(spansOf(regex, 'abcab')).toEqual([
      { start: 1, end: 2 },
      { start: 4, end: 5 },
    ]);
  });
});

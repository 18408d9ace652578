import { describe, expect, it } from 'vitest';
import { TextFacts } from './text-facts.js';

describe('TextFacts', () => {
  it('counts digits, @, dots, colons and equal signs in one pass', () => {
    const facts = new TextFacts('a@b.c, 10.0.0.1:8080 x=1 € ٣');
    expect({ digits: facts.digits, ats: facts.ats, dots: facts.dots, colons: facts.colons, equalSigns: facts.equalSigns }).toEqual({ digits: 10, ats: 1, dots: 4, colons: 1, equalSigns: 1 });
  });

  it('counts nothing in a text without those characters', () => {
    const facts = new TextFacts('Revenue overview — Metricly');
    expect({ digits: facts.digits, ats: facts.ats, dots: facts.dots, colons: facts.colons, equalSigns: facts.equalSigns }).toEqual({ digits: 0, ats: 0, dots: 0, colons: 0, equalSigns: 0 });
  });

  it('finds the runs of digit groups once, for every preset that asks', () => {
    const facts = new TextFacts('call (415) 555-0100 or 4111 1111 1111 1111');
    expect(facts.digitRuns.map((run) => run.groups.length)).toEqual([3, 4]);
    expect(facts.digitRuns).toBe(facts.digitRuns);
  });
});

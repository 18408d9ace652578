// A resumed run accepts the lines made the way it would make them, and lines that record nothing.

import { describe, expect, it } from 'vitest';
import { describeRun, lineOfOtherRun, sameRun } from './line-run.js';
import type { ResultLine } from './result-line.js';

const run = { profile: 'profiles/a.yaml', profile_sha256: '0123456789abcdef'.repeat(4), provider: 'gemini', model: 'gemini-2.5-flash' };
const line = (file: string, extra: object = {}): ResultLine => ({ file, error: { code: 'model_error', message: '503' }, ...extra });

describe('line runs', () => {
  it('counts the same profile bytes under another path as the same setup, and nothing else', () => {
    expect(sameRun(run, { ...run, profile: 'moved/a.yaml' })).toBe(true);
    expect(sameRun(run, { ...run, profile_sha256: 'f'.repeat(64) })).toBe(false);
    expect(sameRun(run, { ...run, provider: 'openai' })).toBe(false);
    expect(sameRun(run, { ...run, model: 'gemini-2.5-pro' })).toBe(false);
  });

  it('counts other privacy rules, or rules against none, as another setup, when both lines record them', () => {
    const rules = { ...run, privacy_sha256: 'a'.repeat(64) };
    expect(sameRun(rules, { ...run, privacy_sha256: 'a'.repeat(64) })).toBe(true);
    expect(sameRun(rules, { ...run, privacy_sha256: 'b'.repeat(64) })).toBe(false);
    expect(sameRun(rules, { ...run, privacy_sha256: null })).toBe(false);
    expect(sameRun({ ...run, privacy_sha256: null }, { ...run, privacy_sha256: null })).toBe(true);
    // A line of a version that did not record the rules: unknown, accepted.
    expect(sameRun(rules, run)).toBe(true);
  });

  it('finds the first line made otherwise, accepting lines that record no setup', () => {
    const other = line('b.json', { run: { ...run, model: 'gemini-2.5-pro' } });
    expect(lineOfOtherRun([line('old.json'), line('a.json', { run }), other, line('c.json', { run: { ...run, provider: 'x' } })], run)).toBe(other);
    expect(lineOfOtherRun([line('old.json'), line('a.json', { run })], run)).toBeUndefined();
  });

  it('describes a setup with a short hash', () => {
    expect(describeRun(run)).toBe('profiles/a.yaml (sha256 0123456789ab…) on gemini/gemini-2.5-flash');
    expect(describeRun({ ...run, privacy_sha256: null })).toBe('profiles/a.yaml (sha256 0123456789ab…) on gemini/gemini-2.5-flash');
    expect(describeRun({ ...run, privacy_sha256: 'fedcba9876543210'.repeat(4) })).toBe('profiles/a.yaml (sha256 0123456789ab…) on gemini/gemini-2.5-flash with privacy rules (sha256 fedcba987654…)');
  });
});

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

  it('finds the first line made otherwise, accepting lines that record no setup', () => {
    const other = line('b.json', { run: { ...run, model: 'gemini-2.5-pro' } });
    expect(lineOfOtherRun([line('old.json'), line('a.json', { run }), other, line('c.json', { run: { ...run, provider: 'x' } })], run)).toBe(other);
    expect(lineOfOtherRun([line('old.json'), line('a.json', { run })], run)).toBeUndefined();
  });

  it('describes a setup with a short hash', () => {
    expect(describeRun(run)).toBe('profiles/a.yaml (sha256 0123456789ab…) on gemini/gemini-2.5-flash');
  });
});

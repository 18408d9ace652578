import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { flatString } from './flat-string.js';

const REPOSITORY = fileURLToPath(new URL('../..', import.meta.url));

describe('flatString', () => {
  it('keeps the characters', () => {
    for (const text of ['', 'a', 'ab', `Write to ${'[email]'} about it`, 'Grüße — ✓ 👋']) expect(flatString(text)).toBe(text);
  });

  it('makes every string redaction puts into a session flat, as V8 judges it (a rope slows later renders, with or without rules)', () => {
    // V8 tells a flat string from a rope only under --allow-natives-syntax: a process of its own.
    const run = spawnSync(process.execPath, ['--allow-natives-syntax', '--import', 'tsx', 'test/support/string-shapes.ts'], { cwd: REPOSITORY, encoding: 'utf8', timeout: 60_000 });
    expect(run.stderr).toBe('');
    const report = JSON.parse(run.stdout) as { redactSession: { value: string; flat: boolean }[]; prepare: { value: string; flat: boolean }[]; control: { rope: boolean; flat: boolean } };
    expect(report.control).toEqual({ rope: false, flat: true });
    expect(report.redactSession.map(({ value }) => value)).toEqual([
      '[email]:session-0001',
      'Write to [email] about the renewal before the end of the month',
      'Unauthorized — Bearer [secret] from [ip]',
      'https://shop.test/account?email=[email]&step=2',
    ]);
    expect(report.prepare).toEqual(report.redactSession);
    expect(report.redactSession.filter(({ flat }) => !flat)).toEqual([]);
  });
});

// Numbers on the command line are plain decimal digits in every command: a value Number() would
// also read (`''` and `' '` as 0, `1e2`, `0x10`, `2.0`) is a usage error, never a setting.

import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './support/run-cli.js';

const REPOSITORY = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PROFILE = path.join(REPOSITORY, 'profiles', 'plain-summary.yaml');
const SESSIONS = path.join(REPOSITORY, 'sessions-fixtures');

let work: string;
beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'recap-numbers-'));
});

const SLIPS = ['', ' ', '1e2', '0x10', '2.0'];

describe('numeric flags', () => {
  it.each(SLIPS)('recap admin org create --server-event-quota %j is a usage error, not a quota of 0 or of another number', async (value) => {
    const result = await runCli(['admin', 'org', 'create', 'acme', '--data-center', 'na1', '--server-event-quota', value, '--data-dir', path.join(work, 'data')], { cwd: work });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`--server-event-quota: expected a whole number, got "${value}"`);
    expect(result.stdout).toBe('');
  });

  it.each(SLIPS)('recap run --concurrency %j is a usage error before any session runs', async (value) => {
    const result = await runCli(['run', PROFILE, SESSIONS, '--output', 'results.jsonl', '--concurrency', value], { cwd: work });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`--concurrency: expected a whole number from 1 to 256, got ${JSON.stringify(value)}`);
  });

  it.each(SLIPS)('recap report --min-sessions %j is a usage error', async (value) => {
    const result = await runCli(['report', 'results.jsonl', '--min-sessions', value], { cwd: work });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`--min-sessions: expected a whole number of at least 1, got ${JSON.stringify(value)}`);
  });

  it.each(SLIPS)('recap serve --port %j is a usage error, not a free port', async (value) => {
    const result = await runCli(['serve', '--port', value, '--data-dir', path.join(work, 'data')], { cwd: work });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`--port: expected 0..65535, got ${value}`);
  });

  it.each(['', ' ', '1e2', '0x10', '-1', '0', '0.0'])('recap serve --retention-days %j is a usage error, not a retention window', async (value) => {
    const result = await runCli(['serve', '--retention-days', value, '--data-dir', path.join(work, 'data')], { cwd: work });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`--retention-days: expected a positive number of days in decimal digits (such as 90 or 0.5), got "${value}"`);
  });

  it.each(['', ' ', '1e3', '0x10', '-1', '2.0', '600001'])('recap serve --drain-ms %j is a usage error, not a drain time', async (value) => {
    const result = await runCli(['serve', '--drain-ms', value, '--data-dir', path.join(work, 'data')], { cwd: work });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`--drain-ms: expected whole milliseconds from 0 to 600000, got "${value}"`);
  });

  it.each(['notaurl', 'localhost:8080', 'ftp://files.example', 'https://app.example/?org=1', 'https://app.example/#top'])(
    'recap serve --app-url %j is a usage error, not the start of every session link',
    async (value) => {
      const result = await runCli(['serve', '--app-url', value, '--data-dir', path.join(work, 'data')], { cwd: work });
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(`--app-url: expected an http or https address without a query or fragment (such as https://app.example.com), got "${value}"`);
    },
  );

  it('takes plain decimal digits', async () => {
    const created = await runCli(['admin', 'org', 'create', 'globex', '--data-center', 'eu1', '--server-event-quota', '0100', '--data-dir', path.join(work, 'data'), '--json'], { cwd: work });
    expect(created.code).toBe(0);
    expect(JSON.parse(created.stdout)).toMatchObject({ server_event_quota: 100 });
    const ran = await runCli(['run', PROFILE, SESSIONS, '--output', 'results.jsonl', '--concurrency', '16'], { cwd: work });
    expect(ran.code).toBe(0);
    expect((await runCli(['report', 'results.jsonl', '--min-sessions', '3'], { cwd: work })).code).toBe(0);
  });
});

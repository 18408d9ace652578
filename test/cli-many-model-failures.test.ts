// A many-session run whose model misbehaves, against the local stand-in of the Gemini API: a
// dropped connection is retried (never a stop of the whole run), a request never answered is
// abandoned after RECAP_MODEL_TIMEOUT_MS and retried, and a run the model stops still prints its
// --json summary. In-process.

import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { geminiError, startGeminiStandIn, type GeminiStandIn } from './support/gemini-stand-in.js';
import { DROPPED_CONNECTION, NO_ANSWER } from './support/recording-server.js';
import { runCli } from './support/run-cli.js';
import { writeSessionFolder } from './support/session-folder.js';

const PROFILE = path.join(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..'), 'profiles', 'plain-summary.yaml');

let work: string;
let standIn: GeminiStandIn;
let env: Record<string, string>;

const generateRequests = () => standIn.requests.filter((request) => request.path.includes(':generateContent')).length;
const QUOTA = geminiError(429, 'Quota exceeded for metric generate_content_free_tier_requests.', { details: [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '3600s' }] });
const lines = async () => (await readFile(path.join(work, 'r.jsonl'), 'utf8').catch(() => '')).split('\n').filter((line) => line !== '');

beforeEach(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'recap-many-model-'));
  await writeSessionFolder(path.join(work, 'many'), { count: 5, events: 10 });
  standIn = await startGeminiStandIn({ apiKey: 'test-key' });
  env = { GEMINI_API_KEY: 'test-key', GOOGLE_GEMINI_BASE_URL: standIn.url };
});

afterEach(async () => standIn.close());

describe('a many-session run and its model', () => {
  it('retries a connection the model dropped mid-run: every session gets its result, the run goes on', async () => {
    let generate = 0;
    standIn.setHandler((request) => (request.path.includes(':generateContent') && ++generate === 3 ? DROPPED_CONNECTION : undefined));
    const run = await runCli(['run', PROFILE, 'many/', '--output', 'r.jsonl', '--concurrency', '1', '--json'], { cwd: work, env });
    expect(run.stderr).not.toContain('stopped');
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ sessions: 5, ran: 5, ok: 5, failed: 0 });
    expect(generateRequests()).toBe(6);
    expect((await readFile(path.join(work, 'r.jsonl'), 'utf8')).trim().split('\n')).toHaveLength(5);
  });

  it('abandons a request without an answer within RECAP_MODEL_TIMEOUT_MS and retries it', { timeout: 20_000 }, async () => {
    standIn.enqueue(NO_ANSWER);
    const run = await runCli(['run', PROFILE, 'many/session-0001.json', 'many/session-0002.json', '--output', 'r.jsonl', '--concurrency', '1', '--json'], {
      cwd: work,
      env: { ...env, RECAP_MODEL_TIMEOUT_MS: '50' },
    });
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ ran: 2, ok: 2 });
    expect(generateRequests()).toBe(3);
  });

  it('refuses a RECAP_MODEL_TIMEOUT_MS that is not a whole number of milliseconds', async () => {
    const run = await runCli(['run', PROFILE, 'many/', '--output', 'r.jsonl'], { cwd: work, env: { ...env, RECAP_MODEL_TIMEOUT_MS: '2m' } });
    expect(run.code).toBe(2);
    expect(run.stderr).toBe('error: RECAP_MODEL_TIMEOUT_MS: expected a whole number of milliseconds of at least 1, got "2m"\n');
  });

  it('stops when the model asks for a longer wait than it retries after (a spent daily quota), leaving the rest to a resume', async () => {
    let generate = 0;
    standIn.setHandler((request) => (request.path.includes(':generateContent') && ++generate === 3 ? QUOTA : undefined));
    const run = await runCli(['run', PROFILE, 'many/', '--output', 'r.jsonl', '--concurrency', '1', '--json'], { cwd: work, env });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('(not retried: the server asked to wait 3,600 s, longer than the 60 s recap waits at most; try again later)');
    expect(run.stderr).toContain('stopped: the model asked to wait 3,600 s before another request, and every session would meet the same answer; 2 line(s) written to r.jsonl: run the same command again after the wait to resume');
    expect(JSON.parse(run.stdout)).toMatchObject({ interrupted: true, sessions: 5, ran: 2, ok: 2, failed: 0 });
    // One request met the quota; no session after it asked.
    expect(generateRequests()).toBe(3);
    expect((await readFile(path.join(work, 'r.jsonl'), 'utf8')).trim().split('\n')).toHaveLength(2);

    const resumed = await runCli(['run', PROFILE, 'many/', '--output', 'r.jsonl', '--concurrency', '1', '--json'], { cwd: work, env });
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(JSON.parse(resumed.stdout)).toMatchObject({ sessions: 3, ran: 3, ok: 3, skipped: 2 });
  });

  it('stops at a spent quota met on the last retry too: the session that met it writes no line', async () => {
    // A per-minute limit (429, retry after 0 s) six times, then the daily quota is spent.
    let generate = 0;
    standIn.setHandler((request) => {
      if (!request.path.includes(':generateContent')) return undefined;
      return ++generate <= 6 ? geminiError(429, 'Rate limit.', { headers: { 'retry-after': '0' } }) : QUOTA;
    });

    const run = await runCli(['run', PROFILE, 'many/', '--output', 'r.jsonl', '--concurrency', '1', '--json'], { cwd: work, env });

    expect(run.code).toBe(1);
    expect(run.stderr).toContain('(retried 6 times: the server asked to wait 3,600 s, longer than the 60 s recap waits at most; try again later)');
    expect(JSON.parse(run.stdout)).toMatchObject({ interrupted: true, sessions: 5, ran: 0, failed: 0 });
    expect(await lines()).toEqual([]);
    expect(generate).toBe(7);
  });

  it('with sessions in flight (concurrency 4): none writes a line, and the resume runs all five', async () => {
    let generate = 0;
    standIn.setHandler((request) => (request.path.includes(':generateContent') && ++generate === 1 ? QUOTA : request.path.includes(':generateContent') ? NO_ANSWER : undefined));

    const run = await runCli(['run', PROFILE, 'many/', '--output', 'r.jsonl', '--concurrency', '4', '--json'], { cwd: work, env });

    expect(run.code).toBe(1);
    expect(run.stderr).toContain('stopped: the model asked to wait 3,600 s before another request');
    expect(JSON.parse(run.stdout)).toMatchObject({ interrupted: true, sessions: 5, ran: 0, ok: 0, failed: 0 });
    expect(await lines()).toEqual([]);

    standIn.setHandler(undefined);
    const resumed = await runCli(['run', PROFILE, 'many/', '--output', 'r.jsonl', '--concurrency', '4', '--json'], { cwd: work, env });
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(JSON.parse(resumed.stdout)).toMatchObject({ sessions: 5, ran: 5, ok: 5, failed: 0 });
    expect(await lines()).toHaveLength(5);
  });
  it('prints the --json summary when the model stops the run (model_unavailable), with exit 2', async () => {
    const run = await runCli(['run', PROFILE, 'many/', '--output', 'r.jsonl', '--concurrency', '1', '--json'], { cwd: work, env: { ...env, GEMINI_API_KEY: 'wrong-key' } });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('stopped: the model cannot summarise these sessions (model_unavailable)');
    expect(JSON.parse(run.stdout)).toMatchObject({ output: 'r.jsonl', interrupted: true, sessions: 5, ran: 0, ok: 0, failed: 0, skipped: 0 });
  });
});

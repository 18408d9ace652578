// `recap run` over many sessions and `recap report`, as users run them: a folder with broken
// files, a run killed half-way (SIGKILL, a real process) and resumed, 429s with Retry-After, a dry
// run's token counts, and the report of the results.

import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { geminiAnswer, geminiError, startGeminiStandIn, type GeminiStandIn } from './support/gemini-stand-in.js';
import { runCli } from './support/run-cli.js';
import { writeSessionFolder, type SessionFolder } from './support/session-folder.js';

const REPOSITORY = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BIN = path.join(REPOSITORY, 'bin', 'recap.js');
const PROFILE = path.join(REPOSITORY, 'profiles', 'plain-summary.yaml');

let standIn: GeminiStandIn;
let work: string;
let folder: SessionFolder;
const env = () => ({ GEMINI_API_KEY: 'stand-in', GOOGLE_GEMINI_BASE_URL: standIn.url, PATH: process.env.PATH ?? '' });

const generateCalls = () => standIn.requests.filter((request) => request.path.includes(':generateContent'));

function readLines(file: string): Record<string, unknown>[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

beforeAll(async () => {
  standIn = await startGeminiStandIn();
  work = mkdtempSync(path.join(tmpdir(), 'recap-many-cli-'));
  folder = await writeSessionFolder(path.join(work, 'sessions'), { count: 24, broken: 3, events: 30 });
});
afterAll(async () => {
  await standIn.close();
});

describe('recap run over many sessions', () => {
  it('refuses many sessions without --output, with a hint', async () => {
    const run = await runCli(['run', PROFILE, 'sessions'], { cwd: work, env: env() });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('27 sessions: the results of many sessions go to a file, not the terminal');
    expect(run.stderr).toContain('hint: add --output results.jsonl');
  });

  it('dry-runs many sessions: each token count, the total and the cost, no model call', async () => {
    standIn.requests.length = 0;
    const run = await runCli(['run', PROFILE, 'sessions/session-000*.json', '--dry-run'], { cwd: work, env: env() });
    expect(run.code).toBe(0);
    const rows = run.stdout.split('\n').filter((line) => line.includes('sessions/session-'));
    expect(rows).toHaveLength(9);
    expect(rows[0]).toMatch(/^~\s*[\d,]+ {2}sessions\/session-0001\.json \(u-1:s-1\)$/);
    const total = rows.reduce((sum, row) => sum + Number(/~\s*([\d,]+)/.exec(row)?.[1]?.replace(/,/g, '')), 0);
    expect(run.stdout).toContain(`total     ~${total.toLocaleString('en-US')} prompt tokens (estimate) over 9 session(s)`);
    expect(run.stdout).toMatch(/cost {6}≈ \$0\.\d+ on gemini-2\.5-flash \(prompts only/);
    expect(standIn.requests).toHaveLength(0);
  });

  it('is killed half-way, resumed, and has every session exactly once', async () => {
    standIn.requests.length = 0;
    let answered = 0;
    // Slow answers, so that the kill lands mid-run.
    standIn.setHandler(async () => {
      await new Promise((resolve) => setTimeout(resolve, 60));
      answered++;
      return undefined;
    });
    const output = path.join(work, 'results.jsonl');
    const child = spawn(process.execPath, [BIN, 'run', PROFILE, 'sessions', '--output', 'results.jsonl', '--concurrency', '3'], { cwd: work, env: env(), stdio: 'ignore' });
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    while (!existsSync(output) || readLines(output).filter((line) => 'result' in line).length < 8) await new Promise((resolve) => setTimeout(resolve, 20));
    child.kill('SIGKILL');
    await exited;
    const first = readLines(output);
    expect(first.length).toBeLessThan(27);
    const callsBefore = generateCalls().length;

    const resumed = await runCli(['run', PROFILE, 'sessions', '--output', 'results.jsonl', '--concurrency', '3'], { cwd: work, env: env() });
    expect(resumed.code).toBe(1);
    const firstResults = first.filter((line) => 'result' in line).length;
    expect(resumed.stderr).toContain(`resuming results.jsonl: ${firstResults} session(s) already have a result`);
    const lines = readLines(output);
    const results = lines.filter((line) => 'result' in line);
    // Every good session has exactly one result line; the broken ones have error lines.
    expect(results.map((line) => line.file).sort()).toEqual(folder.good);
    const errors = lines.filter((line) => 'error' in line);
    expect(new Set(errors.map((line) => line.file))).toEqual(new Set(folder.broken));
    expect(resumed.stdout).toContain(`ok        ${24 - firstResults}`);
    expect(resumed.stdout).toContain('failed    3 (invalid_session 3; fix or leave out the files behind invalid_session: a rerun meets them again)');
    // The resumed run asked the model only for the sessions without a result.
    expect(generateCalls().length - callsBefore).toBe(24 - firstResults);
    expect(answered).toBeGreaterThanOrEqual(24);

    // A third run has nothing left but the broken files.
    const third = await runCli(['run', PROFILE, 'sessions', '--output', 'results.jsonl', '--json'], { cwd: work, env: env() });
    expect(third.code).toBe(1);
    expect(JSON.parse(third.stdout)).toMatchObject({ output: 'results.jsonl', sessions: 3, ran: 3, ok: 0, failed: 3, failures: { invalid_session: 3 }, skipped: 24, interrupted: false });
    standIn.setHandler(undefined);
  }, 60_000);

  it('retries 429s with Retry-After, backs off its concurrency, and loses no session', async () => {
    standIn.requests.length = 0;
    standIn.enqueue(...Array.from({ length: 4 }, () => geminiError(429, 'Resource has been exhausted (e.g. check quota).', { headers: { 'retry-after': '0' } })));
    const run = await runCli(['run', PROFILE, 'sessions/session-001*.json', '--output', 'quota.jsonl', '--concurrency', '4'], { cwd: work, env: env() });
    expect(run.stderr).toContain('the model pushed back (429): concurrency 4 → 2');
    expect(run.code).toBe(0);
    const lines = readLines(path.join(work, 'quota.jsonl'));
    expect(lines).toHaveLength(10);
    expect(lines.every((line) => 'result' in line)).toBe(true);
    expect(generateCalls()).toHaveLength(14);
  });

  it('warns once the run ends that requests sent again after a lost connection may be billed twice', async () => {
    standIn.enqueue({ ...geminiAnswer('half an answer'), connection: 'cut' });
    const run = await runCli(['run', PROFILE, 'sessions/session-0002.json', 'sessions/session-0003.json', '--output', 'cut.jsonl', '--concurrency', '1'], { cwd: work, env: env() });
    expect(run.code, run.stderr).toBe(0);
    expect(readLines(path.join(work, 'cut.jsonl')).every((line) => 'result' in line)).toBe(true);
    expect(run.stderr).toContain('warning: 1 model request(s) were sent again after the connection was lost or no answer came in time');
  });

  it('writes a session that fails after the retries as an error line, and the next run retries it', async () => {
    standIn.requests.length = 0;
    standIn.setHandler(() => geminiError(500, 'Internal error encountered.', { headers: { 'retry-after': '0' } }));
    const failed = await runCli(['run', PROFILE, 'sessions/session-0001.json', '--output', 'fail.jsonl'], { cwd: work, env: env() });
    expect(failed.code).toBe(1);
    expect(readLines(path.join(work, 'fail.jsonl'))).toEqual([
      expect.objectContaining({ session_id: 'u-1:s-1', file: 'sessions/session-0001.json', error: expect.objectContaining({ code: 'model_error' }) }),
    ]);
    standIn.setHandler(undefined);
    const retried = await runCli(['run', PROFILE, 'sessions/session-0001.json', '--output', 'fail.jsonl'], { cwd: work, env: env() });
    expect(retried.code).toBe(0);
    expect(retried.stderr).toContain('1 failed before and run again');
    expect(readLines(path.join(work, 'fail.jsonl')).at(-1)).toMatchObject({ session_id: 'u-1:s-1', result: expect.any(Object) });
  });
});

describe('recap report', () => {
  it('reports totals, failures and the patterns that recur in the sessions, in Markdown', async () => {
    const run = await runCli(['report', 'results.jsonl'], { cwd: work, env: env() });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('| sessions | 27 |');
    expect(run.stdout).toContain('| failed | 3 (invalid\\_session 3) |');
    expect(run.stdout).toContain('| invalid\\_session | 3 | 100.0 % | [sessions/broken-01.json](sessions/broken-01.json), [sessions/broken-02.json](sessions/broken-02.json), [sessions/broken-03.json](sessions/broken-03.json) |');
    expect(run.stdout).toMatch(/\| cost \| ≈ \$0\.\d+ \(gemini-2\.5-flash; price table estimate\) \|/);
    // The generator's stories share friction and pages: the same widget legend dead-clicked in
    // two sessions, most sessions ending on the explore page.
    const deadClicks = run.stdout.split('### Dead-clicked elements')[1]?.split('###')[0] ?? '';
    expect(deadClicks).toMatch(/\| div\.dashboard-grid div\.widget\\\[data-widget-id='w\\_rev01\\_\d'\\\] ul\.chart-legend li \| \d+ \| [2-9] \| \[u-\d+:s-\d+\]\(sessions\/session-\d+\.json\)/);
    const exits = run.stdout.split('### Pages where sessions end')[1] ?? '';
    expect(exits).toMatch(/^\| app\.metricly\.example\/brightline\/explore \| (\d+) \| \1 \| \[u-/m);
    // Broken files are failures, not sessions missing from the patterns.
    expect(run.stdout).not.toContain('Sessions not read for patterns');
    expect(run.stderr).toBe('');
  });

  it('checks every session the --summarize text cites', async () => {
    standIn.enqueue('Checkout fails for several users [u-1:s-1] [u-2:s-2], and [u-999:s-999] left early.');
    const run = await runCli(['report', 'results.jsonl', '--summarize'], { cwd: work, env: env() });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('the summary cites 1 session(s) not in the results: u-999:s-999');
    expect(run.stdout).toContain('## Summary');
    expect(run.stdout).toContain('> **Warning:** the summary cites 1 session(s) that are not in the results: `u-999:s-999`.');
    const prompt = generateCalls().at(-1)?.body?.contents?.[0]?.parts?.[0]?.text ?? '';
    expect(prompt).toContain('[u-1:s-1]');
    expect(prompt).toMatch(/- Pages where sessions end: app\.metricly\.example\/brightline\/explore \(\d+ times in \d+ sessions: \[u-/);
  });

  it('writes one self-contained HTML page', async () => {
    const run = await runCli(['report', 'results.jsonl', '--output', 'report.html'], { cwd: work, env: env() });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('wrote report.html: 27 sessions (3 failed)');
    const html = readFileSync(path.join(work, 'report.html'), 'utf8');
    expect(html).toContain('<svg');
    expect(html).not.toContain('<script');
    expect(html).toContain('href="sessions/session-0001.json"');
  });

  it('names a bad line of a results file', async () => {
    const run = await runCli(['report', 'sessions/session-0001.json'], { cwd: work, env: env() });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^sessions\/session-0001\.json:1: not a result line/);
  });
});

// A many-session run resumed, and its results reported, from another folder than the one it ran
// in: a line's file is the same file whatever folder each run ran in (run.cwd). Offline (the
// extractive model), in-process.

import { copyFile, mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeEach, describe, expect, it } from 'vitest';
import { runCli } from './support/run-cli.js';

const REPOSITORY = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const FIXTURES = ['checkout-abandon.json', 'multi-tab.json', 'anonymous-visitor.json'];

let work: string;
let project: string;

async function readLines(file: string): Promise<Record<string, unknown>[]> {
  return (await readFile(file, 'utf8'))
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

beforeEach(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'recap-many-folder-'));
  project = path.join(work, 'proj');
  await mkdir(path.join(project, 's'), { recursive: true });
  for (const name of FIXTURES) await copyFile(path.join(REPOSITORY, 'sessions-fixtures', name), path.join(project, 's', name));
  await copyFile(path.join(REPOSITORY, 'profiles', 'plain-summary.yaml'), path.join(project, 'plain-summary.yaml'));
});

describe('a run resumed from another folder', () => {
  it('finds every finished session from the folder above: nothing to run, nothing written', async () => {
    const first = await runCli(['run', 'plain-summary.yaml', 's/', '--output', 'results.jsonl'], { cwd: project });
    expect(first.code).toBe(0);
    expect((await readLines(path.join(project, 'results.jsonl')))[0]?.run).toMatchObject({ cwd: '.' });

    const again = await runCli(['run', 'proj/plain-summary.yaml', 'proj/s/', '--output', 'proj/results.jsonl'], { cwd: work });
    expect(again.code).toBe(0);
    expect(again.stdout).toBe('nothing to run: all 3 session(s) already have a result in proj/results.jsonl (read it with recap report proj/results.jsonl)\n');
    expect(await readLines(path.join(project, 'results.jsonl'))).toHaveLength(3);
    const json = await runCli(['run', 'proj/plain-summary.yaml', 'proj/s/', '--output', 'proj/results.jsonl', '--json'], { cwd: work });
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toMatchObject({ output: 'proj/results.jsonl', interrupted: false, sessions: 0, ran: 0, ok: 0, failed: 0, skipped: 3 });
  });

  it('finds them from the folder below, and runs only what is left, named from where it runs', async () => {
    const first = await runCli(['run', 'proj/plain-summary.yaml', 'proj/s/checkout-abandon.json', 'proj/s/multi-tab.json', '--output', 'proj/results.jsonl'], { cwd: work });
    expect(first.code).toBe(0);
    expect((await readLines(path.join(project, 'results.jsonl')))[0]?.run).toMatchObject({ cwd: '..' });

    const again = await runCli(['run', 'plain-summary.yaml', 's/', '--output', 'results.jsonl', '--json'], { cwd: project });
    expect(again.code).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({ sessions: 1, ran: 1, ok: 1, failed: 0, skipped: 2 });
    const lines = await readLines(path.join(project, 'results.jsonl'));
    expect(lines.map((line) => line.file)).toEqual(['proj/s/checkout-abandon.json', 'proj/s/multi-tab.json', 's/anonymous-visitor.json']);

    // The report counts each session once, from either folder.
    for (const [cwd, results] of [[project, 'results.jsonl'], [work, 'proj/results.jsonl']] as const) {
      const report = await runCli(['report', results, '--json'], { cwd });
      expect(report.code, cwd).toBe(0);
      expect(JSON.parse(report.stdout), cwd).toMatchObject({ totals: { sessions: 3, ok: 3, failed: 0 }, read: 3 });
    }
  });

  it('still tells a copy of a finished session in another file for a duplicate', async () => {
    await runCli(['run', 'plain-summary.yaml', 's/checkout-abandon.json', '--output', 'results.jsonl'], { cwd: project });
    await copyFile(path.join(project, 's', 'checkout-abandon.json'), path.join(project, 's', 'copy.json'));
    const again = await runCli(['run', 'proj/plain-summary.yaml', 'proj/s/checkout-abandon.json', 'proj/s/copy.json', '--output', 'proj/results.jsonl'], { cwd: work });
    expect(again.code).toBe(1);
    expect((await readLines(path.join(project, 'results.jsonl'))).at(-1)).toMatchObject({
      file: 'proj/s/copy.json',
      error: { code: 'duplicate_session', message: 'session u-1001:s-9001 already has a result, from proj/s/checkout-abandon.json' },
    });
  });
});

describe('recap report of lines written from two folders', () => {
  it('counts one session for one file, the last line winning, whatever folder each run ran in', async () => {
    const run = { profile: 'plain-summary.yaml', profile_sha256: 'a'.repeat(64), provider: 'extractive', model: 'extractive-v1', privacy_sha256: null };
    const failed = { session_id: 'u-1001:s-9001', file: 's/checkout-abandon.json', error: { code: 'model_error', message: '503' }, run: { ...run, cwd: '.' } };
    const ok = { session_id: 'u-1001:s-9001', file: 'proj/s/checkout-abandon.json', result: { summary: 'fine' }, tokens: { prompt: 1, output: 1, total: 2 }, model: 'extractive-v1', ms: 1, run: { ...run, cwd: '..' } };
    await writeFile(path.join(project, 'results.jsonl'), `${JSON.stringify(failed)}\n${JSON.stringify(ok)}\n`);
    for (const cwd of [project, work]) {
      const report = await runCli(['report', path.relative(cwd, path.join(project, 'results.jsonl')), '--json'], { cwd });
      expect(report.code, cwd).toBe(0);
      expect(JSON.parse(report.stdout), cwd).toMatchObject({ totals: { sessions: 1, ok: 1, failed: 0 }, read: 1, unread: [] });
    }
  });
});

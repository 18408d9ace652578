// Two many-session runs on one --output: the second is refused (exit 2, naming the file and the
// pid of the run that writes it) rather than summarise every session again; a lock left by a
// killed run is taken over. In-process, against the local stand-in of the Gemini API.

import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startGeminiStandIn, type GeminiStandIn } from './support/gemini-stand-in.js';
import { runCli } from './support/run-cli.js';
import { writeSessionFolder } from './support/session-folder.js';

const PROFILE = path.join(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..'), 'profiles', 'plain-summary.yaml');

let work: string;
let standIn: GeminiStandIn;
let env: Record<string, string>;

beforeEach(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'recap-many-lock-'));
  await writeSessionFolder(path.join(work, 'many'), { count: 3, events: 10 });
  standIn = await startGeminiStandIn({ apiKey: 'test-key' });
  env = { GEMINI_API_KEY: 'test-key', GOOGLE_GEMINI_BASE_URL: standIn.url };
});

afterEach(async () => standIn.close());

const lines = async () => (await readFile(path.join(work, 'r.jsonl'), 'utf8')).trim().split('\n');

describe('two runs on one results file', () => {
  it('refuses the second while the first runs, naming the file and the pid; the first goes on', async () => {
    let arrived!: () => void;
    const first = new Promise<void>((resolve) => (arrived = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let calls = 0;
    standIn.setHandler(async (request) => {
      if (!request.path.includes(':generateContent') || calls++ > 0) return undefined;
      arrived();
      await released;
      return undefined;
    });
    const running = runCli(['run', PROFILE, 'many/', '--output', 'r.jsonl', '--concurrency', '1'], { cwd: work, env });
    await first;

    const second = await runCli(['run', PROFILE, 'many/', '--output', 'r.jsonl'], { cwd: work, env });
    expect(second.code).toBe(2);
    expect(second.stderr).toBe(
      `error: --output r.jsonl: another recap run (pid ${process.pid}) is writing it; wait for it to end, or give another --output\n` +
        'hint: if no such run is going on (a run on another machine, a file recap did not write), remove r.jsonl.lock\n',
    );
    expect(second.stdout).toBe('');

    release();
    expect((await running).code).toBe(0);
    expect(calls).toBe(3);
    expect(await lines()).toHaveLength(3);
    expect(existsSync(path.join(work, 'r.jsonl.lock'))).toBe(false);
  });

  it('takes over the lock a killed run left, and removes it at the end', async () => {
    const gone = spawnSync(process.execPath, ['-e', '']).pid;
    await writeFile(path.join(work, 'r.jsonl.lock'), `${JSON.stringify({ pid: gone, host: hostname(), started: '2026-01-01T00:00:00.000Z' })}\n`);
    const run = await runCli(['run', PROFILE, 'many/', '--output', 'r.jsonl'], { cwd: work, env });
    expect(run.code).toBe(0);
    expect(await lines()).toHaveLength(3);
    expect(existsSync(path.join(work, 'r.jsonl.lock'))).toBe(false);
  });

  it('leaves the lock of a run on another machine alone, and says how to clear it', async () => {
    await writeFile(path.join(work, 'r.jsonl.lock'), `${JSON.stringify({ pid: 12, host: 'build-7' })}\n`);
    const run = await runCli(['run', PROFILE, 'many/', '--output', 'r.jsonl'], { cwd: work, env });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('error: --output r.jsonl: another recap run (pid 12 on build-7) is writing it;');
    expect(existsSync(path.join(work, 'r.jsonl'))).toBe(false);
    expect(standIn.requests).toHaveLength(0);
  });
});

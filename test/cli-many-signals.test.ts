// A many-session run stopped by a signal, as a real process: Ctrl-C (SIGINT), a CI job's timeout
// (SIGTERM) and a closed terminal (SIGHUP) each stop it the same way. The call under way is
// abandoned, the lines written stay, the lock is removed, the --json summary says
// `interrupted: true` and the exit code is 1, so that the same command resumes it.

import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startGeminiStandIn, type GeminiStandIn } from './support/gemini-stand-in.js';
import { writeSessionFolder } from './support/session-folder.js';

const REPOSITORY = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BIN = path.join(REPOSITORY, 'bin', 'recap.js');
const PROFILE = path.join(REPOSITORY, 'profiles', 'plain-summary.yaml');

let work: string;
let standIn: GeminiStandIn;
let release: () => void = () => undefined;

beforeEach(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'recap-many-signals-'));
  await writeSessionFolder(path.join(work, 'many'), { count: 3, events: 10 });
  standIn = await startGeminiStandIn({ apiKey: 'test-key' });
});

afterEach(async () => {
  release();
  await standIn.close();
});

describe('a many-session run stopped by a signal', () => {
  it.each(['SIGINT', 'SIGTERM', 'SIGHUP'] as const)('stops on %s: summary printed with interrupted: true, lock removed, exit 1', async (signal) => {
    const held = new Promise<void>((resolve) => (release = resolve));
    let arrived!: () => void;
    const firstCall = new Promise<void>((resolve) => (arrived = resolve));
    standIn.setHandler(async (request) => {
      if (!request.path.includes(':generateContent')) return undefined;
      arrived();
      await held;
      return undefined;
    });
    const child = spawn(process.execPath, [BIN, 'run', PROFILE, 'many/', '--output', 'r.jsonl', '--concurrency', '1', '--json'], {
      cwd: work,
      env: { PATH: process.env.PATH ?? '', GEMINI_API_KEY: 'test-key', GOOGLE_GEMINI_BASE_URL: standIn.url },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    await firstCall;
    expect(existsSync(path.join(work, 'r.jsonl.lock'))).toBe(true);
    child.kill(signal);
    const code = await exited;
    expect(stderr).toContain(`interrupted (${signal}): finishing the calls under way is skipped; run the same command again to resume`);
    expect(code).toBe(1);
    expect(JSON.parse(stdout)).toMatchObject({ output: 'r.jsonl', sessions: 3, interrupted: true });
    expect(existsSync(path.join(work, 'r.jsonl.lock'))).toBe(false);
  });
});

// Runs the built CLI (bin/recap.js) in a child process that SIGKILLs itself at a chosen change to
// the files under its working folder (test/support/kill-at-write.cjs), so that crash tests stop a
// command at every write it makes, deterministically, and then look at what it left.

import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPOSITORY = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const RECAP = path.join(REPOSITORY, 'bin', 'recap.js');
const KILL_HOOK = path.join(REPOSITORY, 'test', 'support', 'kill-at-write.cjs');

/** How the k-th change is cut: before it, or with half of its data written (a write cut short). */
export type KillMode = 'before' | 'torn';

export interface ChildRun {
  readonly status: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** A fresh folder under the system's temporary folder, by its real path (the hook compares paths). */
export function crashFolder(prefix: string): string {
  return realpathSync(mkdtempSync(path.join(tmpdir(), `recap-crash-${prefix}-`)));
}

function runRecap(argv: readonly string[], cwd: string, hook: Record<string, string>): ChildRun {
  const env = { PATH: process.env.PATH ?? '', HOME: cwd, NO_COLOR: '1', ...hook };
  const result = spawnSync(process.execPath, [RECAP, ...argv], { cwd, env, encoding: 'utf8' });
  return { status: result.status, signal: result.signal, stdout: result.stdout, stderr: result.stderr };
}

/** Runs `recap ...argv` in `cwd` to the end, and lists the changes it made under `cwd` (`<n> <operation> <path>`). */
export function changesMadeBy(argv: readonly string[], cwd: string): { readonly run: ChildRun; readonly changes: string[] } {
  const log = path.join(crashFolder('log'), 'changes.log');
  const run = runRecap(argv, cwd, { NODE_OPTIONS: `--require ${KILL_HOOK}`, RECAP_TEST_KILL_ROOT: cwd, RECAP_TEST_KILL_LOG: log });
  let changes: string[] = [];
  try {
    changes = readFileSync(log, 'utf8').trim().split('\n');
  } catch {
    // No change at all.
  }
  rmSync(path.dirname(log), { recursive: true, force: true });
  return { run, changes };
}

/** Runs `recap ...argv` in `cwd`, SIGKILLed at its `at`-th change under `cwd`. */
export function runKilledAt(argv: readonly string[], cwd: string, at: number, mode: KillMode): ChildRun {
  return runRecap(argv, cwd, { NODE_OPTIONS: `--require ${KILL_HOOK}`, RECAP_TEST_KILL_ROOT: cwd, RECAP_TEST_KILL_AT: String(at), RECAP_TEST_KILL_MODE: mode });
}

/** Every file under `folder` (hidden ones too) with its text, by path relative to it. */
export function filesUnder(folder: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    files[path.relative(folder, full)] = readFileSync(full, 'utf8');
  }
  return files;
}

/** The temporary files and markers a command left (hidden names ending in .tmp, lock copies). */
export function leftOvers(folder: string): string[] {
  return Object.keys(filesUnder(folder)).filter((file) => /\.tmp$|\.lock(\.|$)|\.recap-init-unfinished$/.test(file));
}

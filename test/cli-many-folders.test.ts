// What a session folder holds that a run cannot follow: a link whose session moved away, a
// subfolder it may not read. Each gets an unreadable_file line and the run exits 1, instead of
// "ran 1 of 1" and exit 0; `.JSON` files are sessions too, hidden folders are not. Offline.

import { spawnSync } from 'node:child_process';
import { chmod, copyFile, mkdir, mkdtemp, readFile, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeEach, describe, expect, it } from 'vitest';
import { runCli } from './support/run-cli.js';

const REPOSITORY = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PROFILE = path.join(REPOSITORY, 'profiles', 'plain-summary.yaml');
const fixture = (name: string) => path.join(REPOSITORY, 'sessions-fixtures', name);

let work: string;

async function readLines(): Promise<{ file: string; session_id?: string; error?: { code: string; message: string } }[]> {
  return (await readFile(path.join(work, 'r.jsonl'), 'utf8'))
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { file: string });
}

beforeEach(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'recap-many-folders-'));
  await mkdir(path.join(work, 's', '.archive'), { recursive: true });
  await copyFile(fixture('checkout-abandon.json'), path.join(work, 's', 'ok.json'));
  await copyFile(fixture('multi-tab.json'), path.join(work, 's', 'UPPER.JSON'));
  await copyFile(fixture('anonymous-visitor.json'), path.join(work, 's', '.archive', 'y.json'));
  await symlink('/nowhere/moved.json', path.join(work, 's', 'moved.json'));
});

/**
 * The built CLI as root without the capabilities that let it read any folder (setpriv, util-linux):
 * it then meets file modes as their owner does, wherever the repository lives.
 */
function runWithoutOverride(argv: readonly string[]): { code: number } {
  const result = spawnSync('setpriv', ['--bounding-set=-dac_override,-dac_read_search', process.execPath, path.join(REPOSITORY, 'bin', 'recap.js'), ...argv], { cwd: work, encoding: 'utf8', env: { PATH: process.env.PATH ?? '' } });
  if (result.error !== undefined) throw result.error;
  return { code: result.status ?? -1 };
}

describe('a session folder', () => {
  it('gives a link whose file is gone an unreadable_file line, runs .JSON files, leaves hidden folders out', async () => {
    const run = await runCli(['run', PROFILE, 's/', '--output', 'r.jsonl'], { cwd: work });
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('ran 3 of 3 session(s)');
    expect(run.stdout).toContain('failed    1 (unreadable_file 1;');
    const lines = await readLines();
    expect(lines.map((line) => [line.file, line.error?.code])).toEqual(
      expect.arrayContaining([
        ['s/ok.json', undefined],
        ['s/UPPER.JSON', undefined],
        ['s/moved.json', 'unreadable_file'],
      ]),
    );
    expect(lines.find((line) => line.file === 's/moved.json')?.error?.message).toBe('s/moved.json: is a link to /nowhere/moved.json, which does not exist');
    expect(lines.some((line) => line.file.includes('.archive'))).toBe(false);
  });

  // The superuser reads every folder whatever its mode: run as root (as on CI), the built CLI runs
  // without that power.
  it('gives a subfolder it may not read an unreadable_file line', async () => {
    await mkdir(path.join(work, 's', 'locked'));
    await copyFile(fixture('search-dead-clicks.json'), path.join(work, 's', 'locked', 'x.json'));
    await chmod(path.join(work, 's', 'locked'), 0o000);
    try {
      const argv = ['run', PROFILE, 's/', '--output', 'r.jsonl'];
      const run = process.getuid?.() === 0 ? runWithoutOverride(argv) : await runCli(argv, { cwd: work });
      expect(run.code).toBe(1);
      expect((await readLines()).find((line) => line.file === 's/locked')?.error).toEqual({
        code: 'unreadable_file',
        message: 's/locked: is a folder recap may not read (permission denied): the sessions in it are left out',
      });
    } finally {
      await chmod(path.join(work, 's', 'locked'), 0o755);
    }
  });
});

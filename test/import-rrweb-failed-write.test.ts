// `recap import rrweb --output FILE` whose write fails half way: the fixture of an earlier import
// stays whole. The CLI runs from the sources in a child process under a file size limit
// (`ulimit -f`), which makes its write fail as a full disk would, without mounting one.

import { spawnSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { shopVisitRecording } from '../src/import/test-recordings/shop-visit.js';
import { runCli } from './support/run-cli.js';

const REPOSITORY = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RECAP = path.join(REPOSITORY, 'scripts', 'recap.ts');
/** 512-byte blocks in sh's `ulimit -f` (1,024-byte ones in bash's): far below the big fixture. */
const SIZE_LIMIT_BLOCKS = 1_024;

describe('recap import rrweb --output FILE, when the write fails', () => {
  it('leaves the fixture of an earlier import whole, leaves no temporary file, exits 1 and names the file', async () => {
    const directory = await mkdtemp(path.join(tmpdir(), 'recap-import-write-'));
    const events = shopVisitRecording().events;
    await writeFile(path.join(directory, 'visit.json'), JSON.stringify(events));
    const last = events.at(-1)!.timestamp;
    // About 4 MB of custom events' properties: a fixture past the size limit.
    const big = [...events, ...Array.from({ length: 1_000 }, (_, index) => ({ type: 5, timestamp: last + index + 1, data: { tag: 'note', payload: { text: 'x'.repeat(4_000) } } }))];
    await writeFile(path.join(directory, 'big.json'), JSON.stringify(big));
    expect((await runCli(['import', 'rrweb', 'visit.json', '--output', 'fixture.json'], { cwd: directory })).code).toBe(0);
    const earlier = await readFile(path.join(directory, 'fixture.json'), 'utf8');

    const [recording, fixture] = [path.join(directory, 'big.json'), path.join(directory, 'fixture.json')];
    // From the repository, where `--import tsx` finds tsx.
    const limited = spawnSync('sh', ['-c', `ulimit -f ${SIZE_LIMIT_BLOCKS} && exec "$0" --import tsx "$1" import rrweb "$2" --output "$3"`, process.execPath, RECAP, recording, fixture], {
      cwd: REPOSITORY,
      env: { PATH: process.env.PATH ?? '', HOME: directory, TMPDIR: tmpdir() },
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(limited.stderr).toContain(`error: ${recording}: cannot write ${fixture}: EFBIG`);
    expect(limited.status).toBe(1);
    expect(await readFile(fixture, 'utf8')).toBe(earlier);
    expect((await readdir(directory)).sort()).toEqual(['big.json', 'fixture.json', 'visit.json']);
  }, 150_000);
});

import { mkdtemp, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { removeLeftTemporaries, removeLeftTemporariesOnce, temporaryFileFor } from './temporary-file.js';

describe('temporary files', () => {
  it('are hidden, beside their target, and name the process that writes them', () => {
    expect(temporaryFileFor('/p/report.md', 4242)).toMatch(/^\/p\/\.report\.md\.4242-[0-9a-f]{8}\.tmp$/);
  });

  it("removes those of processes that no longer run, and keeps a running process's and other files", async () => {
    const directory = await mkdtemp(path.join(tmpdir(), 'recap-temporary-'));
    const files = ['.a.json.4242-0a1b2c3d.tmp', '.b.txt.4343-0a1b2c3d.tmp', `.c.md.${process.pid}-0a1b2c3d.tmp`, 'a.json', '.hidden', 'x.4242-0a1b2c3d.tmp'];
    for (const file of files) await writeFile(path.join(directory, file), 'x');
    await removeLeftTemporaries(directory, (pid) => pid === 4343);
    expect((await readdir(directory)).sort()).toEqual(['.b.txt.4343-0a1b2c3d.tmp', `.c.md.${process.pid}-0a1b2c3d.tmp`, '.hidden', 'a.json', 'x.4242-0a1b2c3d.tmp']);
  });

  it('lists a folder once per process, however many files a command writes into it', async () => {
    const directory = await mkdtemp(path.join(tmpdir(), 'recap-temporary-'));
    // No process runs under a pid above Linux's largest.
    const left = '.a.json.99999999-0a1b2c3d.tmp';
    await writeFile(path.join(directory, left), 'x');
    await removeLeftTemporariesOnce(directory);
    expect(await readdir(directory)).toEqual([]);
    await writeFile(path.join(directory, left), 'x');
    await removeLeftTemporariesOnce(path.join(directory, '.'));
    expect(await readdir(directory)).toEqual([left]);
  });
});

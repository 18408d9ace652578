import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { InitConflictError, InitWriteError } from './init-error.js';
import type { InitFile } from './init-files.js';
import { createFileWhole } from '../files/create-file-whole.js';
import { writeInitFiles } from './write-init-files.js';

const file = (filePath: string, text: string): InitFile => ({ path: filePath, text, onlyWhenAbsent: false });

describe('writeInitFiles', () => {
  it('writes each file, making its folders', async () => {
    const directory = await mkdtemp(path.join(tmpdir(), 'recap-write-'));
    await writeInitFiles({ directory, files: [file('a/b/c.yaml', 'c'), file('d.json', 'd')], display: (name) => name });
    expect(await readFile(path.join(directory, 'a/b/c.yaml'), 'utf8')).toBe('c');
    expect(await readFile(path.join(directory, 'd.json'), 'utf8')).toBe('d');
  });

  it('does not overwrite a file that appeared after planning, and removes the files it wrote', async () => {
    const directory = await mkdtemp(path.join(tmpdir(), 'recap-write-'));
    await writeFile(path.join(directory, 'late.json'), 'theirs');
    const writing = writeInitFiles({
      directory,
      files: [file('first.yaml', 'ours'), file('late.json', 'ours')],
      display: (name) => `project/${name}`,
    });
    await expect(writing).rejects.toBeInstanceOf(InitConflictError);
    await expect(writing).rejects.toMatchObject({ files: ['project/late.json'] });
    expect(await readFile(path.join(directory, 'late.json'), 'utf8')).toBe('theirs');
    expect(await readdir(directory)).toEqual(['late.json']);
  });

  it('removes the files it wrote when a write fails (a full disk), and names the one that failed', async () => {
    const directory = await mkdtemp(path.join(tmpdir(), 'recap-write-'));
    const noSpace = Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28, syscall: 'write' });
    const writing = writeInitFiles({
      directory,
      files: [file('first.yaml', 'ours'), file('profiles/privacy.yaml', 'presets: [email, card]\n')],
      display: (name) => `project/${name}`,
      // The first file is written whole; the disk is full for the second.
      create: async (target, text) => {
        if (text !== 'ours') throw noSpace;
        await createFileWhole(target, text);
      },
    });
    await expect(writing).rejects.toBeInstanceOf(InitWriteError);
    await expect(writing).rejects.toMatchObject({
      file: 'project/profiles/privacy.yaml',
      syscall: 'write',
      message: 'project/profiles/privacy.yaml: ENOSPC: no space left on device, write; nothing was written',
    });
    expect(await readdir(directory, { recursive: true })).toEqual(['profiles']);
  });
});

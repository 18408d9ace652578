import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createFileWhole } from './create-file-whole.js';

const folder = () => mkdtemp(path.join(tmpdir(), 'recap-create-'));

describe('createFileWhole', () => {
  it('creates the file and leaves nothing else in its folder', async () => {
    const directory = await folder();
    await createFileWhole(path.join(directory, 'a.json'), '{}\n');
    expect(await readFile(path.join(directory, 'a.json'), 'utf8')).toBe('{}\n');
    expect(await readdir(directory)).toEqual(['a.json']);
  });

  it('never replaces a file: EEXIST, the file as it was, no temporary file left', async () => {
    const directory = await folder();
    await writeFile(path.join(directory, 'a.json'), 'theirs');
    await expect(createFileWhole(path.join(directory, 'a.json'), 'ours')).rejects.toMatchObject({ code: 'EEXIST' });
    expect(await readFile(path.join(directory, 'a.json'), 'utf8')).toBe('theirs');
    expect(await readdir(directory)).toEqual(['a.json']);
  });
});

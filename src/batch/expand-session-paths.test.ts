// The session arguments of a many-session run: folders walked for *.json in any case, hidden
// entries left out, and what cannot be followed (a folder that cannot be read, a link whose file
// is gone) listed, so that its line says why instead of the run leaving it out without a word.

import type { Dirent } from 'node:fs';
import { mkdir, mkdtemp, readdir, realpath, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { expandSessionPaths, expandSessionPathsWith, SessionPathError, type FolderReader } from './expand-session-paths.js';

let work: string;

beforeEach(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'recap-expand-'));
  await mkdir(path.join(work, 's', 'locked'), { recursive: true });
  await mkdir(path.join(work, 's', '.archive'));
  await mkdir(path.join(work, 's', 'deep', 'er'), { recursive: true });
  for (const file of ['s/ok.json', 's/locked/x.json', 's/.archive/y.json', 's/UPPER.JSON', 's/.hidden.json', 's/notes.txt', 's/deep/er/z.Json']) {
    await writeFile(path.join(work, file), '{}');
  }
  await symlink('/nowhere/moved.json', path.join(work, 's', 'moved.json'));
  await symlink('/nowhere/notes', path.join(work, 's', 'gone-notes'));
  // A link back up: walked once, not forever.
  await symlink('..', path.join(work, 's', 'deep', 'up'));
});

/** The real file system, except that the folders named in `locked` cannot be read. */
function lockedReader(...locked: string[]): FolderReader {
  return {
    readdir: async (folder): Promise<Dirent[]> => {
      if (locked.some((name) => folder === path.join(work, name))) throw Object.assign(new Error(`EACCES: permission denied, scandir '${folder}'`), { code: 'EACCES' });
      return readdir(folder, { withFileTypes: true });
    },
    stat,
    realpath,
  };
}

describe('expandSessionPaths', () => {
  it('lists every .json below a folder in any case, a link whose file is gone, never hidden entries', async () => {
    expect(await expandSessionPaths(['s'], work)).toEqual(['s/UPPER.JSON', 's/deep/er/z.Json', 's/locked/x.json', 's/moved.json', 's/ok.json']);
  });

  it('lists a subfolder that cannot be read as itself, so that its line says so', async () => {
    expect(await expandSessionPathsWith(['s/'], work, lockedReader('s/locked'))).toEqual(['s/UPPER.JSON', 's/deep/er/z.Json', 's/locked', 's/moved.json', 's/ok.json']);
  });

  it('lists a named folder that cannot be read as itself', async () => {
    expect(await expandSessionPathsWith(['s/locked'], work, lockedReader('s/locked'))).toEqual(['s/locked']);
  });

  it('refuses a folder without a session file, and a glob that matches nothing', async () => {
    await mkdir(path.join(work, 'empty', '.hidden'), { recursive: true });
    await writeFile(path.join(work, 'empty', '.hidden', 'a.json'), '{}');
    await expect(expandSessionPaths(['empty'], work)).rejects.toThrow(new SessionPathError('empty: the folder holds no .json session file'));
    await expect(expandSessionPaths(['none/*.json'], work)).rejects.toThrow('none/*.json: the pattern matches no file');
  });
});

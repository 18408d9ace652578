import { mkdir, mkdtemp, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findObstacles } from './find-obstacles.js';

const temporaryFolder = () => mkdtemp(path.join(tmpdir(), 'recap-obstacles-'));

describe('findObstacles', () => {
  it('finds nothing in an empty or missing folder', async () => {
    const directory = await temporaryFolder();
    expect(await findObstacles(directory, ['a/b.yaml', 'c.json'])).toEqual(new Map());
    expect(await findObstacles(path.join(directory, 'missing'), ['a/b.yaml'])).toEqual(new Map());
  });

  it('names an existing file, a folder and a dangling symlink at a file path', async () => {
    const directory = await temporaryFolder();
    await writeFile(path.join(directory, 'file.yaml'), 'x');
    await mkdir(path.join(directory, 'folder.yaml'));
    await symlink(path.join(directory, 'nowhere'), path.join(directory, 'link.yaml'));
    const obstacles = await findObstacles(directory, ['file.yaml', 'folder.yaml', 'link.yaml', 'free.yaml']);
    expect(obstacles).toEqual(new Map([['file.yaml', 'file.yaml'], ['folder.yaml', 'folder.yaml'], ['link.yaml', 'link.yaml']]));
  });

  it('names a parent that is a file instead of a folder', async () => {
    const directory = await temporaryFolder();
    await writeFile(path.join(directory, 'profiles'), 'not a folder');
    expect(await findObstacles(directory, ['profiles/x.yaml'])).toEqual(new Map([['profiles/x.yaml', 'profiles']]));
  });

  it('writes through a parent that is a symlink to a folder, unless the file is there', async () => {
    const directory = await temporaryFolder();
    const elsewhere = await temporaryFolder();
    await symlink(elsewhere, path.join(directory, 'profiles'));
    expect(await findObstacles(directory, ['profiles/x.yaml'])).toEqual(new Map());
    await writeFile(path.join(elsewhere, 'x.yaml'), 'x');
    expect(await findObstacles(directory, ['profiles/x.yaml'])).toEqual(new Map([['profiles/x.yaml', 'profiles/x.yaml']]));
  });
});

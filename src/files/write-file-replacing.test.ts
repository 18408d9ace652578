import { chmod, mkdtemp, readdir, readFile, rename, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeFileReplacing, type ReplacingFileSystem } from './write-file-replacing.js';

const folder = () => mkdtemp(path.join(tmpdir(), 'recap-replacing-'));
const noSpace = () => Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
const real: ReplacingFileSystem = { writeFile, chmod, rename, rm };

describe('writeFileReplacing', () => {
  it('replaces the file and leaves nothing else in its folder', async () => {
    const directory = await folder();
    const target = path.join(directory, 'visit.json');
    await writeFile(target, 'old');
    await writeFileReplacing(target, 'new');
    expect(await readFile(target, 'utf8')).toBe('new');
    expect(await readdir(directory)).toEqual(['visit.json']);
  });

  it('a write that fails half way (a full disk) leaves the earlier file whole, removes its temporary file and throws the error', async () => {
    const directory = await folder();
    const target = path.join(directory, 'visit.json');
    await writeFile(target, '{"id":"earlier"}');
    const halfWritten: ReplacingFileSystem = {
      ...real,
      writeFile: async (file, text) => {
        await writeFile(file, text.slice(0, 3));
        throw noSpace();
      },
    };
    await expect(writeFileReplacing(target, '{"id":"later, and much longer"}', halfWritten)).rejects.toThrow('ENOSPC');
    expect(await readFile(target, 'utf8')).toBe('{"id":"earlier"}');
    expect(await readdir(directory)).toEqual(['visit.json']);
  });

  it('a rename that fails leaves the earlier file and removes the temporary file', async () => {
    const directory = await folder();
    const target = path.join(directory, 'visit.json');
    await writeFile(target, 'old');
    const failing: ReplacingFileSystem = { ...real, rename: () => Promise.reject(Object.assign(new Error('EXDEV: cross-device link not permitted'), { code: 'EXDEV' })) };
    await expect(writeFileReplacing(target, 'new', failing)).rejects.toThrow('EXDEV');
    expect(await readFile(target, 'utf8')).toBe('old');
    expect(await readdir(directory)).toEqual(['visit.json']);
  });

  it('names the temporary file it could not remove after a failed write', async () => {
    const directory = await folder();
    const stuck: ReplacingFileSystem = { ...real, writeFile: () => Promise.reject(noSpace()), rm: () => Promise.reject(new Error('EIO')) };
    await expect(writeFileReplacing(path.join(directory, 'visit.json'), 'new', stuck)).rejects.toThrow(/^ENOSPC: no space left on device, write \(and the temporary file .*\.visit\.json\..*\.tmp could not be removed\)$/);
  });

  it('keeps the permissions of the file it replaces, and replaces the file a link points to', async () => {
    const directory = await folder();
    const target = path.join(directory, 'private.json');
    await writeFile(target, 'old');
    await chmod(target, 0o600);
    await symlink(target, path.join(directory, 'link.json'));
    await writeFileReplacing(path.join(directory, 'link.json'), 'new');
    expect(await readFile(target, 'utf8')).toBe('new');
    expect((await stat(target)).mode & 0o777).toBe(0o600);
    expect(await readFile(path.join(directory, 'link.json'), 'utf8')).toBe('new');
    expect((await readdir(directory)).sort()).toEqual(['link.json', 'private.json']);
  });
});

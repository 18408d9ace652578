import { mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { watchFolders } from './watch-folders.js';

let directory: string;
let stop: (() => void | Promise<void>) | undefined;
beforeEach(async () => {
  directory = await mkdtemp(path.join(tmpdir(), 'recap-watch-'));
});
afterEach(async () => {
  await stop?.();
  await rm(directory, { recursive: true, force: true });
});

async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** What a reader that re-reads the file on every notification would last have seen. */
function reader(file: string) {
  const texts: string[] = [];
  const listener = (change: string, changed: string) => {
    if (changed === file && change !== 'unlink') texts.push(readFileSync(file, 'utf8'));
  };
  return { texts, listener };
}

describe('watchFolders', () => {
  it('sees a save by rename (a temporary file renamed over the profile), and the writes after it', async () => {
    const file = path.join(directory, 'profile.yaml');
    await writeFile(file, 'name: one\n');
    const { texts, listener } = reader(file);
    stop = watchFolders([directory], listener);
    await new Promise((resolve) => setTimeout(resolve, 200));
    // How vim (backupcopy=no), VS Code and many others save: the original inode is replaced.
    await writeFile(`${file}.tmp`, 'name: two\n');
    await rename(`${file}.tmp`, file);
    await until(() => texts.includes('name: two\n'), 'the renamed profile');
    await writeFile(file, 'name: three\n');
    await until(() => texts.at(-1) === 'name: three\n', 'the write after the rename');
  });

  it('ends on the last version when an editor writes twice in quick succession', async () => {
    const file = path.join(directory, 'profile.yaml');
    await writeFile(file, 'name: one\n');
    const { texts, listener } = reader(file);
    stop = watchFolders([directory], listener);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await writeFile(file, 'name: saved\n');
    await until(() => texts.length > 0, 'the first write');
    await writeFile(file, 'name: formatted\n');
    await until(() => texts.at(-1) === 'name: formatted\n', 'the second write');
    expect(await readFile(file, 'utf8')).toBe('name: formatted\n');
  });

  it('reports new files so the lists can grow', async () => {
    const seen: string[] = [];
    stop = watchFolders([directory], (change, changed) => seen.push(`${change} ${path.basename(changed)}`));
    await new Promise((resolve) => setTimeout(resolve, 200));
    await writeFile(path.join(directory, 'new.yaml'), 'name: new\n');
    await until(() => seen.includes('add new.yaml'), 'the new file');
  });
});

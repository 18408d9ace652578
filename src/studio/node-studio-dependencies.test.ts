import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { listFolder } from './node-studio-dependencies.js';

let directory: string | undefined;
afterEach(() => {
  if (directory !== undefined) rmSync(directory, { recursive: true, force: true });
});

describe('listFolder', () => {
  it('lists the files directly in a folder and the links to files in it, not those of its subfolders', async () => {
    directory = mkdtempSync(path.join(tmpdir(), 'recap-list-folder-'));
    const sessions = path.join(directory, 'sessions');
    const elsewhere = path.join(directory, 'elsewhere');
    mkdirSync(sessions);
    mkdirSync(elsewhere);
    mkdirSync(path.join(elsewhere, 'folder.json'));
    writeFileSync(path.join(sessions, 'real.json'), '{}');
    writeFileSync(path.join(elsewhere, 'target.json'), '{}');
    writeFileSync(path.join(sessions, 'notes.txt'), 'not a session');
    writeFileSync(path.join(sessions, '.hidden.json'), '{}');
    symlinkSync(path.join(elsewhere, 'target.json'), path.join(sessions, 'linked.json'));
    symlinkSync(path.join(elsewhere, 'gone.json'), path.join(sessions, 'broken.json'));
    symlinkSync(path.join(elsewhere, 'folder.json'), path.join(sessions, 'to-folder.json'));
    // An editor's lock file: a link to nowhere, hidden.
    symlinkSync('user@host.1234', path.join(sessions, '.#real.json'));
    mkdirSync(path.join(sessions, '2026-11'));
    writeFileSync(path.join(sessions, '2026-11', 'nested.json'), '{}');
    expect(await listFolder(sessions, ['.json'])).toEqual(['linked.json', 'real.json']);
  });
});

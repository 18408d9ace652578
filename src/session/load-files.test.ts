// Reading fixture and profile files: encodings editors really save.

import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadProfile } from '../profile/load-profile.js';
import { loadSession } from './load-session.js';

let directory: string;
beforeAll(async () => {
  directory = await mkdtemp(path.join(tmpdir(), 'recap-load-files-'));
});
afterAll(async () => rm(directory, { recursive: true, force: true }));

const fixture = JSON.stringify({ id: 'u-1:s-1', events: [{ type: 'navigate', timestamp: '2026-03-01T10:00:00Z', url: '/café' }] }, null, 2);
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

async function file(name: string, bytes: Buffer): Promise<string> {
  const target = path.join(directory, name);
  await writeFile(target, bytes);
  return target;
}

describe('loadSession', () => {
  it('reads a fixture saved with a UTF-8 byte order mark', async () => {
    const session = await loadSession(await file('bom.json', Buffer.concat([BOM, Buffer.from(fixture)])));
    expect(session.events[0]?.url).toBe('/café');
  });

  it('refuses a fixture that is not UTF-8, naming the file and the line, instead of replacing the bytes', async () => {
    const latin1 = await file('latin1.json', Buffer.from(fixture, 'latin1'));
    await expect(loadSession(latin1, { source: 'latin1.json' })).rejects.toThrow(
      'latin1.json: is not UTF-8 text (the first bytes that are not UTF-8 are on line 7); save it as UTF-8',
    );
  });
});

describe('loadProfile', () => {
  it('refuses a profile that is not UTF-8 at line 1, column 1 of the file', async () => {
    const latin1 = await file('latin1.yaml', Buffer.from('name: Résumé\n', 'latin1'));
    await expect(loadProfile(latin1, { source: 'latin1.yaml' })).rejects.toThrow(
      'latin1.yaml:1:1 is not UTF-8 text (the first bytes that are not UTF-8 are on line 1); save it as UTF-8',
    );
  });

  it('reads a profile saved with a byte order mark', async () => {
    expect(await loadProfile(await file('bom.yaml', Buffer.concat([BOM, Buffer.from('name: Résumé\n')])))).toMatchObject({ name: 'Résumé' });
  });
});

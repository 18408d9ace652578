// `recap admin key ...` end to end on SQLite: a key is named by its id or its name (an id wins),
// and a key name must be one a table row can show.

import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { runCli } from './support/run-cli.js';

let dataDir: string;
const admin = (...argv: string[]) => runCli(['admin', ...argv, '--data-dir', dataDir]);
const createKey = async (name: string, level = 'standard'): Promise<string> => {
  const created = await admin('key', 'create', '--org', 'globex', '--name', name, '--level', level, '--json');
  expect(created).toMatchObject({ code: 0, stderr: '' });
  return (JSON.parse(created.stdout) as { id: string }).id;
};
const listed = async () => JSON.parse((await admin('key', 'list', '--org', 'globex', '--json')).stdout) as { id: string; name: string; level: string; revoked: string | null }[];

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'recap-admin-keys-'));
  expect((await admin('org', 'create', 'globex', '--data-center', 'na1')).code).toBe(0);
});

describe('recap admin key revoke|update|delete --key <id or name>', () => {
  it('an exact id names that key even when other keys are named like it', async () => {
    const adminId = await createKey('ci', 'admin');
    await createKey('ci');
    const shadow = await createKey(adminId);
    const revoked = await admin('key', 'revoke', '--org', 'globex', '--key', adminId);
    expect(revoked.stderr).toBe('');
    expect(revoked.code).toBe(0);
    expect(revoked.stdout).toContain(`key ${adminId} ("ci") is revoked`);
    const keys = await listed();
    expect(keys.find((key) => key.id === adminId)?.revoked).not.toBeNull();
    expect(keys.find((key) => key.id === shadow)?.revoked).toBeNull();

    expect((await admin('key', 'update', '--org', 'globex', '--key', adminId, '--level', 'architect')).code).toBe(0);
    expect((await listed()).find((key) => key.id === adminId)?.level).toBe('architect');
    expect((await admin('key', 'delete', '--org', 'globex', '--key', adminId)).code).toBe(0);
    expect((await listed()).map((key) => key.id)).not.toContain(adminId);
    // The key named like the deleted id is reached by that name now that no id matches.
    expect((await admin('key', 'delete', '--org', 'globex', '--key', adminId)).stdout).toContain(`key ${shadow} `);
  });

  it('a name several keys share is refused with their ids, which then work', async () => {
    const first = await createKey('ci');
    const second = await createKey('ci');
    const ambiguous = await admin('key', 'revoke', '--org', 'globex', '--key', 'ci');
    expect(ambiguous.code).toBe(2);
    expect(ambiguous.stderr).toBe(`several keys of globex are named "ci" (ids ${first}, ${second}); name the key by its id\n`);
    expect((await admin('key', 'revoke', '--org', 'globex', '--key', second)).code).toBe(0);
  });
});

describe('recap admin key create --name', () => {
  it.each([
    ['an empty name', '', 'a key name cannot be empty (--name)'],
    ['a blank name', '   ', 'a key name cannot be empty (--name)'],
    ['a line break', 'ci\nADMIN  evil', 'a key name cannot hold line breaks, tabs or other control characters: "ci\\nADMIN  evil"'],
    ['terminal escapes', 'a\u001b]0;pwned\u0007', 'a key name cannot hold line breaks, tabs or other control characters: "a\\u001b]0;pwned\\u0007"'],
    ['5000 characters', 'x'.repeat(5000), 'a key name has at most 200 characters; this one has 5000'],
  ])('refuses %s with exit 2 and creates no key', async (_, name, message) => {
    const created = await admin('key', 'create', '--org', 'globex', '--name', name, '--level', 'standard');
    expect(created).toEqual({ code: 2, stdout: '', stderr: `${message}\n` });
    expect(await listed()).toEqual([]);
  });

  it('accepts a name of 200 characters, spaces and non-Latin letters, and refuses the same rules on key update', async () => {
    await createKey('y'.repeat(200));
    const id = await createKey('équipe données ✓');
    const renamed = await admin('key', 'update', '--org', 'globex', '--key', id, '--name', 'bad\tname');
    expect(renamed).toMatchObject({ code: 2, stderr: 'a key name cannot hold line breaks, tabs or other control characters: "bad\\tname"\n' });
    expect((await listed()).map((key) => key.name)).toEqual(['y'.repeat(200), 'équipe données ✓']);
  });
});

// `recap admin` and `recap serve` on a --data-dir that cannot hold the stores: a file, a file that
// is not a SQLite database, or (for every admin command but `org create`) a folder with no store
// file, such as a mistyped one. Each is exit 2 naming the path; nothing is created.

import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { runCli } from './support/run-cli.js';

let work: string;
beforeEach(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'recap-admin-data-dir-'));
});

const inWork = (argv: string[]) => runCli(argv, { cwd: work });

describe('a --data-dir that holds no stores', () => {
  it('is refused by every admin command but org create, which creates nothing there', async () => {
    for (const argv of [
      ['admin', 'key', 'list', '--org', 'acme'],
      ['admin', 'key', 'create', '--org', 'acme', '--name', 'ci', '--level', 'standard'],
      ['admin', 'sessions', 'import', '--org', 'acme', 'visit.json'],
    ]) {
      const run = await inWork([...argv, '--data-dir', 'tpyo']);
      expect(run.code).toBe(2);
      expect(run.stderr).toBe(
        'error: --data-dir tpyo: no recap data there (no na1.db or eu1.db); give the --data-dir that recap serve uses, or create an organisation first with recap admin org create <org> --data-center na1\n',
      );
      expect(existsSync(path.join(work, 'tpyo'))).toBe(false);
    }
    expect((await inWork(['admin', 'org', 'create', 'acme', '--data-center', 'na1', '--data-dir', 'data'])).code).toBe(0);
    expect((await readdir(path.join(work, 'data'))).sort()).toEqual(expect.arrayContaining(['eu1.db', 'na1.db']));
    expect((await inWork(['admin', 'key', 'list', '--org', 'acme', '--data-dir', 'data'])).code).toBe(0);
  });

  it('is a usage error naming the file when it is a file, or holds a file that is not a SQLite database', async () => {
    await writeFile(path.join(work, 'afile'), 'not a folder');
    const onFile = await inWork(['admin', 'org', 'create', 'acme', '--data-center', 'na1', '--data-dir', 'afile']);
    expect(onFile.code).toBe(2);
    expect(onFile.stderr).toBe(`error: cannot open the SQLite store ${path.join(work, 'afile', 'na1.db')}: the data folder ${path.join(work, 'afile')} (--data-dir) is a file, or lies under one\n`);
    await mkdir(path.join(work, 'junk'));
    await writeFile(path.join(work, 'junk', 'na1.db'), 'these bytes are no SQLite database, whatever their name says'.repeat(100));
    const notDatabase = await inWork(['admin', 'key', 'list', '--org', 'acme', '--data-dir', 'junk']);
    expect(notDatabase.code).toBe(2);
    expect(notDatabase.stderr).toBe(`error: cannot open the SQLite store ${path.join(work, 'junk', 'na1.db')}: ${path.join(work, 'junk', 'na1.db')} is not a SQLite database\n`);
    const serve = await inWork(['serve', '--port', '0', '--data-dir', 'afile']);
    expect(serve.code).toBe(2);
    expect(serve.stderr).toContain(`error: cannot open the SQLite store ${path.join(work, 'afile', 'na1.db')}: the data folder`);
  });
});

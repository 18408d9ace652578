import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, expect, test } from 'vitest';
import { sessionSearch } from '../migrations/sqlite/007-session-search.js';
import { sqliteMigrations } from '../migrations/sqlite-migrations.js';
import { expectSessionFactsBackfilled, SESSIONS_BEFORE_SEARCH_SQL } from '../test-support/expect-session-facts-backfill.js';
import { createSqliteStore } from './create-sqlite-store.js';

const root = await mkdtemp(path.join(tmpdir(), 'recap-sqlite-backfill-'));
afterAll(() => rm(root, { recursive: true, force: true }));

test('the session search migration computes the facts of the sessions already stored, with the server events that joined them', async () => {
  const file = path.join(root, 'store.db');
  // The schema as it was before the search facts (later migrations too would mark it newer).
  const before = sqliteMigrations.filter((migration) => migration.version < sessionSearch.version);
  await (await createSqliteStore({ file, dataCenter: 'na1', migrations: before })).close();
  const database = new Database(file);
  database.exec(SESSIONS_BEFORE_SEARCH_SQL);
  database.close();
  const store = await createSqliteStore({ file, dataCenter: 'na1' });
  try {
    await expectSessionFactsBackfilled(store);
    expect(await store.checkReady()).toEqual({ ready: true });
  } finally {
    await store.close();
  }
});

import { spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, test } from 'vitest';
import { expectVersionOneData, VERSION_ONE_MERGES_SQL } from '../test-support/expect-version-one-data.js';
import { organisation, user } from '../test-support/store-fixtures.js';
import { StoreMigrationError } from '../migrations/store-migration-error.js';
import { StoreUnavailableError } from '../store.js';
import type { Migration } from '../migrations/migration.js';
import { sqliteMigrations } from '../migrations/sqlite-migrations.js';
import { openStores } from '../open-stores.js';
import { describeStoreContract } from '../store-contract.js';
import { migrateStore } from '../migrations/migrate-store.js';
import { createSqliteStore } from './create-sqlite-store.js';
import { sqliteDialect } from './sqlite-dialect.js';

/** Migrates an open database as the store does when it opens; returns the versions applied. */
const migrateSqlite = (database: Database.Database, migrations: readonly Migration[]): Promise<number[]> => migrateStore(sqliteDialect(database, database), migrations);
const sqliteSchemaVersion = (database: Database.Database): number => database.prepare<[], number | null>('SELECT max(version) FROM schema_migrations').pluck().get() ?? 0;

const root = await mkdtemp(path.join(tmpdir(), 'recap-sqlite-store-'));
let files = 0;
const newFile = (): string => path.join(root, `store-${++files}.db`);
afterAll(() => rm(root, { recursive: true, force: true }));

describeStoreContract('SQLite', () => createSqliteStore({ file: newFile(), dataCenter: 'na1' }));

/** A migration only tests know: it shows an older database being brought forward. */
const newest = sqliteMigrations.length;
const addNotes: Migration = { version: newest + 1, name: 'add-notes', sql: 'CREATE TABLE notes (id TEXT PRIMARY KEY, body TEXT NOT NULL) STRICT;' };

describe('SQLite store', () => {
  test('the database file is in WAL mode, and rows of an unknown organisation are refused (foreign keys on)', async () => {
    const file = newFile();
    const store = await createSqliteStore({ file, dataCenter: 'eu1' });
    try {
      expect(store).toMatchObject({ kind: 'sqlite', dataCenter: 'eu1' });
      const raw = new Database(file, { readonly: true });
      expect(raw.pragma('journal_mode', { simple: true })).toBe('wal');
      raw.close();
      await expect(store.transaction((writer) => writer.insertUser(user('user-1', { orgId: 'no-such-org' })))).rejects.toMatchObject({
        code: 'SQLITE_CONSTRAINT_FOREIGNKEY',
      });
    } finally {
      await store.close();
    }
  });

  test("a transaction waits for another process's write (the admin CLI) instead of failing", async () => {
    const file = newFile();
    const store = await createSqliteStore({ file, dataCenter: 'na1' });
    // The other process holds the write lock for 300 ms, then commits an organisation.
    const script = `
      const Database = require('better-sqlite3');
      const db = new Database(process.argv[1], { timeout: 5000 });
      db.exec('BEGIN IMMEDIATE');
      db.prepare("INSERT INTO organisations (id, name, data_center, created_at) VALUES ('org-cli', 'cli', 'na1', 'x')").run();
      process.stdout.write('locked\\n');
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 300);
      db.exec('COMMIT');
      db.close();`;
    const child = spawn(process.execPath, ['-e', script, file], { cwd: process.cwd(), stdio: ['ignore', 'pipe', 'inherit'] });
    try {
      await new Promise<void>((resolve, reject) => {
        child.stdout.once('data', () => resolve());
        child.once('exit', (code) => reject(new Error(`the locking process exited early (${code})`)));
      });
      await store.transaction((writer) => writer.createOrganisation(organisation('org-server')));
      expect((await store.listOrganisations()).map((record) => record.id).sort()).toEqual(['org-cli', 'org-server']);
    } finally {
      child.kill();
      await store.close();
    }
  });

  test('closing while another process holds the write lock closes without an error (the admin CLI ending while the server writes)', async () => {
    const file = newFile();
    const store = await createSqliteStore({ file, dataCenter: 'na1' });
    await store.transaction((writer) => writer.createOrganisation(organisation('org-1')));
    const other = new Database(file);
    try {
      other.exec('BEGIN IMMEDIATE');
      // PRAGMA optimize found the database busy and failed the close: "database is locked".
      await expect(store.close()).resolves.toBeUndefined();
      await expect(store.listOrganisations()).rejects.toThrow(/not open/);
      other.exec('ROLLBACK');
      const again = await createSqliteStore({ file, dataCenter: 'na1' });
      expect((await again.listOrganisations()).map((record) => record.id)).toEqual(['org-1']);
      await again.close();
    } finally {
      other.close();
    }
  });

  test('a write that waits for another connection past the busy timeout fails as the store being unavailable (503, a paused job), and succeeds once the lock is gone', async () => {
    const file = newFile();
    const store = await createSqliteStore({ file, dataCenter: 'na1', busyTimeoutMs: 100 });
    const other = new Database(file);
    try {
      other.exec('BEGIN IMMEDIATE');
      const failure = await store.transaction((writer) => writer.createOrganisation(organisation('org-1'))).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(failure).toBeInstanceOf(StoreUnavailableError);
      expect(failure).toMatchObject({ message: 'the SQLite database is locked by another process (busy past the busy timeout)', cause: { code: 'SQLITE_BUSY' } });
      other.exec('ROLLBACK');
      await store.transaction((writer) => writer.createOrganisation(organisation('org-1')));
      expect((await store.listOrganisations()).map((record) => record.id)).toEqual(['org-1']);
    } finally {
      other.close();
      await store.close();
    }
  });

  test("a write waiting for another process's lock leaves the event loop running, and goes ahead once the lock is gone", async () => {
    const file = newFile();
    const store = await createSqliteStore({ file, dataCenter: 'na1', busyTimeoutMs: 10_000 });
    const other = new Database(file);
    try {
      other.exec('BEGIN IMMEDIATE');
      // The other connection lets go on a timer: a wait that blocked the event loop would never see it
      // fire, and would fail after the busy timeout.
      let timerFired = false;
      setTimeout(() => {
        timerFired = true;
        other.exec('ROLLBACK');
      }, 0);
      await store.transaction((writer) => writer.createOrganisation(organisation('org-1')));
      expect(timerFired).toBe(true);
      expect((await store.listOrganisations()).map((record) => record.id)).toEqual(['org-1']);
    } finally {
      if (other.inTransaction) other.exec('ROLLBACK');
      other.close();
      await store.close();
    }
  });

  test('purgeDeletedBytes gives up within about a second while a reader holds the write-ahead log (not a busy timeout per try), truncates it once the reader is gone, and leaves writes waiting as before', async () => {
    const file = newFile();
    const store = await createSqliteStore({ file, dataCenter: 'na1', busyTimeoutMs: 1_000 });
    const reader = new Database(file, { readonly: true });
    const other = new Database(file);
    try {
      await store.transaction((writer) => writer.createOrganisation(organisation('org-1')));
      reader.exec('BEGIN');
      reader.prepare('SELECT count(*) FROM organisations').get();
      await store.transaction((writer) => writer.createOrganisation(organisation('org-2')));
      const started = Date.now();
      await expect(store.purgeDeletedBytes()).rejects.toThrow('the write-ahead log could not be truncated: a reader held it for a second');
      // Each of fifty tries waiting out the busy timeout (1 s here) would take 50 s.
      expect(Date.now() - started).toBeLessThan(4_500);
      reader.exec('COMMIT');
      await store.purgeDeletedBytes();
      expect(statSync(`${file}-wal`).size).toBe(0);
      // The busy timeout is back: a write waits for another connection's transaction for 1 s (not at all without it).
      other.exec('BEGIN IMMEDIATE');
      const waited = Date.now();
      await expect(store.transaction((writer) => writer.createOrganisation(organisation('org-3')))).rejects.toBeInstanceOf(StoreUnavailableError);
      expect(Date.now() - waited).toBeGreaterThanOrEqual(900);
      other.exec('ROLLBACK');
    } finally {
      reader.close();
      other.close();
      await store.close();
    }
  });

  test('migrations bring a version 1 database to the newest version, keep its data, and run once', async () => {
    const file = newFile();
    const old = await createSqliteStore({ file, dataCenter: 'na1', migrations: sqliteMigrations.slice(0, 1) });
    await old.transaction((writer) => writer.createOrganisation(organisation('org-1')));
    await old.close();

    const database = new Database(file);
    try {
      expect(sqliteSchemaVersion(database)).toBe(1);
      // Version 1 kept one row per batch result.
      database.exec(`INSERT INTO jobs (id, org_id, kind, status, created, total, cursor, imports, errors) VALUES ('job-1', 'org-1', 'events', 'COMPLETED', 'x', 3, 3, 2, 1);
        INSERT INTO job_results (job_id, item_index, ok, result) VALUES ('job-1', 0, 1, '{"id":"e-0"}'), ('job-1', 1, 0, '{"code":"invalid_request"}'), ('job-1', 2, 1, '"e-2"');`);
      database.exec(VERSION_ONE_MERGES_SQL);
      const versions = Array.from({ length: newest }, (_, index) => index + 1);
      expect(await migrateSqlite(database, [...sqliteMigrations, addNotes])).toEqual([...versions.slice(1), newest + 1]);
      expect(await migrateSqlite(database, [...sqliteMigrations, addNotes])).toEqual([]);
      expect(sqliteSchemaVersion(database)).toBe(newest + 1);
      expect(database.prepare('SELECT version FROM schema_migrations ORDER BY version').pluck().all()).toEqual([...versions, newest + 1]);
      expect(database.prepare("SELECT name FROM sqlite_master WHERE name = 'notes'").pluck().get()).toBe('notes');
    } finally {
      database.close();
    }
    const reopened = await createSqliteStore({ file, dataCenter: 'na1', migrations: [...sqliteMigrations, addNotes] });
    await expectVersionOneData(reopened);
    await reopened.close();
  });

  test('a failing migration is rolled back whole and reported with StoreMigrationError', async () => {
    const database = new Database(':memory:');
    const broken: Migration = { version: newest + 1, name: 'broken', sql: 'CREATE TABLE half (id TEXT); INSERT INTO missing VALUES (1);' };
    try {
      await expect(migrateSqlite(database, [...sqliteMigrations, broken])).rejects.toThrow(StoreMigrationError);
      expect(sqliteSchemaVersion(database)).toBe(newest);
      expect(database.prepare("SELECT count(*) FROM sqlite_master WHERE name = 'half'").pluck().get()).toBe(0);
    } finally {
      database.close();
    }
  });

  test('migrations sharing a version are refused before anything runs', async () => {
    const database = new Database(':memory:');
    try {
      await expect(migrateSqlite(database, [...sqliteMigrations, { ...addNotes, version: 1 }])).rejects.toThrow(/share version 1/);
      expect(database.prepare("SELECT count(*) FROM sqlite_master WHERE name = 'schema_migrations'").pluck().get()).toBe(0);
    } finally {
      database.close();
    }
  });

  test('checkReady names a migration this code knows that the database lacks, and is ready again once it is applied', async () => {
    const file = newFile();
    const store = await createSqliteStore({ file, dataCenter: 'na1', migrations: [...sqliteMigrations, addNotes] });
    try {
      expect(await store.checkReady()).toEqual({ ready: true });
      // Another process (an older backup restored under the running server, say) took it away.
      const other = new Database(file);
      other.prepare('DELETE FROM schema_migrations WHERE version = ?').run(newest + 1);
      expect(await store.checkReady()).toEqual({ ready: false, reason: `the SQLite database of na1 lacks migration ${newest + 1} (add-notes)` });
      other.prepare("INSERT INTO schema_migrations (version, applied_at) VALUES (?, 'x')").run(newest + 1);
      other.close();
      expect(await store.checkReady()).toEqual({ ready: true });
    } finally {
      await store.close();
    }
  });

  test('openStores opens <dataDir>/na1.db and <dataDir>/eu1.db, creating the directory, when no database URL is set', async () => {
    const dataDir = path.join(root, 'data', 'nested');
    const stores = await openStores({ dataDir, env: { RECAP_NA1_DATABASE_URL: '' } });
    try {
      expect(stores.na1).toMatchObject({ kind: 'sqlite', dataCenter: 'na1' });
      expect(stores.eu1).toMatchObject({ kind: 'sqlite', dataCenter: 'eu1' });
      expect(existsSync(path.join(dataDir, 'na1.db'))).toBe(true);
      expect(existsSync(path.join(dataDir, 'eu1.db'))).toBe(true);
      await stores.eu1.transaction((writer) => writer.createOrganisation(organisation('org-eu')));
      expect(await stores.na1.findOrganisation('org-eu')).toBeUndefined();
    } finally {
      await Promise.all([stores.na1.close(), stores.eu1.close()]);
    }
  });
});

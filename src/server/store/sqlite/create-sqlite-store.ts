// Opens the SQLite store of one data center: the file in WAL mode with the pragmas below, migrated
// to the newest schema, then read through a second, read-only connection (sqlite-dialect.ts).

import Database from 'better-sqlite3';
import type { Migration } from '../migrations/migration.js';
import { migrateStore } from '../migrations/migrate-store.js';
import { sqliteMigrations } from '../migrations/sqlite-migrations.js';
import type { DataCenter } from '../records.js';
import { createSqlStore } from '../sql/sql-store.js';
import type { DataCenterStore } from '../store.js';
import { sqliteDialect } from './sqlite-dialect.js';

export interface SqliteStoreOptions {
  /** The database file, created when missing (its directory must exist). */
  readonly file: string;
  readonly dataCenter: DataCenter;
  /** How long a write waits for another process's transaction, in ms. Default 5,000. */
  readonly busyTimeoutMs?: number;
  /** The migrations to apply on open. Default: all of them (tests pass fewer to build an older database). */
  readonly migrations?: readonly Migration[];
}

export async function createSqliteStore(options: SqliteStoreOptions): Promise<DataCenterStore> {
  const timeout = options.busyTimeoutMs ?? 5_000;
  const migrations = options.migrations ?? sqliteMigrations;
  // No busy handler on the writing connection: its BEGIN IMMEDIATE waits for another process's lock
  // between timers (beginWaitMs), not in better-sqlite3's synchronous wait, which stops the event loop.
  const writing = new Database(options.file, { timeout: 0 });
  let reading: Database.Database | undefined;
  try {
    writing.pragma('journal_mode = WAL');
    writing.pragma('synchronous = NORMAL');
    writing.pragma('foreign_keys = ON');
    // Deleted content (a deleted user's rows, a replaced row's old cells) is overwritten with zeros
    // in the file, not only unlinked (docs/privacy.md).
    writing.pragma('secure_delete = ON');
    // A batch of events lands on many pages of the by-session index: a larger cache, and fewer,
    // larger checkpoints (each copies a page once however often it was rewritten), keep batch
    // inserts about 1.5 times as fast once the database has grown.
    writing.pragma('cache_size = -32768');
    writing.pragma('wal_autocheckpoint = 10000');
    // The migrations need only the writing connection; the read-only one opens on the migrated file.
    await migrateStore(sqliteDialect(writing, writing, timeout), migrations);
    reading = writing.memory ? writing : new Database(options.file, { readonly: true, timeout });
  } catch (error) {
    writing.close();
    throw error;
  }
  return createSqlStore(sqliteDialect(writing, reading, timeout), { dataCenter: options.dataCenter, migrations });
}

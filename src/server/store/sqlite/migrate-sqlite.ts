// Brings a SQLite database to the newest schema: each pending migration in its own
// BEGIN IMMEDIATE transaction, so a second process opening the same file waits and then finds it
// done.

import type Database from 'better-sqlite3';
import { StoreMigrationError } from '../migrations/store-migration-error.js';
import { orderMigrations, type Migration } from '../migrations/migration.js';

/** Applies the migrations newer than the database's version, in order; returns the versions applied. */
export function migrateSqlite(database: Database.Database, migrations: readonly Migration[], now: () => Date = () => new Date()): number[] {
  database.exec('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL) STRICT');
  const currentVersion = database.prepare<[], { version: number | null }>('SELECT max(version) AS version FROM schema_migrations');
  const record = database.prepare<[number, string], unknown>('INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)');
  const applied: number[] = [];
  // Without the write lock: a database already up to date (the admin CLI opening the server's
  // files) does not wait for the server's transaction.
  const pending = orderMigrations(migrations).filter((migration) => migration.version > (currentVersion.get()?.version ?? 0));
  for (const migration of pending) {
    database.exec('BEGIN IMMEDIATE');
    try {
      // Another process may have applied it while this one waited for the lock.
      if ((currentVersion.get()?.version ?? 0) < migration.version) {
        database.exec(migration.sql);
        record.run(migration.version, now().toISOString());
        applied.push(migration.version);
      }
      database.exec('COMMIT');
    } catch (error) {
      database.exec('ROLLBACK');
      throw new StoreMigrationError('sqlite', migration.version, migration.name, error);
    }
  }
  return applied;
}

/** The newest migration applied to the database (0 for a new one). */
export function sqliteSchemaVersion(database: Database.Database): number {
  const row = database.prepare<[], { version: number | null }>('SELECT max(version) AS version FROM schema_migrations').get();
  return row?.version ?? 0;
}

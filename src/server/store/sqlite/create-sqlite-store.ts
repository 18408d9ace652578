// The SQLite store of one data center: one file, two connections. Writes go through one
// connection in BEGIN IMMEDIATE transactions, one at a time behind an async mutex; reads outside
// transactions use a second, read-only connection, so they never see uncommitted writes (WAL lets
// them run while a transaction is open). busy_timeout covers other processes (the admin CLI).

import Database from 'better-sqlite3';
import type { Migration } from '../migrations/migration.js';
import { sqliteMigrations } from '../migrations/sqlite-migrations.js';
import type { DataCenter } from '../records.js';
import type { DataCenterStore, StoreWriter } from '../store.js';
import { TransactionMisuseError, TransactionScope } from '../transaction-scope.js';
import { AsyncMutex } from './async-mutex.js';
import { migrateSqlite } from './migrate-sqlite.js';
import { SqliteReader } from './sqlite-reader.js';
import { SqliteWriter } from './sqlite-writer.js';
import { StatementCache } from './statement-cache.js';

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
  const writing = new Database(options.file, { timeout });
  let reading: Database.Database;
  try {
    writing.pragma('journal_mode = WAL');
    writing.pragma('synchronous = NORMAL');
    writing.pragma('foreign_keys = ON');
    // A batch of events lands on many pages of the by-session index: a larger cache, and fewer,
    // larger checkpoints (each copies a page once however often it was rewritten), keep batch
    // inserts about 1.5 times as fast once the database has grown.
    writing.pragma('cache_size = -32768');
    writing.pragma('wal_autocheckpoint = 10000');
    migrateSqlite(writing, options.migrations ?? sqliteMigrations);
    // An in-memory database exists only on its connection: reads share it (and so see a running
    // transaction's writes; fine for throwaway stores).
    reading = writing.memory ? writing : new Database(options.file, { readonly: true, timeout });
  } catch (error) {
    writing.close();
    throw error;
  }
  return new SqliteStore(options.dataCenter, writing, reading);
}

class SqliteStore extends SqliteReader implements DataCenterStore {
  readonly dataCenter: DataCenter;
  readonly kind = 'sqlite' as const;
  readonly #writing: Database.Database;
  readonly #reading: Database.Database;
  readonly #writeStatements: StatementCache;
  readonly #mutex = new AsyncMutex();
  readonly #scope = new TransactionScope('SQLite store');
  #closed = false;

  constructor(dataCenter: DataCenter, writing: Database.Database, reading: Database.Database) {
    super(new StatementCache(reading));
    this.dataCenter = dataCenter;
    this.#writing = writing;
    this.#reading = reading;
    this.#writeStatements = new StatementCache(writing);
  }

  transaction<Result>(work: (writer: StoreWriter) => Promise<Result>): Promise<Result> {
    return this.#scope.run(() =>
      this.#mutex.runExclusive(async () => {
        if (this.#closed) throw new TransactionMisuseError(`the SQLite store of ${this.dataCenter} is closed`);
        let open = true;
        const writer = this.#scope.guard<StoreWriter>(new SqliteWriter(this.#writeStatements), () => open);
        this.#writing.exec('BEGIN IMMEDIATE');
        try {
          const result = await work(writer);
          this.#writing.exec('COMMIT');
          return result;
        } catch (error) {
          if (this.#writing.inTransaction) this.#writing.exec('ROLLBACK');
          throw error;
        } finally {
          open = false;
        }
      }),
    );
  }

  close(): Promise<void> {
    // Behind the mutex: a transaction under way finishes first.
    return this.#mutex.runExclusive(async () => {
      if (this.#closed) return;
      this.#closed = true;
      this.#writing.pragma('optimize');
      if (this.#reading !== this.#writing) this.#reading.close();
      this.#writing.close();
    });
  }
}

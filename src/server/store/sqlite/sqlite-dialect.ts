// The SQLite side of the store's dialect hooks (sql/store-dialect.ts). One file, two connections:
// writes go through one connection, one transaction at a time (Kysely's SQLite driver hands its
// connection to one holder at a time), each BEGIN IMMEDIATE; reads outside transactions use a
// second, read-only connection, so they never see uncommitted writes (WAL lets them run while a
// transaction is open). Other processes (the admin CLI) are waited for: by BEGIN IMMEDIATE, tried
// again between timers for the busy timeout (run-transaction.ts), on the writing connection, and by
// the busy timeout of the read-only one.

import type Database from 'better-sqlite3';
import { Kysely, SqliteDialect, sql, type Expression, type SqlBool } from 'kysely';
import type { Database as Tables } from '../sql/database.js';
import { refuseUnstorableList, refusingUnstorableText } from '../sql/refuse-unstorable-text.js';
import type { StoreDialect } from '../sql/store-dialect.js';
import { isBusy, statementCachingDatabase } from './statement-caching-database.js';

/** `$."a"."b"`: a JSON path naming each key literally (dots in keys stay keys). */
function jsonPath(keys: readonly string[]): string {
  if (keys.some((key) => key.includes('"'))) throw new RangeError(`a JSON path key must not contain ": ${JSON.stringify(keys)}`);
  return `$${keys.map((key) => `."${key}"`).join('')}`;
}

export function sqliteDialect(writing: Database.Database, reading: Database.Database, busyTimeoutMs = 5_000): StoreDialect {
  const writes = new Kysely<Tables>({ dialect: refusingUnstorableText(new SqliteDialect({ database: statementCachingDatabase(writing) })) });
  // An in-memory database exists only on its connection: reads share it.
  const reads = reading === writing ? writes : new Kysely<Tables>({ dialect: refusingUnstorableText(new SqliteDialect({ database: statementCachingDatabase(reading) })) });
  return {
    kind: 'sqlite',
    label: 'SQLite',
    reads,
    withWriteConnection: (work) => writes.connection().execute(work),
    begin: 'BEGIN IMMEDIATE',
    beginWaitMs: busyTimeoutMs,
    async rollback() {
      // SQLite ends a transaction itself on some errors (a full disk, an interrupted statement).
      if (writing.inTransaction) writing.exec('ROLLBACK');
    },
    rowLocks: false,
    reusesParameters: false,
    copiesRows: false,
    // One writer at a time: nothing to lock.
    lock: async () => undefined,
    isUniqueViolation: (error) =>
      error instanceof Error && ['SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_CONSTRAINT_PRIMARYKEY'].includes(String((error as { code?: unknown }).code)),
    plansSemiJoins: false,
    // The list travels as JSON, where U+0000 is an escape: checked here as PostgreSQL's array parameter is.
    inList(column, values) {
      refuseUnstorableList(values, column);
      return sql<SqlBool>`${sql.ref(column)} IN (SELECT value FROM json_each(${JSON.stringify(values)}))`;
    },
    // JSON has no bytes: they travel as hex.
    inByteList: (column, values): Expression<SqlBool> =>
      sql<SqlBool>`${sql.ref(column)} IN (SELECT unhex(value) FROM json_each(${JSON.stringify(values.map((value) => value.toString('hex')))}))`,
    // `->` answers the value's own JSON text (json_extract would read a number as SQLite's
    // integer or real, and 1234567890123456800, a double's decimal, as an integer no double equals).
    jsonTextAt: (column, keys) => sql<string | null>`(${sql.ref(column)} -> ${jsonPath(keys)})`,
    containsText: (column, text) => sql<SqlBool>`instr(${sql.ref(column)}, ${text}) > 0`,
    jsonKeyCount: (column, keys) => sql<number>`(SELECT count(*) FROM json_each(${sql.ref(column)}, ${jsonPath(keys)}))`,
    async jobsMark(connection) {
      const { rows } = await sql<{ mark: number }>`SELECT last + 1 AS mark FROM job_marks`.execute(connection);
      return Number(rows[0]?.mark);
    },
    // better-sqlite3 prepares one statement at a time; exec runs a script.
    runScript: async (_connection, script) => void writing.exec(script),
    migrationsTable: 'CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL) STRICT',
    prepareMigrations: async () => undefined,
    // The write-ahead log still holds the pages as they were before a deletion until it is
    // checkpointed into the file (where secure_delete zeroed them) and truncated.
    // A TRUNCATE checkpoint waits for readers through the busy handler: with the busy timeout
    // (5 s) each try would hold the write connection, and every write, that long. Tries are made
    // without it, for about a second in all.
    purgeDeletedBytes: () =>
      writes.connection().execute(async () => {
        // A manual ANALYZE keeps samples of index keys (ids, uids, emails, names) in sqlite_stat4:
        // they go, as a deleted user's could be among them (the planner keeps sqlite_stat1).
        if (writing.prepare("SELECT 1 FROM sqlite_schema WHERE name = 'sqlite_stat4'").get() !== undefined) writing.exec('DELETE FROM sqlite_stat4');
        const timeout = writing.pragma('busy_timeout', { simple: true }) as number;
        writing.pragma('busy_timeout = 0');
        try {
          for (let attempt = 0; attempt < 50; attempt++) {
            const [result] = writing.pragma('wal_checkpoint(TRUNCATE)') as { busy: number }[];
            if (result?.busy === 0) return;
            await new Promise((resolve) => setTimeout(resolve, 20));
          }
        } finally {
          writing.pragma(`busy_timeout = ${timeout}`);
        }
        throw new Error('the write-ahead log could not be truncated: a reader held it for a second');
      }),
    async close() {
      try {
        // PRAGMA optimize may write (ANALYZE). With another process holding the write lock (the
        // server, as an admin command ends) it finds the database busy at once (this connection
        // has no busy handler): it only refreshes the planner's statistics, so it is left to a
        // later close rather than failing a command whose work has committed.
        writing.pragma('optimize');
      } catch (error) {
        if (!isBusy(error)) throw error;
      } finally {
        if (reading !== writing) reading.close();
        writing.close();
      }
    },
  };
}

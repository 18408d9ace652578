// A better-sqlite3 connection as Kysely's SQLite driver uses it, with each statement prepared on
// first use and kept: preparing is the costly part of a small query, and the store runs the same
// few dozen queries all day (Kysely's driver would prepare on every call). A statement that finds
// the database locked by another process for longer than the busy timeout (SQLITE_BUSY: an admin
// command's long transaction, a second server on the same file) fails with StoreUnavailableError,
// so that a request answers 503 (retry later) and a batch job pauses instead of failing.

import type Database from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';
import { StoreUnavailableError } from '../store.js';

/** Whether better-sqlite3 failed because the database was locked past the busy timeout. */
export function isBusy(error: unknown): boolean {
  const code = error instanceof Error ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' && (code === 'SQLITE_BUSY' || code.startsWith('SQLITE_BUSY_'));
}

/** `error` as the store's word for it when the database was busy; else `error` itself. */
function unlessBusy(error: unknown): unknown {
  return isBusy(error) ? new StoreUnavailableError('the SQLite database is locked by another process (busy past the busy timeout)', { cause: error }) : error;
}

/** `run` of a statement, its busy failure made a StoreUnavailableError. */
function guarded<Result>(run: () => Result): Result {
  try {
    return run();
  } catch (error) {
    throw unlessBusy(error);
  }
}

/** An iterator whose rows are read as the caller asks, each read guarded like a statement. */
function guardedIterator(iterator: IterableIterator<unknown>): IterableIterator<unknown> {
  const rows: IterableIterator<unknown> = {
    next: () => guarded(() => iterator.next()),
    return: (value?: unknown) => guarded(() => iterator.return?.(value) ?? { done: true, value }),
    [Symbol.iterator]: () => rows,
  };
  return rows;
}

function guardedStatement(statement: SqliteStatement): SqliteStatement {
  return {
    reader: statement.reader,
    all: (parameters) => guarded(() => statement.all(parameters)),
    run: (parameters) => guarded(() => statement.run(parameters)),
    iterate: (parameters) => guardedIterator(guarded(() => statement.iterate(parameters))),
  };
}

export function statementCachingDatabase(database: Database.Database): SqliteDatabase {
  const statements = new Map<string, SqliteStatement>();
  return {
    prepare(sql) {
      let statement = statements.get(sql);
      if (statement === undefined) {
        // Preparing reads the schema, which another process's lock can hold up too.
        statement = guardedStatement(guarded(() => database.prepare<unknown[], unknown>(sql)) as unknown as SqliteStatement);
        statements.set(sql, statement);
      }
      return statement;
    },
    close() {
      database.close();
    },
  };
}

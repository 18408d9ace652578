// One transaction on one connection: the dialect's BEGIN, then COMMIT when `work` resolves or the
// dialect's rollback when it throws. Shared by the store's transactions and its migrations.

import { CompiledQuery, type Kysely } from 'kysely';
import type { Database } from './database.js';
import type { StoreDialect } from './store-dialect.js';
import { StoreUnavailableError } from '../store.js';

const COMMIT = CompiledQuery.raw('COMMIT');
/** The longest pause between two tries of a BEGIN that found the database locked. */
const MAX_BEGIN_PAUSE_MS = 50;

/** The dialect's BEGIN; one that finds the database locked by another process is tried again, between timers, for `beginWaitMs`. */
async function begin(dialect: StoreDialect, connection: Kysely<Database>): Promise<void> {
  const statement = CompiledQuery.raw(dialect.begin);
  if (dialect.beginWaitMs === undefined) {
    await connection.executeQuery(statement);
    return;
  }
  const deadline = Date.now() + dialect.beginWaitMs;
  for (let pause = 2; ; pause = Math.min(pause * 2, MAX_BEGIN_PAUSE_MS)) {
    try {
      await connection.executeQuery(statement);
      return;
    } catch (error) {
      // The store's word for a busy database (statement-caching-database.ts); anything else fails at once.
      const left = deadline - Date.now();
      if (!(error instanceof StoreUnavailableError) || left <= 0) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.min(pause, left)));
    }
  }
}

export async function runTransaction<Result>(dialect: StoreDialect, connection: Kysely<Database>, work: () => Promise<Result>): Promise<Result> {
  await begin(dialect, connection);
  try {
    const result = await work();
    await connection.executeQuery(COMMIT);
    return result;
  } catch (error) {
    await dialect.rollback(connection);
    throw error;
  }
}

// One transaction on one connection: the dialect's BEGIN, then COMMIT when `work` resolves or the
// dialect's rollback when it throws. Shared by the store's transactions and its migrations.

import { CompiledQuery, type Kysely } from 'kysely';
import type { Database } from './database.js';
import type { StoreDialect } from './store-dialect.js';

const COMMIT = CompiledQuery.raw('COMMIT');

export async function runTransaction<Result>(dialect: StoreDialect, connection: Kysely<Database>, work: () => Promise<Result>): Promise<Result> {
  await connection.executeQuery(CompiledQuery.raw(dialect.begin));
  try {
    const result = await work();
    await connection.executeQuery(COMMIT);
    return result;
  } catch (error) {
    await dialect.rollback(connection);
    throw error;
  }
}

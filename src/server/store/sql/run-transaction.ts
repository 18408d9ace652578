// One transaction on one connection: the dialect's BEGIN, then COMMIT when `work` resolves or the
// dialect's rollback when it throws. Shared by the store's transactions and its migrations.

import { sql, type Kysely } from 'kysely';
import type { Database } from './database.js';
import type { StoreDialect } from './store-dialect.js';

export async function runTransaction<Result>(dialect: StoreDialect, connection: Kysely<Database>, work: () => Promise<Result>): Promise<Result> {
  await sql.raw(dialect.begin).execute(connection);
  try {
    const result = await work();
    await sql`COMMIT`.execute(connection);
    return result;
  } catch (error) {
    await dialect.rollback(connection);
    throw error;
  }
}

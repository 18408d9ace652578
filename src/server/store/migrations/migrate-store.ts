// Brings a store's database to the newest schema, on either dialect: each pending migration in its
// own transaction, behind the dialect's migration lock (SQLite: BEGIN IMMEDIATE's write lock;
// PostgreSQL: an advisory lock), so that processes opening one database together apply each
// migration once: whoever waited finds it done.

import { sql, type Kysely } from 'kysely';
import type { Database } from '../sql/database.js';
import { runTransaction } from '../sql/run-transaction.js';
import type { StoreDialect } from '../sql/store-dialect.js';
import { orderMigrations, type Migration } from './migration.js';
import { StoreMigrationError } from './store-migration-error.js';

/** Applies the migrations newer than the database's version, in order; returns the versions applied. */
export async function migrateStore(dialect: StoreDialect, migrations: readonly Migration[], now: () => Date = () => new Date()): Promise<number[]> {
  const ordered = orderMigrations(migrations);
  return dialect.withWriteConnection(async (connection) => {
    // Without any lock first: a database already up to date (the admin CLI opening the server's
    // database) does not wait for the server's transactions.
    const current = await schemaVersion(connection).catch(() => undefined);
    if (current !== undefined && ordered.every((migration) => migration.version <= current)) return [];
    await runTransaction(dialect, connection, async () => {
      await dialect.lock(connection, { name: 'migrations' });
      await dialect.prepareMigrations(connection);
      await sql.raw(dialect.migrationsTable).execute(connection);
    });
    const applied: number[] = [];
    for (const migration of ordered.filter((pending) => pending.version > (current ?? 0))) {
      await runTransaction(dialect, connection, async () => {
        await dialect.lock(connection, { name: 'migrations' });
        // Another process may have applied it while this one waited for the lock.
        if ((await schemaVersion(connection)) >= migration.version) return;
        await dialect.runScript(connection, migration.sql);
        await migration.backfill?.(connection, dialect);
        await connection.insertInto('schema_migrations').values({ version: migration.version, applied_at: now().toISOString() }).execute();
        applied.push(migration.version);
      }).catch((error: unknown) => {
        throw new StoreMigrationError(dialect.kind, migration.version, migration.name, error);
      });
    }
    return applied;
  });
}

/** The newest migration applied (0 for a new database); throws when there is no migrations table. */
export async function schemaVersion(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('schema_migrations')
    .select((eb) => eb.fn.max('version').as('version'))
    .executeTakeFirst();
  return row?.version ?? 0;
}

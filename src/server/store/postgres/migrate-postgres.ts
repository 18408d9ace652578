// Brings a PostgreSQL schema to the newest version: each pending migration in its own
// transaction, behind an advisory lock, so servers starting together apply each one once.

import type pg from 'pg';
import { StoreMigrationError } from '../migrations/store-migration-error.js';
import { orderMigrations, type Migration } from '../migrations/migration.js';

/** The first key of the store's advisory locks (pg_advisory_xact_lock(int, int)): migrations. */
const MIGRATION_LOCK = 7_270_001;

/**
 * Applies the migrations newer than the schema's version, in order; returns the versions applied.
 * `schema` (already on the connections' search_path) is created when missing.
 */
export async function migratePostgres(
  pool: pg.Pool,
  migrations: readonly Migration[],
  options: { readonly schema?: string | undefined; readonly now?: () => Date } = {},
): Promise<number[]> {
  const now = options.now ?? (() => new Date());
  const client = await pool.connect();
  const inLockedTransaction = async <Result>(work: () => Promise<Result>): Promise<Result> => {
    await client.query('BEGIN');
    try {
      await client.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [MIGRATION_LOCK, options.schema ?? '']);
      const result = await work();
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK');
      throw error;
    }
  };
  try {
    await inLockedTransaction(async () => {
      // Looked up first: CREATE SCHEMA IF NOT EXISTS needs the CREATE privilege on the database
      // even when the schema exists, and a deployment may have created it for a smaller role.
      if (options.schema !== undefined) {
        const existing = await client.query('SELECT 1 FROM pg_namespace WHERE nspname = $1', [options.schema]);
        if (existing.rowCount === 0) await client.query(`CREATE SCHEMA ${options.schema}`);
      }
      await client.query('CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, applied_at text NOT NULL)');
    });
    const applied: number[] = [];
    for (const migration of orderMigrations(migrations)) {
      await inLockedTransaction(async () => {
        if ((await postgresSchemaVersion(client)) >= migration.version) return;
        await client.query(migration.sql);
        await client.query('INSERT INTO schema_migrations (version, applied_at) VALUES ($1, $2)', [migration.version, now().toISOString()]);
        applied.push(migration.version);
      }).catch((error: unknown) => {
        throw new StoreMigrationError('postgres', migration.version, migration.name, error);
      });
    }
    return applied;
  } finally {
    client.release();
  }
}

/** The newest migration applied to the schema (0 for a new one). */
export async function postgresSchemaVersion(database: Pick<pg.ClientBase, 'query'> | pg.Pool): Promise<number> {
  const result = await database.query<{ version: number | null }>('SELECT max(version) AS version FROM schema_migrations');
  return result.rows[0]?.version ?? 0;
}

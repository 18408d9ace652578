// The PostgreSQL side of the store's dialect hooks (sql/store-dialect.ts): a pg pool on one
// database (or one schema of it, set as search_path when each connection opens). Reads outside
// transactions use any pooled connection; a transaction holds one client from BEGIN to COMMIT or
// ROLLBACK, at READ COMMITTED, and its `...ForUpdate` reads lock rows until then.

import { Kysely, PostgresDialect, sql, type SqlBool } from 'kysely';
import type { Database } from '../sql/database.js';
import { refusingUnstorableText } from '../sql/refuse-unstorable-text.js';
import type { StoreDialect, TransactionLock } from '../sql/store-dialect.js';
import type { PostgresConnection } from './postgres-connection.js';
import { createPostgresPool } from './postgres-pool.js';

/** The first keys of the store's advisory locks (pg_advisory_xact_lock(int, int)). */
const LOCK_KEYS = { migrations: 7_270_001, catalog: 7_270_002 } as const;

export function postgresDialect(connection: PostgresConnection, options: { readonly onIdleConnectionError?: ((error: Error) => void) | undefined } = {}): StoreDialect {
  const { pool, forKysely } = createPostgresPool(connection.pool);
  pool.on('error', (error) => options.onIdleConnectionError?.(error));
  const db = new Kysely<Database>({ dialect: refusingUnstorableText(new PostgresDialect({ pool: forKysely })) });
  const lockKey = (lock: TransactionLock): [number, string] =>
    lock.name === 'catalog' ? [LOCK_KEYS.catalog, `${lock.orgId}\n${lock.kind}`] : [LOCK_KEYS.migrations, connection.schema ?? ''];

  return {
    kind: 'postgres',
    label: 'PostgreSQL',
    reads: db,
    withWriteConnection: (work) => db.connection().execute(work),
    begin: 'BEGIN',
    async rollback(transaction) {
      // A client whose ROLLBACK failed is discarded when it is released (postgres-pool.ts).
      await sql`ROLLBACK`.execute(transaction).catch(() => undefined);
    },
    rowLocks: true,
    reusesParameters: true,
    copiesRows: true,
    async lock(transaction, lock) {
      const [first, key] = lockKey(lock);
      await sql`SELECT pg_advisory_xact_lock(${first}, hashtext(${key}))`.execute(transaction);
    },
    isUniqueViolation: (error) => error instanceof Error && (error as { code?: unknown }).code === '23505',
    plansSemiJoins: true,
    // Statements with an array are planned for their values each time (postgres-pool.ts), where
    // PostgreSQL hashes the array instead of comparing every row with every element.
    inList: (column, values) => sql<SqlBool>`${sql.ref(column)} = ANY(${[...values]}::text[])`,
    inByteList: (column, values) => sql<SqlBool>`${sql.ref(column)} = ANY(${[...values]}::bytea[])`,
    // The column's json text (the store never uses jsonb: key order matters), so `#>` answers the
    // value's text as it was written.
    jsonTextAt: (column, keys) => sql<string | null>`CAST(${sql.ref(column)} #> ${[...keys]}::text[] AS text)`,
    containsText: (column, text) => sql<SqlBool>`strpos(CAST(${sql.ref(column)} AS text), ${text}) > 0`,
    jsonKeyCount: (column, keys) =>
      sql<number>`(SELECT count(*) FROM json_object_keys(CASE WHEN json_typeof(${sql.ref(column)} #> ${[...keys]}::text[]) = 'object' THEN ${sql.ref(column)} #> ${[...keys]}::text[] END))`,
    // A transaction running when the mark is read has an id at or above the snapshot's xmin, and
    // one that starts later an id above it: the jobs either may create are marked at or above.
    async jobsMark(transaction) {
      const { rows } = await sql<{ mark: string }>`SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS mark`.execute(transaction);
      return Number(rows[0]?.mark);
    },
    runScript: async (transaction, script) => void (await sql.raw(script).execute(transaction)),
    migrationsTable: 'CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, applied_at text NOT NULL)',
    async prepareMigrations(transaction) {
      // Looked up first: CREATE SCHEMA IF NOT EXISTS needs the CREATE privilege on the database
      // even when the schema exists, and a deployment may have created it for a smaller role.
      if (connection.schema === undefined) return;
      const existing = await sql`SELECT 1 FROM pg_namespace WHERE nspname = ${connection.schema}`.execute(transaction);
      if (existing.rows.length === 0) await sql.raw(`CREATE SCHEMA ${connection.schema}`).execute(transaction);
    },
    // Deleted rows are dead tuples: invisible at once, their space reused after VACUUM, their
    // bytes in the files until overwritten (docs/privacy.md says what an operator can do).
    purgeDeletedBytes: async () => undefined,
    close: () => pool.end(),
  };
}

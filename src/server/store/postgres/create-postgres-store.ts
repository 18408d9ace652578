// Opens the PostgreSQL store of one data center: a pool from the URL (postgres-connection.ts),
// the schema migrated to the newest version (postgres-dialect.ts has the rest).

import type { Migration } from '../migrations/migration.js';
import { migrateStore } from '../migrations/migrate-store.js';
import { postgresMigrations } from '../migrations/postgres-migrations.js';
import type { DataCenter } from '../records.js';
import { createSqlStore } from '../sql/sql-store.js';
import type { DataCenterStore } from '../store.js';
import { postgresConnection } from './postgres-connection.js';
import { postgresDialect } from './postgres-dialect.js';

export interface PostgresStoreOptions {
  /** postgres://user:password@host:port/database, optionally with ?schema=name. */
  readonly connectionString: string;
  readonly dataCenter: DataCenter;
  /** The schema holding the store's tables (created when missing); overrides ?schema=. */
  readonly schema?: string;
  /** Pool size. Default 10. */
  readonly maxConnections?: number;
  /** The migrations to apply on open. Default: all of them (tests pass fewer to build an older schema). */
  readonly migrations?: readonly Migration[];
  /**
   * Told when an idle pooled connection fails (the server restarted, the network dropped); the
   * pool has already discarded it and the next query opens a new one. Default: ignore.
   */
  readonly onIdleConnectionError?: (error: Error) => void;
}

export async function createPostgresStore(options: PostgresStoreOptions): Promise<DataCenterStore> {
  const connection = postgresConnection(options.connectionString, { schema: options.schema, maxConnections: options.maxConnections });
  const migrations = options.migrations ?? postgresMigrations;
  const dialect = postgresDialect(connection, { onIdleConnectionError: options.onIdleConnectionError });
  try {
    await migrateStore(dialect, migrations);
  } catch (error) {
    await dialect.close();
    throw error;
  }
  return createSqlStore(dialect, { dataCenter: options.dataCenter, migrations });
}

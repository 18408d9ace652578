// The PostgreSQL store of one data center: a pg Pool on one database (or one schema of it). Reads
// outside transactions use any pooled connection; a transaction holds one client from BEGIN to
// COMMIT or ROLLBACK, and its `...ForUpdate` reads lock rows until then.

import pg from 'pg';
import type { Migration } from '../migrations/migration.js';
import { postgresMigrations } from '../migrations/postgres-migrations.js';
import type { DataCenter } from '../records.js';
import type { DataCenterStore, StoreWriter } from '../store.js';
import { TransactionMisuseError, TransactionScope } from '../transaction-scope.js';
import { migratePostgres } from './migrate-postgres.js';
import { postgresConnection } from './postgres-connection.js';
import { PostgresReader } from './postgres-reader.js';
import { PostgresWriter } from './postgres-writer.js';

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
  const pool = new pg.Pool(connection.pool);
  pool.on('error', (error) => options.onIdleConnectionError?.(error));
  try {
    await migratePostgres(pool, options.migrations ?? postgresMigrations, { schema: connection.schema });
  } catch (error) {
    await pool.end();
    throw error;
  }
  return new PostgresStore(options.dataCenter, pool);
}

class PostgresStore extends PostgresReader implements DataCenterStore {
  readonly dataCenter: DataCenter;
  readonly kind = 'postgres' as const;
  readonly #pool: pg.Pool;
  readonly #scope = new TransactionScope('PostgreSQL store');
  #closed = false;

  constructor(dataCenter: DataCenter, pool: pg.Pool) {
    super(pool);
    this.dataCenter = dataCenter;
    this.#pool = pool;
  }

  transaction<Result>(work: (writer: StoreWriter) => Promise<Result>): Promise<Result> {
    return this.#scope.run(async () => {
      if (this.#closed) throw new TransactionMisuseError(`the PostgreSQL store of ${this.dataCenter} is closed`);
      const client = await this.#pool.connect();
      let open = true;
      let broken: Error | undefined;
      try {
        await client.query('BEGIN');
        const result = await work(this.#scope.guard<StoreWriter>(new PostgresWriter(client), () => open));
        const commit = await client.query('COMMIT');
        // COMMIT of a transaction whose statement failed (and whose error `work` caught) rolls back.
        if (commit.command !== 'COMMIT') {
          throw new TransactionMisuseError('a statement failed inside the transaction and its error was caught, so PostgreSQL rolled it back');
        }
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch((rollbackError: unknown) => {
          broken = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
        });
        throw error;
      } finally {
        open = false;
        // A client that could not roll back is destroyed rather than handed to the next caller.
        client.release(broken);
      }
    });
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await this.#pool.end();
  }
}

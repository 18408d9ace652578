// The one DataCenterStore, for both dialects: reads on the dialect's read connection, transactions
// on its write connection (SQLite: one at a time, BEGIN IMMEDIATE; PostgreSQL: a pooled client,
// READ COMMITTED), guarded against misuse (transaction-scope.ts), and a readiness check.

import type { Migration } from '../migrations/migration.js';
import type { DataCenter } from '../records.js';
import { StoreUnavailableError, type DataCenterStore, type Readiness, type StoreWriter } from '../store.js';
import { TransactionMisuseError, TransactionScope } from '../transaction-scope.js';
import { runTransaction } from './run-transaction.js';
import { SqlStoreReader } from './sql-store-reader.js';
import { SqlStoreWriter } from './sql-store-writer.js';
import type { StoreDialect } from './store-dialect.js';

/** How long checkReady waits for the database before it answers not ready. */
const READY_TIMEOUT_MS = 5_000;

export function createSqlStore(dialect: StoreDialect, options: { readonly dataCenter: DataCenter; readonly migrations: readonly Migration[] }): DataCenterStore {
  return new SqlStore(dialect, options.dataCenter, options.migrations);
}

class SqlStore extends SqlStoreReader implements DataCenterStore {
  readonly dataCenter: DataCenter;
  readonly kind: DataCenterStore['kind'];
  readonly #migrations: readonly Migration[];
  readonly #scope: TransactionScope;
  /** Transactions started and not yet ended: close() lets them finish. */
  readonly #running = new Set<Promise<unknown>>();
  #closed = false;

  constructor(dialect: StoreDialect, dataCenter: DataCenter, migrations: readonly Migration[]) {
    super(dialect.reads, dialect);
    this.dataCenter = dataCenter;
    this.kind = dialect.kind;
    this.#migrations = migrations;
    this.#scope = new TransactionScope(`${dialect.label} store`);
  }

  transaction<Result>(work: (writer: StoreWriter) => Promise<Result>): Promise<Result> {
    return this.#scope.run(() => {
      const closed = () => new TransactionMisuseError(`the ${this.dialect.label} store of ${this.dataCenter} is closed`);
      if (this.#closed) return Promise.reject(closed());
      const running = this.dialect.withWriteConnection(async (connection) => {
        // Closed while this transaction waited for its connection.
        if (this.#closed) throw closed();
        let open = true;
        const writer = this.#scope.guard<StoreWriter>(new SqlStoreWriter(connection, this.dialect), () => open);
        try {
          return await runTransaction(this.dialect, connection, () => work(writer));
        } finally {
          open = false;
        }
      });
      this.#running.add(running);
      const forget = () => void this.#running.delete(running);
      running.then(forget, forget);
      return running;
    });
  }

  purgeDeletedBytes(): Promise<void> {
    return this.dialect.purgeDeletedBytes();
  }

  async checkReady(): Promise<Readiness> {
    if (this.#closed) return { ready: false, reason: `the ${this.dialect.label} store of ${this.dataCenter} is closed` };
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), READY_TIMEOUT_MS);
    });
    try {
      const applied = await Promise.race([this.#appliedVersions(), timeout]);
      if (applied === 'timeout') return { ready: false, reason: `the ${this.dialect.label} database of ${this.dataCenter} did not answer within ${READY_TIMEOUT_MS / 1000} s` };
      const pending = this.#migrations.filter((migration) => !applied.has(migration.version)).sort((left, right) => left.version - right.version);
      if (pending.length > 0) {
        const list = pending.map((migration) => `${migration.version} (${migration.name})`).join(', ');
        return { ready: false, reason: `the ${this.dialect.label} database of ${this.dataCenter} lacks migration${pending.length === 1 ? '' : 's'} ${list}` };
      }
      return { ready: true };
    } catch (error) {
      // The database's own message may name the host, the user or the file: only its code is shown.
      return { ready: false, reason: `the ${this.dialect.label} database of ${this.dataCenter} cannot be reached${errorCode(error)}` };
    } finally {
      clearTimeout(timer);
    }
  }

  async #appliedVersions(): Promise<Set<number>> {
    const rows = await this.db.selectFrom('schema_migrations').select('version').execute();
    return new Set(rows.map((row) => row.version));
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await Promise.allSettled([...this.#running]);
    await this.dialect.close();
  }
}

/** ` (CODE)` for an error with a short, code-like `code` (ECONNREFUSED, 57P03, SQLITE_BUSY), else nothing. */
function errorCode(error: unknown): string {
  // The driver's error, not the store's word for it.
  if (error instanceof StoreUnavailableError) return errorCode(error.cause);
  const code = error instanceof Error ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' && /^[A-Z0-9_]{1,40}$/.test(code) ? ` (${code})` : '';
}

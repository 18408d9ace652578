// What differs between the store's two databases, as named hooks: the one store implementation
// (sql-store.ts, sql-store-reader.ts, sql-store-writer.ts) calls these wherever SQLite and
// PostgreSQL truly part ways, and nowhere else knows which database it runs on.

import type { Expression, Kysely, SqlBool } from 'kysely';
import type { CatalogKind } from '../records.js';
import type { Database } from './database.js';

export type StoreKind = 'sqlite' | 'postgres';

/** A lock held until the transaction ends, serialising one kind of work between connections. */
export type TransactionLock =
  /** Admitting new names to one catalog of one organisation. */
  | { readonly name: 'catalog'; readonly orgId: string; readonly kind: CatalogKind }
  /** Migrating the store's schema. */
  | { readonly name: 'migrations' };

export interface StoreDialect {
  readonly kind: StoreKind;
  /** For messages: "SQLite", "PostgreSQL". */
  readonly label: string;
  /** Reads outside transactions (SQLite: the read-only connection; PostgreSQL: the pool). */
  readonly reads: Kysely<Database>;

  /**
   * Runs `work` on the connection a write transaction uses, held until `work` ends: SQLite's one
   * writing connection (one holder at a time), or a pooled PostgreSQL client.
   */
  withWriteConnection<Result>(work: (connection: Kysely<Database>) => Promise<Result>): Promise<Result>;
  /** Opens a write transaction: BEGIN IMMEDIATE on SQLite takes the file's write lock at once, so
   * another process (the admin CLI) waits for it up front instead of failing mid-transaction. */
  readonly begin: 'BEGIN IMMEDIATE' | 'BEGIN';
  /**
   * How long BEGIN waits for another process's write lock (SQLite's busy timeout), trying again
   * between timers: better-sqlite3's own busy handler waits synchronously, which would stop the
   * whole server (every request, its health check, its sockets' timers) while another process
   * holds the lock. Undefined: BEGIN never waits for such a lock (PostgreSQL).
   */
  readonly beginWaitMs?: number;
  /** Ends a transaction that failed, leaving the connection usable (or discarded). */
  rollback(connection: Kysely<Database>): Promise<void>;

  /**
   * Whether reads that guard a read-then-write rule must lock their rows (`FOR UPDATE`, and
   * `SKIP LOCKED` for housekeeping): PostgreSQL runs transactions side by side; SQLite runs one
   * writer at a time, so its reads need no lock (and it has no such clause).
   */
  readonly rowLocks: boolean;
  /**
   * Whether a statement may use one numbered parameter in many places (PostgreSQL's `$1`): a
   * multi-row INSERT then sends a value every row shares once. better-sqlite3 binds each
   * placeholder once (and binding costs SQLite next to nothing).
   */
  readonly reusesParameters: boolean;
  /**
   * Whether many rows go in by `COPY ... FROM STDIN` (PostgreSQL: a statement whose one parameter
   * is the rows in COPY's text format, which the driver streams; see insert-rows.ts), which
   * PostgreSQL applies faster than a multi-row INSERT of thousands of parameters. SQLite has none.
   */
  readonly copiesRows: boolean;
  /** Takes `lock` until the transaction ends; a no-op where one writer runs at a time. */
  lock(connection: Kysely<Database>, lock: TransactionLock): Promise<void>;
  /** Whether `error` is the database's "unique constraint violated". */
  isUniqueViolation(error: unknown): boolean;

  /**
   * Whether the planner chooses, from statistics it keeps current, between driving a query from
   * the rows of an `IN (subquery)` and checking the subquery row by row (PostgreSQL: ANALYZE and
   * autovacuum). Where it does not (SQLite), the store chooses (search-sessions.ts).
   */
  readonly plansSemiJoins: boolean;
  /** `column IN values` with the list as one parameter, however long it is. */
  inList(column: string, values: readonly string[]): Expression<SqlBool>;
  /** The same for byte strings (catalog names). */
  inByteList(column: string, values: readonly Buffer[]): Expression<SqlBool>;
  /**
   * The JSON text of the value at `keys` (object keys, none holding `"`) of the JSON text in
   * `column`, as it is written there (null when there is none): both databases give back a
   * value's own text, so one rule compares it (json-scalar-at.ts).
   */
  jsonTextAt(column: string, keys: readonly string[]): Expression<string | null>;
  /** Whether the text in `column` (JSON text included) contains `text`. */
  containsText(column: string, text: string): Expression<SqlBool>;
  /** How many keys the object at `keys` of the JSON text in `column` has (0 when there is none). */
  jsonKeyCount(column: string, keys: readonly string[]): Expression<number>;

  /**
   * A mark of the jobs created so far, read inside `connection`'s transaction: every job whose
   * `created_mark` is below it had been committed when it was read, so a job created later, or
   * whose creation was still under way, has a mark at or above it. PostgreSQL: the oldest
   * transaction still running (a job's mark is the id of the transaction that created it);
   * SQLite, one writer at a time: the next value of the counter the jobs' marks come from.
   */
  jobsMark(connection: Kysely<Database>): Promise<number>;

  /** Runs a migration's SQL (several statements) inside the caller's transaction. */
  runScript(connection: Kysely<Database>, script: string): Promise<void>;
  /** The DDL of the migrations table (SQLite's is STRICT, as its other tables). */
  readonly migrationsTable: string;
  /** Creates what must exist before the migrations table (PostgreSQL: the schema). */
  prepareMigrations(connection: Kysely<Database>): Promise<void>;

  /** See DataCenterStore#purgeDeletedBytes. */
  purgeDeletedBytes(): Promise<void>;
  close(): Promise<void>;
}

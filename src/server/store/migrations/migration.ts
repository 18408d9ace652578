// A versioned schema change: SQL run once, in its own transaction, recorded in schema_migrations.

import type { Kysely } from 'kysely';
import type { Database } from '../sql/database.js';
import type { StoreDialect } from '../sql/store-dialect.js';

export interface Migration {
  /** 1, 2, 3, ... in the order they apply. */
  readonly version: number;
  readonly name: string;
  /** One or more statements, run as one script. */
  readonly sql: string;
  /**
   * What SQL cannot do, run after `sql` in the same transaction: rows derived from stored JSON by
   * the same code that derives them on every write (a session's search facts).
   */
  readonly backfill?: (connection: Kysely<Database>, dialect: StoreDialect) => Promise<void>;
}

/** Migrations sorted by version; throws on a duplicate or a version that is not a positive integer. */
export function orderMigrations(migrations: readonly Migration[]): Migration[] {
  const ordered = [...migrations].sort((left, right) => left.version - right.version);
  ordered.forEach((migration, index) => {
    if (!Number.isSafeInteger(migration.version) || migration.version < 1) {
      throw new RangeError(`migration "${migration.name}" has version ${migration.version}; versions are positive integers`);
    }
    const previous = ordered[index - 1];
    if (previous !== undefined && previous.version === migration.version) {
      throw new RangeError(`migrations "${previous.name}" and "${migration.name}" share version ${migration.version}`);
    }
  });
  return ordered;
}

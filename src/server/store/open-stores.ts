// The stores of both data centers, as configured: PostgreSQL where RECAP_<DC>_DATABASE_URL is
// set, else SQLite at <dataDir>/<dc>.db. Each is migrated to the newest schema on open.

import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { StoreMigrationError } from './migrations/store-migration-error.js';
import { createPostgresStore } from './postgres/create-postgres-store.js';
import { DATA_CENTERS, type DataCenter } from './records.js';
import { createSqliteStore } from './sqlite/create-sqlite-store.js';
import type { DataCenterStore } from './store.js';

export interface OpenStoresOptions {
  /** Where the SQLite files go (created when needed). */
  readonly dataDir: string;
  /** Read for RECAP_NA1_DATABASE_URL and RECAP_EU1_DATABASE_URL (empty counts as unset). */
  readonly env: Record<string, string | undefined>;
}

/**
 * A SQLite store that cannot be opened: `--data-dir` is a file or cannot be written, or the file
 * is not a SQLite database. Its message names the file and says which.
 *
 * @category Server
 */
export class StoreOpenError extends Error {
  readonly code = 'store_open_failed';
  constructor(
    /** The SQLite file. */
    readonly file: string,
    dataDir: string,
    cause: unknown,
  ) {
    super(`cannot open the SQLite store ${file}: ${openProblem(dataDir, file, cause)}`, { cause });
    this.name = 'StoreOpenError';
  }
}

function openProblem(dataDir: string, file: string, cause: unknown): string {
  const code = (cause as NodeJS.ErrnoException | undefined)?.code;
  const message = cause instanceof Error ? cause.message : String(cause);
  if (code === 'EEXIST' || code === 'ENOTDIR') return `the data folder ${dataDir} (--data-dir) is a file, or lies under one`;
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') return `the data folder ${dataDir} cannot be written (${code})`;
  if (/file is not a database/i.test(message)) return `${file} is not a SQLite database`;
  if (/unable to open database file/i.test(message)) return `${file} cannot be opened or created (can its folder be written?)`;
  return message;
}

/** The environment variable naming a data center's PostgreSQL database. */
export const databaseUrlVariable = (dataCenter: DataCenter): string => `RECAP_${dataCenter.toUpperCase()}_DATABASE_URL`;

export async function openStores(options: OpenStoresOptions): Promise<Record<DataCenter, DataCenterStore>> {
  const opened: DataCenterStore[] = [];
  try {
    for (const dataCenter of DATA_CENTERS) {
      const url = options.env[databaseUrlVariable(dataCenter)];
      if (url !== undefined && url !== '') {
        opened.push(await createPostgresStore({ connectionString: url, dataCenter }));
      } else {
        const file = path.join(options.dataDir, `${dataCenter}.db`);
        try {
          await mkdir(options.dataDir, { recursive: true });
          opened.push(await createSqliteStore({ file, dataCenter }));
        } catch (error) {
          // A failed migration says so itself (docs/deployment.md).
          throw error instanceof StoreMigrationError ? error : new StoreOpenError(file, options.dataDir, error);
        }
      }
    }
  } catch (error) {
    // Half-open is worse than closed: nothing would close the stores already opened.
    await Promise.allSettled(opened.map((store) => store.close()));
    throw error;
  }
  return Object.fromEntries(opened.map((store) => [store.dataCenter, store])) as Record<DataCenter, DataCenterStore>;
}

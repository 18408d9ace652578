// The stores of both data centers, as configured: PostgreSQL where RECAP_<DC>_DATABASE_URL is
// set, else SQLite at <dataDir>/<dc>.db. Each is migrated to the newest schema on open.

import { mkdir } from 'node:fs/promises';
import path from 'node:path';
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
        await mkdir(options.dataDir, { recursive: true });
        opened.push(await createSqliteStore({ file: path.join(options.dataDir, `${dataCenter}.db`), dataCenter }));
      }
    }
  } catch (error) {
    // Half-open is worse than closed: nothing would close the stores already opened.
    await Promise.allSettled(opened.map((store) => store.close()));
    throw error;
  }
  return Object.fromEntries(opened.map((store) => [store.dataCenter, store])) as Record<DataCenter, DataCenterStore>;
}

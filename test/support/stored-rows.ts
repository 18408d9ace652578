// Rows put straight into a store's tables, as it stores them, for tests of work at scale
// (scale-bounds*.test.ts, deletion-job-marks.test.ts): the store's own writes would take a
// statement or more per row.

import { sql, type Kysely } from 'kysely';
import type { Database } from '../../src/server/store/sql/database.js';
import type { DataCenterStore } from '../../src/server/store/store.js';

/** Inserts rows as they are stored, a few hundred per statement. */
export async function insertStored<Table extends keyof Database & string>(store: DataCenterStore, table: Table, rows: readonly Record<string, unknown>[]): Promise<void> {
  await store.transaction(async (writer) => {
    const { db } = writer as unknown as { db: Kysely<Database> };
    for (let start = 0; start < rows.length; start += 500) await db.insertInto(table).values(rows.slice(start, start + 500) as never).execute();
  });
}

/** Gathers PostgreSQL's planner statistics now, as autovacuum would once tables have grown. */
export async function analyze(store: DataCenterStore): Promise<void> {
  await store.transaction(async (writer) => {
    const { db } = writer as unknown as { db: Kysely<Database> };
    await sql`ANALYZE`.execute(db);
  });
}

/** `2026-01-01` plus `minutes`, as stored. */
export const minute = (minutes: number): string => new Date(Date.UTC(2026, 0, 1) + minutes * 60_000).toISOString();

/**
 * A job's row as stored: created at `minute(index)`, finished a minute later unless still
 * PROCESSING (then pending, with no lease).
 */
export const storedJob = (orgId: string, id: string, index: number, status = 'COMPLETED', kind = 'events') => ({
  id,
  org_id: orgId,
  kind,
  status,
  created: minute(index),
  finished: status === 'PROCESSING' ? null : minute(index + 1),
  total: 1,
  cursor: status === 'PROCESSING' ? 0 : 1,
  imports: 1,
  errors: 0,
  lease_owner: null,
  lease_expires_at: null,
});

// A batch job's writes: creating it with its items, and recording a chunk's progress (the cursor
// and the results of the items it processed, merged with the rows of an earlier run of the same
// chunk: a chunk processed again after its instance died before committing does not double its
// results). Leases are in job-leases.ts.

import { sql, type Kysely } from 'kysely';
import { mergeJobResultRows, spanOf, toJobResultRows, type JobResultEntry } from '../job-result-rows.js';
import { toJobItemRows } from '../job-item-rows.js';
import { jobItemsText } from '../job-items-text.js';
import type { JobRecord, JobResultRecord, JsonValue } from '../records.js';
import { StoreConflictError } from '../store.js';
import { toFlag, type Database } from './database.js';
import { insertRows } from './insert-rows.js';
import { toJob } from './records-from-rows.js';
import type { StoreDialect } from './store-dialect.js';

/** StoreWriter#createJob. */
export async function createJob(db: Kysely<Database>, dialect: StoreDialect, record: JobRecord, items: readonly JsonValue[]): Promise<void> {
  const inserted = await db
    .insertInto('jobs')
    .values({
      id: record.id,
      org_id: record.orgId,
      kind: record.kind,
      status: record.status,
      created: record.created,
      finished: record.finished,
      total: record.total,
      cursor: record.cursor,
      imports: record.imports,
      errors: record.errors,
    })
    .onConflict((conflict) => conflict.doNothing())
    .executeTakeFirstOrThrow();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 0) throw new StoreConflictError(`a job with id "${record.id}" already exists`);
  await insertRows(
    db,
    dialect,
    'job_items',
    toJobItemRows(items).map(([first, rowItems]) => ({ job_id: record.id, item_index: first, item: jobItemsText(rowItems) })),
  );
}

/** StoreWriter#recordJobProgress. */
export async function recordJobProgress(
  db: Kysely<Database>,
  dialect: StoreDialect,
  jobId: string,
  progress: { readonly cursor: number; readonly imports: number; readonly errors: number; readonly results: readonly JobResultRecord[] },
): Promise<void> {
  const rows = toJobResultRows(progress.results);
  const { first, last } = rows.length === 0 ? { first: 0, last: -1 } : spanOf(rows);
  // Stored rows that meet this chunk's items: a chunk processed again. Its rows are merged, not
  // doubled. Counted by the same statement that moves the cursor: one round trip, not two.
  const meeting = (table: 'job_result_rows') =>
    db.selectFrom(table).where('job_id', '=', jobId).where('first_index', '<=', last).where('last_index', '>=', first);
  const moved = await db
    .updateTable('jobs')
    .set({ cursor: progress.cursor, imports: progress.imports, errors: progress.errors })
    .where('id', '=', jobId)
    .returning(() => meeting('job_result_rows').select((eb) => eb.fn.countAll<number>().as('count')).as('overlapping'))
    .executeTakeFirst();
  if (moved === undefined || rows.length === 0) return;
  let written = rows;
  if (Number(moved.overlapping) > 0) {
    const overlapping = await meeting('job_result_rows').select(['ok', 'results']).execute();
    await db.deleteFrom('job_result_rows').where('job_id', '=', jobId).where('first_index', '<=', last).where('last_index', '>=', first).execute();
    written = mergeJobResultRows(
      overlapping.map((row) => ({ ok: row.ok === 1, entries: JSON.parse(row.results) as JobResultEntry[] })),
      progress.results,
    );
  }
  await insertRows(
    db,
    dialect,
    'job_result_rows',
    written.map((row) => ({
      job_id: jobId,
      ok: toFlag(row.ok),
      first_index: row.first,
      last_index: row.last,
      count: row.entries.length,
      results: JSON.stringify(row.entries),
    })),
    { shared: ['job_id'] },
  );
}

/**
 * Gives `count` server events back to the organisation's quota of `period` (`2026-11`): items of
 * an events batch that were refused or cancelled are no events (never below zero).
 */
export async function releaseServerEvents(db: Kysely<Database>, orgId: string, period: string, count: number): Promise<void> {
  if (count <= 0) return;
  await db
    .updateTable('server_event_usage')
    .set({ used: sql<number>`CASE WHEN used > ${count} THEN used - ${count} ELSE 0 END` })
    .where('org_id', '=', orgId)
    .where('period', '=', period)
    .execute();
}

/** Whether a user deletion job has deleted something (its state counts the events deleted so far, or it has no user left to delete). */
async function deletionBegun(db: Kysely<Database>, jobId: string): Promise<boolean> {
  const row = await db.selectFrom('job_items').select('item').where('job_id', '=', jobId).where('item_index', '=', 0).executeTakeFirst();
  const [state] = row === undefined ? [] : (JSON.parse(row.item) as { user_id?: string; events_deleted?: number }[]);
  return state !== undefined && (state.user_id === undefined || (state.events_deleted ?? 0) > 0);
}

/**
 * StoreWriter#cancelJob. An events batch gives back to the quota of the month it was accepted in
 * the items it will never apply. A user deletion that has begun deleting is not cancelled (a
 * deletion never stops half done): it is answered as it is, and finishes.
 */
export async function cancelJob(db: Kysely<Database>, dialect: StoreDialect, orgId: string, jobId: string, finished: string): Promise<JobRecord | undefined> {
  // The job's row first: a step under way holds it until it commits, and the next step waits for this.
  const locked = await db
    .selectFrom('jobs')
    .select('kind')
    .where('org_id', '=', orgId)
    .where('id', '=', jobId)
    .$if(dialect.rowLocks, (query) => query.forUpdate())
    .executeTakeFirst();
  if (locked?.kind === 'user_deletion' && (await deletionBegun(db, jobId))) {
    const row = await db.selectFrom('jobs').selectAll().where('org_id', '=', orgId).where('id', '=', jobId).executeTakeFirst();
    return row && toJob(row);
  }
  const updated = await db
    .updateTable('jobs')
    .set({ status: 'CANCELLED', finished, lease_owner: null, lease_expires_at: null })
    .where('org_id', '=', orgId)
    .where('id', '=', jobId)
    .where('status', '=', 'PROCESSING')
    .executeTakeFirst();
  const row = await db.selectFrom('jobs').selectAll().where('org_id', '=', orgId).where('id', '=', jobId).executeTakeFirst();
  const job = row && toJob(row);
  if (job !== undefined && job.kind === 'events' && Number(updated.numUpdatedRows) === 1) await releaseServerEvents(db, orgId, job.created.slice(0, 7), job.total - job.cursor);
  return job;
}

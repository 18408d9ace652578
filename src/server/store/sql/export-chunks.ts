// The content of exports: NDJSON chunks appended by the export operation (in the transaction that
// moves its state, so that a chunk is written exactly once), read back in order by the download,
// and removed once the export is older than its retention.

import type { Kysely } from 'kysely';
import type { JsonValue } from '../records.js';
import type { Database } from './database.js';

/** StoreWriter#appendExportChunk: chunk `seq` of an export, and the export's state for the next step. */
export async function appendExportChunk(db: Kysely<Database>, jobId: string, seq: number, data: string, state: JsonValue): Promise<void> {
  if (data !== '') await db.insertInto('export_chunks').values({ job_id: jobId, seq, data }).execute();
  await db.updateTable('job_items').set({ item: JSON.stringify([state]) }).where('job_id', '=', jobId).where('item_index', '=', 0).execute();
}

/** StoreReader#readExportChunks: chunks after `afterSeq`, in order. */
export async function readExportChunks(db: Kysely<Database>, jobId: string, afterSeq: number, limit: number): Promise<{ seq: number; data: string }[]> {
  return db.selectFrom('export_chunks').select(['seq', 'data']).where('job_id', '=', jobId).where('seq', '>', afterSeq).orderBy('seq').limit(limit).execute();
}

/**
 * StoreWriter#expireExports: removes the content of exports finished before `before` and marks
 * them expired (their state says so); returns how many.
 */
export async function expireExports(db: Kysely<Database>, before: string): Promise<number> {
  const jobs = await db
    .selectFrom('jobs')
    .select('id')
    .where('kind', '=', 'export')
    .where('status', '=', 'COMPLETED')
    .where('finished', '<', before)
    .where((eb) => eb.exists(eb.selectFrom('export_chunks').select('seq').whereRef('export_chunks.job_id', '=', 'jobs.id')))
    .execute();
  for (const { id } of jobs) {
    await db.deleteFrom('export_chunks').where('job_id', '=', id).execute();
    const row = await db.selectFrom('job_items').select('item').where('job_id', '=', id).where('item_index', '=', 0).executeTakeFirst();
    const [state] = row === undefined ? [{}] : (JSON.parse(row.item) as Record<string, JsonValue>[]);
    await db.updateTable('job_items').set({ item: JSON.stringify([{ ...state, expired: true }]) }).where('job_id', '=', id).where('item_index', '=', 0).execute();
  }
  return jobs.length;
}

// Batch job leases (StoreWriter#claimJob and the rest): which instance works on a job, for how
// long without a renewal, and the check that fences each chunk. PostgreSQL claims with
// FOR UPDATE SKIP LOCKED, so that instances claiming at once take different jobs and never wait
// on a job another one is in the middle of a chunk of; SQLite runs one writer at a time.

import type { Kysely } from 'kysely';
import type { ClaimedJob, JobStatus } from '../records.js';
import type { Database } from './database.js';
import { toJob } from './records-from-rows.js';
import type { StoreDialect } from './store-dialect.js';

export interface LeaseRequest {
  readonly owner: string;
  readonly now: string;
  readonly leaseMs: number;
}

/** `now` plus `ms`, as the ISO text the tables hold. */
export const leaseUntil = (now: string, ms: number): string => new Date(Date.parse(now) + ms).toISOString();

/** Rows an UPDATE changed. */
const updated = (result: { readonly numUpdatedRows: bigint }): boolean => result.numUpdatedRows > 0n;

export async function claimJob(db: Kysely<Database>, dialect: StoreDialect, request: LeaseRequest): Promise<ClaimedJob | undefined> {
  const candidate = await db
    .selectFrom('jobs')
    .select(['id', 'lease_owner'])
    .where('status', '=', 'PROCESSING')
    .where((eb) => eb.or([eb('lease_expires_at', 'is', null), eb('lease_expires_at', '<', request.now)]))
    .orderBy('created')
    .orderBy('id')
    .limit(1)
    .$if(dialect.rowLocks, (query) => query.forUpdate().skipLocked())
    .executeTakeFirst();
  if (candidate === undefined) return undefined;
  const row = await db
    .updateTable('jobs')
    .set({ lease_owner: request.owner, lease_expires_at: leaseUntil(request.now, request.leaseMs) })
    .where('id', '=', candidate.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  // An owner means it was held and ran out; a lease handed back (a graceful stop) leaves none.
  return { job: toJob(row), takeover: candidate.lease_owner !== null };
}

export async function renewJobLease(db: Kysely<Database>, jobId: string, request: LeaseRequest): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set({ lease_expires_at: leaseUntil(request.now, request.leaseMs) })
    .where('id', '=', jobId)
    .where('lease_owner', '=', request.owner)
    .where('status', '=', 'PROCESSING')
    .executeTakeFirstOrThrow();
  return updated(result);
}

export async function lockJobForChunk(db: Kysely<Database>, dialect: StoreDialect, jobId: string, options: { readonly owner: string; readonly cursor: number }): Promise<boolean> {
  const row = await db
    .selectFrom('jobs')
    .select('id')
    .where('id', '=', jobId)
    .where('lease_owner', '=', options.owner)
    .where('cursor', '=', options.cursor)
    .where('status', '=', 'PROCESSING')
    .$if(dialect.rowLocks, (query) => query.forUpdate())
    .executeTakeFirst();
  return row !== undefined;
}

export async function releaseJobLease(db: Kysely<Database>, jobId: string, owner: string, until?: string): Promise<void> {
  // Without an owner, a claim after `until` is no takeover: the job was handed back, not abandoned.
  await db
    .updateTable('jobs')
    .set({ lease_owner: null, lease_expires_at: until ?? null })
    .where('id', '=', jobId)
    .where('lease_owner', '=', owner)
    .execute();
}

export async function finishJob(db: Kysely<Database>, jobId: string, status: JobStatus, finished: string, owner: string | undefined): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set({ status, finished, lease_owner: null, lease_expires_at: null })
    .where('id', '=', jobId)
    .$if(owner !== undefined, (query) => query.where('lease_owner', '=', owner as string))
    .executeTakeFirstOrThrow();
  return updated(result);
}

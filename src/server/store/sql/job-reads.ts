// Listing an organisation's jobs (GET /v2/operations): newest first, by kind and status, paged
// by (created, id) keys so that jobs created between pages are neither skipped nor repeated. The
// status filter is part of the query, PENDING and PROCESSING included, so that a page is full
// whenever another one follows.

import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import { checkPageLimit, decodePageCursor, encodePageCursor, toPage } from '../page-cursor.js';
import type { JobKind, JobRecord, OperationStatus } from '../records.js';
import type { Page } from '../store.js';
import type { Database } from './database.js';
import { toJob } from './records-from-rows.js';

export interface ListJobsOptions {
  readonly kinds?: readonly JobKind[];
  readonly status?: OperationStatus;
  /** Only jobs not yet finished, PENDING or PROCESSING alike (a job between two leases may be either). */
  readonly unfinished?: boolean;
  readonly after?: string | null;
  readonly limit: number;
}

/**
 * Jobs whose operation has `status`. A PROCESSING job is PENDING until an instance takes it: no
 * lease owner and no item done (the rule of operationStatus in routes/operation-routes.ts).
 */
function hasStatus(eb: ExpressionBuilder<Database, 'jobs'>, status: OperationStatus) {
  if (status === 'PENDING') return eb.and([eb('status', '=', 'PROCESSING'), eb('lease_owner', 'is', null), eb('cursor', '=', 0)]);
  if (status === 'PROCESSING') return eb.and([eb('status', '=', 'PROCESSING'), eb.or([eb('lease_owner', 'is not', null), eb('cursor', '>', 0)])]);
  return eb('status', '=', status);
}

/** StoreReader#listJobs. */
export async function listJobs(db: Kysely<Database>, orgId: string, options: ListJobsOptions): Promise<Page<JobRecord>> {
  checkPageLimit(options.limit);
  const after = options.after ? decodePageCursor(options.after, 'jobs', ['timestamp', 'string'] as const) : undefined;
  const kinds = options.kinds;
  if (kinds !== undefined && kinds.length === 0) return { items: [], next: null };
  // Unfinished jobs are few, and the jobs_unfinished index holds them all in the order listed: a
  // list of them reads that index and checks the organisation on its rows, where SQLite (which keeps
  // no statistics to tell) would otherwise walk every job the organisation ever ran, newest first,
  // for the few unfinished. The concatenation keeps the organisation's column out of index choices.
  const unfinished = options.unfinished === true || options.status === 'PENDING' || options.status === 'PROCESSING';
  const rows = await db
    .selectFrom('jobs')
    .selectAll()
    .$if(!unfinished, (query) => query.where('org_id', '=', orgId))
    .$if(unfinished, (query) => query.where(sql<string>`org_id || ''`, '=', orgId))
    .$if(kinds !== undefined, (query) => query.where('kind', 'in', kinds as JobKind[]))
    .$if(options.status !== undefined, (query) => query.where((eb) => hasStatus(eb, options.status as OperationStatus)))
    .$if(options.unfinished === true, (query) => query.where('status', '=', 'PROCESSING'))
    .$if(after !== undefined, (query) => query.where((eb) => eb(eb.refTuple('created', 'id'), '<', eb.tuple(...(after as [string, string])))))
    .orderBy('created', 'desc')
    .orderBy('id', 'desc')
    .limit(options.limit + 1)
    .execute();
  return toPage(rows, options.limit, toJob, (row) => encodePageCursor('jobs', [row.created, row.id]));
}

// Listing an organisation's jobs (GET /v2/operations): newest first, by kind and status, paged
// by (created, id) keys so that jobs created between pages are neither skipped nor repeated.

import type { Kysely } from 'kysely';
import { checkPageLimit, decodePageCursor, encodePageCursor, toPage } from '../page-cursor.js';
import type { JobKind, JobRecord, JobStatus } from '../records.js';
import type { Page } from '../store.js';
import type { Database } from './database.js';
import { toJob } from './records-from-rows.js';

export interface ListJobsOptions {
  readonly kinds?: readonly JobKind[];
  readonly status?: JobStatus;
  readonly after?: string | null;
  readonly limit: number;
}

/** StoreReader#listJobs. */
export async function listJobs(db: Kysely<Database>, orgId: string, options: ListJobsOptions): Promise<Page<JobRecord>> {
  checkPageLimit(options.limit);
  const after = options.after ? decodePageCursor(options.after, 'jobs', ['timestamp', 'string'] as const) : undefined;
  const kinds = options.kinds;
  if (kinds !== undefined && kinds.length === 0) return { items: [], next: null };
  const rows = await db
    .selectFrom('jobs')
    .selectAll()
    .where('org_id', '=', orgId)
    .$if(kinds !== undefined, (query) => query.where('kind', 'in', kinds as JobKind[]))
    .$if(options.status !== undefined, (query) => query.where('status', '=', options.status as JobStatus))
    .$if(after !== undefined, (query) => query.where((eb) => eb(eb.refTuple('created', 'id'), '<', eb.tuple(...(after as [string, string])))))
    .orderBy('created', 'desc')
    .orderBy('id', 'desc')
    .limit(options.limit + 1)
    .execute();
  return toPage(rows, options.limit, toJob, (row) => encodePageCursor('jobs', [row.created, row.id]));
}

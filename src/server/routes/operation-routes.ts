// Operations (see docs/server.md#operations): every long-running request (user and event
// batches, user deletions, exports, summary batches) is a job, listed, read, cancelled and paged
// here with one shape. The batch and deletion routes keep their own shapes over the same jobs.

import { z } from 'zod';
import { levelAtLeast } from '../auth/levels.js';
import { showJobResults } from '../batches/event-import-results.js';
import { ApiError } from '../http/api-error.js';
import { defineRoute, type RouteDefinition } from '../http/route-definition.js';
import type { JobKind, JobRecord, KeyLevel } from '../store/records.js';
import type { DataCenterStore } from '../store/store.js';
import { decodeIndexToken, encodeIndexToken, readPage } from './page-tokens.js';
import { pageQuerySchema } from './schemas.js';

/** Operation kinds (docs/server.md#operations) by job kind. */
export const OPERATION_KINDS: Readonly<Record<JobKind, string>> = {
  users: 'users_batch',
  events: 'events_batch',
  user_deletion: 'user_deletion',
  export: 'export',
  summary_batch: 'summary_batch',
};

/** The level a key needs to see or cancel an operation: that of the route that starts it. */
export const OPERATION_LEVELS: Readonly<Record<JobKind, KeyLevel>> = {
  users: 'standard',
  events: 'standard',
  summary_batch: 'architect',
  user_deletion: 'architect',
  export: 'architect',
};

const JOB_KIND_OF = new Map(Object.entries(OPERATION_KINDS).map(([job, operation]) => [operation, job as JobKind]));
const STATUSES = ['PENDING', 'PROCESSING', 'COMPLETED', 'FAILED', 'CANCELLED'] as const;

export const operationSchema = z.object({
  id: z.string(),
  kind: z.enum(['users_batch', 'events_batch', 'user_deletion', 'export', 'summary_batch']),
  status: z.enum(STATUSES),
  created: z.string(),
  finished: z.string().nullable(),
  progress: z.object({ done: z.number(), total: z.number(), failed: z.number() }),
  result: z.record(z.string(), z.unknown()).optional(),
});

/** PENDING until an instance takes it, then PROCESSING; finished statuses as stored (listJobs filters by the same rule, in SQL). */
function operationStatus(job: JobRecord): (typeof STATUSES)[number] {
  if (job.status !== 'PROCESSING') return job.status;
  return job.leased === true || job.cursor > 0 ? 'PROCESSING' : 'PENDING';
}

/** What a finished operation produced, read from its job. */
async function operationResult(store: DataCenterStore, job: JobRecord): Promise<Record<string, unknown> | undefined> {
  if (job.status === 'PROCESSING') return undefined;
  switch (job.kind) {
    case 'users':
    case 'events':
      return { imports: job.imports, errors: job.errors };
    case 'user_deletion': {
      const [item] = await store.readJobItems(job.id, 0, 1);
      return { events_deleted: (item as { events_deleted?: number } | undefined)?.events_deleted ?? 0 };
    }
    case 'summary_batch':
      return { summarized: job.imports, failed: job.errors };
    case 'export':
      return job.status === 'COMPLETED' ? { lines: job.imports, download: `/v2/exports/${job.id}/download` } : undefined;
    default:
      return { imports: job.imports, errors: job.errors };
  }
}

/** The operation view of a job: `{ id, kind, status, created, finished, progress, result? }`. */
export async function operationView(store: DataCenterStore, job: JobRecord): Promise<z.infer<typeof operationSchema>> {
  const result = await operationResult(store, job);
  return {
    id: job.id,
    kind: OPERATION_KINDS[job.kind] as z.infer<typeof operationSchema>['kind'],
    status: operationStatus(job),
    created: job.created,
    finished: job.finished,
    progress: { done: job.cursor, total: job.total, failed: job.errors },
    ...(result === undefined ? {} : { result }),
  };
}

/** The organisation's job `id` when the key may see it; 404 for another organisation's or none, 403 for a lower level. */
async function findOperation(store: DataCenterStore, orgId: string, level: KeyLevel, id: string): Promise<JobRecord> {
  const job = await store.findJob(orgId, id);
  if (job === undefined) throw new ApiError('not_found', `no operation ${id}`);
  const needed = OPERATION_LEVELS[job.kind];
  if (!levelAtLeast(level, needed)) throw new ApiError('forbidden', `this key's level (${level}) does not allow operation ${id} (${OPERATION_KINDS[job.kind]}); it needs ${needed} or higher`);
  return job;
}

const listQuerySchema = pageQuerySchema.extend({
  kind: z.enum(['users_batch', 'events_batch', 'user_deletion', 'export', 'summary_batch']).optional(),
  status: z.enum(STATUSES).optional(),
});

export function operationRoutes(): RouteDefinition<unknown, unknown>[] {
  const list = defineRoute({
    method: 'get',
    path: '/v2/operations',
    summary: "The organisation's operations, newest first",
    tag: 'operations',
    level: 'standard',
    query: listQuerySchema,
    response: { status: 200, description: 'A page of operations (those the key may see)', schema: z.object({ results: z.array(operationSchema), next_page_token: z.string().nullable() }) },
    errors: [400, 401, 403],
    async handle({ store, org, key, query }) {
      const visible = (Object.keys(OPERATION_KINDS) as JobKind[]).filter((kind) => levelAtLeast(key.level, OPERATION_LEVELS[kind]));
      const asked = query.kind === undefined ? undefined : (JOB_KIND_OF.get(query.kind) as JobKind);
      const kinds = asked === undefined ? visible : visible.filter((kind) => kind === asked);
      if (asked !== undefined && kinds.length === 0) throw new ApiError('forbidden', `this key's level (${key.level}) does not allow ${query.kind} operations; they need ${OPERATION_LEVELS[asked]} or higher`);
      const size = query.page_size ?? 50;
      const page = await readPage(() => store.listJobs(org.id, { kinds, status: query.status, after: query.page_token ?? null, limit: size }));
      const results = await Promise.all(page.items.map((job) => operationView(store, job)));
      return { status: 200, body: { results, next_page_token: page.next } };
    },
  });
  const get = defineRoute({
    method: 'get',
    path: '/v2/operations/{id}',
    summary: 'One operation',
    tag: 'operations',
    level: 'standard',
    response: { status: 200, description: 'The operation', schema: operationSchema },
    errors: [401, 403, 404],
    async handle({ store, org, key, params }) {
      const job = await findOperation(store, org.id, key.level, params.id ?? '');
      return { status: 200, body: await operationView(store, job) };
    },
  });
  const cancel = defineRoute({
    method: 'delete',
    path: '/v2/operations/{id}',
    summary: 'Cancel an operation',
    tag: 'operations',
    level: 'standard',
    response: { status: 200, description: 'The operation, CANCELLED (items already applied stay applied and are counted); a finished one is answered as it is', schema: operationSchema },
    errors: [401, 403, 404],
    async handle({ store, org, key, deps, params }) {
      const job = await findOperation(store, org.id, key.level, params.id ?? '');
      const cancelled = await store.transaction((writer) => writer.cancelJob(org.id, job.id, deps.clock().toISOString()));
      if (cancelled === undefined) throw new ApiError('not_found', `no operation ${job.id}`);
      return { status: 200, body: await operationView(store, cancelled) };
    },
  });
  const results = defineRoute({
    method: 'get',
    path: '/v2/operations/{id}/results',
    summary: "An operation's results, by item",
    tag: 'operations',
    level: 'standard',
    query: pageQuerySchema,
    response: {
      status: 200,
      description:
        'One result per processed item, in item order: `{ index, ok, result }` (a batch item\'s result is the record its /imports page shows; an error result is `{ code, message, details? }`); for a summary batch, the lines themselves, JSONL lines as `recap run --output` writes them (`{ session_id, file, app_url, result, grounding?, tokens, model, ms, cached, run }` or `{ session_id, file, app_url?, error, run }`, `file` being the session id; a line that named a user deleted since is `{ file: "[deleted] item <index>", error: { code: "deleted", message }, run? }`; `run` is `{ profile, profile_sha256, provider, model, privacy_sha256 }`)',
      schema: z.object({ results: z.array(z.unknown()), next_page_token: z.string().nullable() }),
    },
    errors: [400, 401, 403, 404],
    async handle({ store, org, key, params, query }) {
      const job = await findOperation(store, org.id, key.level, params.id ?? '');
      const size = query.page_size ?? 100;
      const after = decodeIndexToken(query.page_token, job.total);
      const [oks, errors] = await Promise.all([
        store.listJobResults(job.id, { ok: true, after, limit: size + 1 }),
        store.listJobResults(job.id, { ok: false, after, limit: size + 1 }),
      ]);
      const merged = [...oks, ...errors].sort((a, b) => a.index - b.index);
      const shown = merged.slice(0, size);
      const last = shown.at(-1);
      // The records the batch routes show (an event import as its record, not as stored).
      const values = await showJobResults(store, job, shown);
      return {
        status: 200,
        body: {
          results: shown.map((entry, position) => (job.kind === 'summary_batch' ? entry.result : { index: entry.index, ok: entry.ok, result: values[position] })),
          next_page_token: merged.length > size && last !== undefined ? encodeIndexToken(last.index) : null,
        },
      };
    },
  });
  return [list, get, cancel, results] as RouteDefinition<unknown, unknown>[];
}

// Batches of users and events as jobs (see docs/server.md): submit, status, errors and imports pages.

import { z } from 'zod';
import { ApiError } from '../http/api-error.js';
import { defineRoute, type RouteDefinition } from '../http/route-definition.js';
import { consumeQuota } from '../events/server-event-quota.js';
import { showJobResults } from '../batches/event-import-results.js';
import type { JobKind, JobRecord, JsonValue } from '../store/records.js';
import type { DataCenterStore } from '../store/store.js';
import { commitAnswer } from '../idempotency/commit-answer.js';
import { decodeIndexToken, encodeIndexToken } from './page-tokens.js';
import { batchRequestSchema, jobSchema, pageQuerySchema } from './schemas.js';

/** 64 MiB: room for 50,000 items of about a kilobyte each. */
export const BATCH_MAX_BODY_BYTES = 64 * 1024 * 1024;

const jobView = (job: JobRecord) => ({ id: job.id, status: job.status, created: job.created, finished: job.finished });

async function findJob(store: DataCenterStore, orgId: string, kind: JobKind, id: string | undefined): Promise<JobRecord> {
  const job = id === undefined ? undefined : await store.findJob(orgId, id);
  if (job === undefined || job.kind !== kind) throw new ApiError('not_found', `no ${kind} batch job ${id ?? ''}`);
  return job;
}

function batchRoutes(kind: JobKind): RouteDefinition<unknown, unknown>[] {
  const base = `/v2/${kind}/batch`;
  const submit = defineRoute({
    method: 'post',
    path: base,
    summary: `Create or update many ${kind}`,
    tag: 'batches',
    level: 'standard',
    idempotent: true,
    maxBodyBytes: BATCH_MAX_BODY_BYTES,
    body: batchRequestSchema,
    itemsField: 'requests',
    response: { status: 202, description: 'The job, processing', schema: z.object({ job: jobSchema }) },
    errors: [400, 401, 403, 413, 422, ...(kind === 'events' ? [429] : [])],
    async handle({ store, org, deps, body }) {
      const now = deps.clock();
      const job: JobRecord = {
        orgId: org.id,
        id: `j-${deps.newId()}`,
        kind,
        status: 'PROCESSING',
        created: now.toISOString(),
        finished: null,
        total: body.requests.length,
        cursor: 0,
        imports: 0,
        errors: 0,
      };
      // The items are stored before 202 is answered: an acknowledged batch survives a crash.
      const answer = await commitAnswer(store, async (writer) => {
        if (kind === 'events') await consumeQuota(writer, org, body.requests.length, now);
        await writer.createJob(job, body.requests as JsonValue[]);
        return { status: 202, body: { job: { id: job.id, status: job.status, created: job.created } } };
      });
      deps.jobs.enqueue(org.dataCenter, job);
      return answer;
    },
  });
  const status = defineRoute({
    method: 'get',
    path: `${base}/{job_id}`,
    summary: `Status of a ${kind} batch job`,
    tag: 'batches',
    level: 'standard',
    response: { status: 200, description: 'The job', schema: z.object({ job: jobSchema, imports: z.number(), errors: z.number() }) },
    errors: [401, 403, 404],
    async handle({ store, org, params }) {
      const job = await findJob(store, org.id, kind, params.job_id);
      return { status: 200, body: { job: jobView(job), imports: job.imports, errors: job.errors } };
    },
  });
  const page = (which: 'errors' | 'imports') =>
    defineRoute({
      method: 'get',
      path: `${base}/{job_id}/${which}`,
      summary: `${which === 'errors' ? 'Errors' : 'Imports'} of a ${kind} batch job`,
      tag: 'batches',
      level: 'standard',
      query: pageQuerySchema,
      response: {
        status: 200,
        description: which === 'errors' ? 'Items that failed: index, code, message, details' : 'Items imported: index and the record',
        schema: z.object({ results: z.array(z.unknown()), total_records: z.number(), next_page_token: z.string().nullable() }),
      },
      errors: [400, 401, 403, 404],
      async handle({ store, org, params, query }) {
        const job = await findJob(store, org.id, kind, params.job_id);
        const size = query.page_size ?? 100;
        const ok = which === 'imports';
        const results = await store.listJobResults(job.id, { ok, after: decodeIndexToken(query.page_token, job.total), limit: size + 1 });
        const shown = results.slice(0, size);
        const last = shown.at(-1);
        const records = await showJobResults(store, job, shown);
        return {
          status: 200,
          body: {
            results: shown.map((result, position) => (ok ? { index: result.index, record: records[position] } : { index: result.index, ...(result.result as object) })),
            total_records: await store.countJobResults(job.id, ok),
            next_page_token: results.length > size && last !== undefined ? encodeIndexToken(last.index) : null,
          },
        };
      },
    });
  return [submit, status, page('errors'), page('imports')] as RouteDefinition<unknown, unknown>[];
}

export const userBatchRoutes = (): RouteDefinition<unknown, unknown>[] => batchRoutes('users');
export const eventBatchRoutes = (): RouteDefinition<unknown, unknown>[] => batchRoutes('events');

// Exports (Architect, see docs/server.md#exports): the sessions of a search with their events, or
// the raw events of a time range, written by an operation as NDJSON in the database and downloaded
// gzip-compressed, streamed chunk by chunk (never whole in memory), until their retention ends.

import { CompressionStream } from 'node:stream/web';
import { z } from 'zod';
import { ApiError, invalidRequest } from '../http/api-error.js';
import { chunkStream } from '../http/chunk-stream.js';
import { redactInternals } from '../http/redact-internals.js';
import { defineRoute, type HandlerInput, type HandlerResult, type RouteDefinition } from '../http/route-definition.js';
import { commitAnswer } from '../idempotency/commit-answer.js';
import { parseIsoTimestamp } from '../../session/iso-timestamp.js';
import type { ExportState } from '../exports/export-step.js';
import { sessionSearchSchema, toStoreSearch } from '../sessions/session-search-request.js';
import type { JobRecord, JsonValue } from '../store/records.js';
import type { DataCenterStore } from '../store/store.js';
import { operationSchema, operationView } from './operation-routes.js';

/** The body of POST /v2/exports/search: a search without its paging. */
export const exportSearchSchema = sessionSearchSchema.omit({ limit: true, page_token: true });

const timestamp = z.string().refine((value) => parseIsoTimestamp(value) !== undefined, { error: 'expected an ISO 8601 timestamp with a time zone' });
const exportEventsSchema = z.strictObject({
  from: timestamp.describe('ISO 8601: events at or after this moment.'),
  to: timestamp.describe('ISO 8601: events before this moment.'),
  names: z.array(z.string().min(1).max(1024)).min(1).max(100).optional().describe('Only events with one of these names.'),
});

const storedTime = (value: string): string => new Date(parseIsoTimestamp(value) ?? Number.NaN).toISOString();

/** Chunks read from the store at a time by a download. */
const DOWNLOAD_CHUNKS_PER_READ = 16;

/**
 * An export operation of `state`, stored before 202 is answered (an acknowledged export survives a
 * crash) and handed to the job runner of the organisation's data center: the route's answer.
 */
async function startExport({ store, org, deps }: Pick<HandlerInput<unknown, unknown>, 'store' | 'org' | 'deps'>, state: ExportState): Promise<HandlerResult> {
  const job: JobRecord = { orgId: org.id, id: `j-${deps.newId()}`, kind: 'export', status: 'PROCESSING', created: deps.clock().toISOString(), finished: null, total: 1, cursor: 0, imports: 0, errors: 0 };
  const answer = await commitAnswer(store, async (writer) => {
    await writer.createJob(job, [state as unknown as JsonValue]);
    return { status: 202, body: { operation: await operationView(store, job) } };
  });
  deps.jobs.enqueue(org.dataCenter, job);
  return answer;
}

/** Every chunk of an export, in order, read a few at a time. */
async function* exportChunks(store: DataCenterStore, jobId: string): AsyncGenerator<string> {
  let after = -1;
  for (;;) {
    const chunks = await store.readExportChunks(jobId, after, DOWNLOAD_CHUNKS_PER_READ);
    if (chunks.length === 0) return;
    for (const chunk of chunks) yield chunk.data;
    after = (chunks.at(-1) as { seq: number }).seq;
  }
}

const fileName = (id: string): string => `export-${id.replace(/[^A-Za-z0-9._-]/g, '_')}.ndjson.gz`;

export function exportRoutes(): RouteDefinition<unknown, unknown>[] {
  const response = { status: 202, description: 'The export operation, PENDING; GET /v2/exports/{id}/download once it is COMPLETED', schema: z.object({ operation: operationSchema }) };
  const search = defineRoute({
    method: 'post',
    path: '/v2/exports/search',
    summary: 'Export the sessions of a search, with their events',
    tag: 'exports',
    level: 'architect',
    idempotent: true,
    body: exportSearchSchema,
    response,
    errors: [400, 401, 403, 413],
    async handle(input) {
      // The user named is resolved now: the export is of the sessions as the search finds them.
      const resolved = await toStoreSearch(input.store, input.org.id, input.body);
      return startExport(input, { type: 'search', search: resolved ?? null, after: null, chunks: 0 });
    },
  });
  const events = defineRoute({
    method: 'post',
    path: '/v2/exports/events',
    summary: 'Export the raw events of a time range',
    tag: 'exports',
    level: 'architect',
    idempotent: true,
    body: exportEventsSchema,
    response,
    errors: [400, 401, 403, 413],
    async handle(input) {
      const from = storedTime(input.body.from);
      const to = storedTime(input.body.to);
      if (from >= to) throw invalidRequest('invalid time range', [{ path: 'to', message: 'must be after from' }]);
      return startExport(input, { type: 'events', from, to, names: input.body.names ?? null, after: null, chunks: 0 });
    },
  });
  const download = defineRoute({
    method: 'get',
    path: '/v2/exports/{id}/download',
    summary: "Download an export's content (NDJSON, gzip)",
    tag: 'exports',
    level: 'architect',
    response: { status: 200, description: 'One JSON object per line (a session with its events, or an event), gzip-compressed, streamed from the database' },
    errors: [401, 403, 404, 409],
    async handle({ store, org, deps, params }) {
      const id = params.id ?? '';
      const job = await store.findJob(org.id, id);
      if (job === undefined || job.kind !== 'export') throw new ApiError('not_found', `no export ${id}`);
      if (job.status === 'PROCESSING') throw new ApiError('not_ready', `export ${id} is not complete yet: download it once GET /v2/operations/${id} says COMPLETED`);
      // Still a 409 (the export's state, not the request, is in the way), but never worth waiting for.
      if (job.status !== 'COMPLETED') throw new ApiError('not_ready', `export ${id} ${job.status === 'CANCELLED' ? 'was cancelled' : 'failed'}: it will never complete; start a new export`);
      const [state] = (await store.readJobItems(job.id, 0, 1)) as unknown as [ExportState];
      if (state.expired === true) throw new ApiError('not_found', `export ${id} has expired: its content is kept 7 days after it completes`);
      const text = chunkStream(exportChunks(store, job.id), (error) =>
        deps.logger({ time: deps.clock().toISOString(), level: 'error', message: redactInternals(`the download of export ${id} failed part-way; the connection is aborted: ${error instanceof Error ? error.message : String(error)}`) }),
      );
      const body = text.pipeThrough(new CompressionStream('gzip'));
      return {
        status: 200,
        body,
        headers: { 'Content-Type': 'application/x-ndjson', 'Content-Encoding': 'gzip', 'Content-Disposition': `attachment; filename="${fileName(job.id)}"` },
      };
    },
  });
  return [search, events, download] as RouteDefinition<unknown, unknown>[];
}

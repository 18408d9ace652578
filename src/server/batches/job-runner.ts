// Runs batch jobs in the background, chunk by chunk. Each chunk's effects, results and the moved
// cursor commit in one transaction, so a job killed at any point resumes after a restart exactly
// where its last committed chunk ended: no item is applied twice, none is lost.

import { ApiError } from '../http/api-error.js';
import { redactInternals } from '../http/redact-internals.js';
import { recordEvents } from '../events/record-events.js';
import type { CoreDependencies } from '../app/server-dependencies.js';
import type { DataCenter, JobRecord, JobResultRecord, JsonValue } from '../store/records.js';
import type { DataCenterStore, StoreWriter } from '../store/store.js';
import { retentionCutoff } from '../users/limits.js';
import { checkIdentifier, upsertUser, type UserRequest } from '../users/upsert-user.js';
import { userView } from '../users/user-view.js';
import { checkItemStrings, validateBody } from '../http/parse-request.js';
import { userRequestSchema } from '../routes/schemas.js';
import { transactionWithRetry } from '../routes/with-conflict-retry.js';

export const CHUNK_SIZE = 1000;

export interface JobRunner {
  /** Starts (or continues) processing a job. */
  enqueue(dataCenter: DataCenter, job: JobRecord): void;
  /** Picks up every unfinished job in every store (after a restart). */
  resumeAll(): Promise<void>;
  /** Resolves when no job is running or queued (tests, shutdown). */
  idle(): Promise<void>;
  /** Stops taking chunks; the running chunk finishes. */
  stop(): Promise<void>;
}

const errorResult = (error: ApiError): JsonValue => ({
  code: error.code,
  message: error.message,
  ...(error.details === undefined ? {} : { details: error.details.map((detail) => ({ ...detail })) }),
});

async function processChunk(writer: StoreWriter, job: JobRecord, items: readonly JsonValue[], from: number, deps: CoreDependencies): Promise<JobResultRecord[]> {
  const now = deps.clock();
  const context = { orgId: job.orgId, now, newId: deps.newId, retentionCutoff: retentionCutoff(now, deps.retentionDays) };
  if (job.kind === 'events') {
    const outcomes = await recordEvents(writer, items, context);
    return outcomes.map((outcome, offset) => ({ index: from + offset, ok: outcome.ok, result: outcome.ok ? (outcome.view as unknown as JsonValue) : errorResult(outcome.error) }));
  }
  const results: JobResultRecord[] = [];
  for (const [offset, item] of items.entries()) {
    const index = from + offset;
    try {
      checkItemStrings(item);
      const request = validateBody(item ?? null, userRequestSchema) as UserRequest;
      checkIdentifier(request.uid, 'uid');
      const { user, rejectedProperties } = await upsertUser(writer, request, context);
      results.push({ index, ok: true, result: userView(user, rejectedProperties) as unknown as JsonValue });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      results.push({ index, ok: false, result: errorResult(error) });
    }
  }
  return results;
}

/** A runner processing one job at a time per data center. */
export function createJobRunner(deps: CoreDependencies, options: { readonly chunkSize?: number } = {}): JobRunner {
  const chunkSize = options.chunkSize ?? CHUNK_SIZE;
  const queues = new Map<DataCenter, JobRecord[]>();
  const running = new Map<DataCenter, Promise<void>>();
  let stopped = false;

  async function runJob(store: DataCenterStore, queued: JobRecord): Promise<void> {
    let job = (await store.findJob(queued.orgId, queued.id)) ?? queued;
    try {
      while (!stopped && job.cursor < job.total) {
        const current = job;
        const items = await store.readJobItems(current.id, current.cursor, chunkSize);
        // Retried when a concurrent request created one of the chunk's users first.
        job = await transactionWithRetry(store, async (writer) => {
          const results = await processChunk(writer, current, items, current.cursor, deps);
          const ok = results.filter((result) => result.ok).length;
          const progress = { cursor: current.cursor + items.length, imports: current.imports + ok, errors: current.errors + results.length - ok, results };
          await writer.recordJobProgress(current.id, progress);
          return { ...current, cursor: progress.cursor, imports: progress.imports, errors: progress.errors };
        });
        // Counted once the chunk committed: a rolled-back chunk applied nothing.
        deps.metrics.countBatchItems(current.kind, job.imports - current.imports, job.errors - current.errors);
        // SQLite commits synchronously: without a turn of the event loop between chunks, a long
        // job would keep every request waiting until its last chunk.
        await new Promise((resolve) => setImmediate(resolve));
      }
      if (!stopped) await store.transaction((writer) => writer.finishJob(job.id, 'COMPLETED', deps.clock().toISOString()));
    } catch (error) {
      deps.logger({ time: deps.clock().toISOString(), level: 'error', message: `batch job ${job.id} failed: ${redactInternals(error instanceof Error ? error.message : String(error))}` });
      await store.transaction((writer) => writer.finishJob(job.id, 'FAILED', deps.clock().toISOString())).catch(() => undefined);
    }
  }

  function pump(dataCenter: DataCenter): void {
    if (running.has(dataCenter)) return;
    const work = (async () => {
      const queue = queues.get(dataCenter) ?? [];
      while (!stopped && queue.length > 0) await runJob(deps.stores[dataCenter], queue.shift() as JobRecord);
    })().finally(() => running.delete(dataCenter));
    running.set(dataCenter, work);
  }

  return {
    enqueue(dataCenter, job) {
      const queue = queues.get(dataCenter) ?? [];
      if (!queue.some((queued) => queued.id === job.id)) queue.push(job);
      queues.set(dataCenter, queue);
      pump(dataCenter);
    },
    async resumeAll() {
      for (const dataCenter of Object.keys(deps.stores) as DataCenter[]) {
        for (const job of await deps.stores[dataCenter].listUnfinishedJobs()) this.enqueue(dataCenter, job);
      }
    },
    async idle() {
      while (running.size > 0) await Promise.all([...running.values()]);
    },
    async stop() {
      stopped = true;
      await Promise.all([...running.values()]);
    },
  };
}

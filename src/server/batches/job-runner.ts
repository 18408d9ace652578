// Runs batch jobs in the background, with any number of instances on one database. An instance
// works on a job only while it holds the job's lease (claimed in the database, renewed by a
// heartbeat, expiring when the holder stops renewing it, after which any instance takes it over).
// Each chunk's effects, results and the moved cursor commit in one transaction that first checks,
// and locks, that this instance still holds the lease at that cursor; so whichever instance dies
// when, and however late a paused one wakes up, every item is applied exactly once.

import { ApiError } from '../http/api-error.js';
import { checkItemStrings, validateBody } from '../http/parse-request.js';
import { redactInternals } from '../http/redact-internals.js';
import { recordEvents } from '../events/record-events.js';
import type { CoreDependencies } from '../app/server-dependencies.js';
import type { DataCenter, JobRecord, JobResultRecord, JsonValue } from '../store/records.js';
import type { DataCenterStore, StoreWriter } from '../store/store.js';
import { retentionCutoff } from '../users/limits.js';
import { checkIdentifier, upsertUser, type UserRequest } from '../users/upsert-user.js';
import { userView } from '../users/user-view.js';
import { userRequestSchema } from '../routes/schemas.js';
import { transactionWithRetry } from '../routes/with-conflict-retry.js';

export const CHUNK_SIZE = 1000;
/** How long a job's lease lasts without a renewal: how soon a crashed instance's job is taken over. */
export const DEFAULT_JOB_LEASE_MS = 30_000;
/** How often an idle instance looks for jobs to take (it also looks at once when one is submitted). */
export const DEFAULT_POLL_MS = 1_000;

export interface JobRunner {
  /** Looks for work at once (a job was just submitted to this data center). */
  enqueue(dataCenter: DataCenter, job: JobRecord): void;
  /** Starts looking for jobs in every store: unfinished, unleased or with an expired lease. */
  start(): void;
  /** Resolves when no job is claimable in any store and none is running here (tests). */
  idle(): Promise<void>;
  /** Stops taking jobs; the running chunk finishes and the lease is handed back. */
  stop(): Promise<void>;
}

export interface JobRunnerOptions {
  readonly chunkSize?: number;
  readonly leaseMs?: number;
  readonly pollMs?: number;
  /** This instance's name in leases; default a random one per runner. */
  readonly owner?: string;
}

/** The job is no longer this instance's (its lease expired and another took it): stop quietly. */
class LeaseLostError extends Error {
  constructor() {
    super('the job lease was lost');
  }
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

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/** A runner working on one job at a time per data center, among any number of instances. */
export function createJobRunner(deps: CoreDependencies, options: JobRunnerOptions = {}): JobRunner {
  const chunkSize = options.chunkSize ?? CHUNK_SIZE;
  const leaseMs = options.leaseMs ?? DEFAULT_JOB_LEASE_MS;
  const pollMs = options.pollMs ?? DEFAULT_POLL_MS;
  const owner = options.owner ?? `runner-${deps.newId()}`;
  const dataCenters = Object.keys(deps.stores) as DataCenter[];
  const loops = new Map<DataCenter, Promise<void>>();
  const wake = new Map<DataCenter, () => void>();
  const busy = new Set<DataCenter>();
  let started = false;
  let stopped = false;
  const lease = () => ({ owner, now: deps.clock().toISOString(), leaseMs });

  /** Works on a claimed job until it is done, the lease is lost, or the runner stops. */
  async function runJob(store: DataCenterStore, claimed: JobRecord): Promise<void> {
    let job = claimed;
    let lost = false;
    // The heartbeat keeps the lease while chunks run; a renewal that fails means another instance
    // took the job (this one was paused past the lease): the next chunk's check stops it anyway.
    const heartbeat = setInterval(() => {
      void store
        .transaction((writer) => writer.renewJobLease(job.id, lease()))
        .then((renewed) => void (lost ||= !renewed))
        .catch(() => undefined);
    }, Math.max(10, Math.floor(leaseMs / 3)));
    try {
      while (!stopped && !lost && job.cursor < job.total) {
        const current = job;
        const items = await store.readJobItems(current.id, current.cursor, chunkSize);
        // Retried when a concurrent request created one of the chunk's users first.
        job = await transactionWithRetry(store, async (writer) => {
          if (!(await writer.lockJobForChunk(current.id, { owner, cursor: current.cursor }))) throw new LeaseLostError();
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
        await nextTurn();
      }
      if (stopped || lost) {
        if (!lost) await store.transaction((writer) => writer.releaseJobLease(job.id, owner));
        return;
      }
      await store.transaction((writer) => writer.finishJob(job.id, 'COMPLETED', deps.clock().toISOString(), owner));
    } catch (error) {
      if (error instanceof LeaseLostError) return;
      deps.logger({ time: deps.clock().toISOString(), level: 'error', message: `batch job ${job.id} failed: ${redactInternals(error instanceof Error ? error.message : String(error))}` });
      await store.transaction((writer) => writer.finishJob(job.id, 'FAILED', deps.clock().toISOString(), owner)).catch(() => undefined);
    } finally {
      clearInterval(heartbeat);
    }
  }

  /** Claims and runs jobs of one data center until none is left, then waits to be woken or polls. */
  async function loop(dataCenter: DataCenter): Promise<void> {
    const store = deps.stores[dataCenter];
    while (!stopped) {
      let claimed;
      try {
        claimed = await store.transaction((writer) => writer.claimJob(lease()));
      } catch (error) {
        deps.logger({ time: deps.clock().toISOString(), level: 'error', message: `could not claim a batch job: ${redactInternals(error instanceof Error ? error.message : String(error))}` });
        claimed = undefined;
      }
      if (claimed !== undefined) {
        if (claimed.takeover) deps.metrics.countLeaseTakeover('job');
        busy.add(dataCenter);
        try {
          await runJob(store, claimed.job);
        } finally {
          busy.delete(dataCenter);
        }
        continue;
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, pollMs);
        wake.set(dataCenter, () => {
          clearTimeout(timer);
          resolve();
        });
      });
      wake.delete(dataCenter);
    }
  }

  return {
    enqueue(dataCenter) {
      wake.get(dataCenter)?.();
    },
    start() {
      if (started || stopped) return;
      started = true;
      for (const dataCenter of dataCenters) loops.set(dataCenter, loop(dataCenter));
    },
    async idle() {
      for (;;) {
        const pending = await Promise.all(dataCenters.map((dataCenter) => deps.stores[dataCenter].countUnfinishedJobs()));
        if (busy.size === 0 && pending.every((count) => count === 0)) return;
        for (const dataCenter of dataCenters) wake.get(dataCenter)?.();
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    },
    async stop() {
      stopped = true;
      for (const resume of wake.values()) resume();
      await Promise.all(loops.values());
    },
  };
}

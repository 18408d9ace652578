// Runs batch jobs in the background, with any number of instances on one database. An instance
// works on a job only while it holds the job's lease (claimed in the database, renewed by a
// heartbeat, expiring when the holder stops renewing it, after which any instance takes it over).
// Each chunk's effects, results and the moved cursor commit in one transaction that first checks,
// and locks, that this instance still holds the lease at that cursor; so whichever instance dies
// when, and however late a paused one wakes up, every item is applied exactly once.

import { redactInternals } from '../http/redact-internals.js';
import type { CoreDependencies } from '../app/server-dependencies.js';
import type { ClaimedJob, DataCenter, JobRecord, JsonValue } from '../store/records.js';
import { StoreUnavailableError, type DataCenterStore, type StoreWriter } from '../store/store.js';
import { transactionWithRetry } from '../routes/with-conflict-retry.js';
import { exportStep } from '../exports/export-step.js';
import { quotaPeriod } from '../events/server-event-quota.js';
import { processChunk } from './batch-items.js';
import { chunkProgress, commitProgress } from './commit-progress.js';
import { createExportExpiry, EXPORT_RETENTION_MS } from './export-expiry.js';
import { LeaseLostError } from './lease-lost-error.js';
import { createStoreOutage, type StoreOutage } from './store-outage.js';
import { createSummaryChunks } from './summary-chunks.js';

export { EXPORT_RETENTION_MS } from './export-expiry.js';
export { SUMMARY_CHUNK_SIZE } from './summary-chunks.js';

export const CHUNK_SIZE = 1000;
/**
 * Attempts of a chunk's transaction before the job is FAILED: a chunk that lost a race (a user
 * another job or request created at the same moment) is simply run again, and only a chunk that
 * keeps failing is a failure of the job.
 */
const CHUNK_ATTEMPTS = 10;
/** How long a job's lease lasts without a renewal: how soon a crashed instance's job is taken over. */
export const DEFAULT_JOB_LEASE_MS = 30_000;
/** How often an idle instance looks for jobs to take (it also looks at once when one is submitted). */
export const DEFAULT_POLL_MS = 1_000;
/**
 * How long a user deletion whose deleted bytes the store could not purge (a reader held SQLite's
 * write-ahead log) waits before any instance tries again; it is not COMPLETED until a purge succeeds.
 */
export const DEFAULT_PURGE_RETRY_MS = 5_000;

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
  /**
   * The longest wait between attempts to claim a job in a store that cannot be reached (the wait
   * starts at `pollMs` and doubles after each failure). Default DEFAULT_MAX_BACKOFF_MS.
   */
  readonly maxBackoffMs?: number;
  /** This instance's name in leases; default a random one per runner. */
  readonly owner?: string;
  /**
   * Jobs worked on at once per data center: default 2 on PostgreSQL (while one chunk's statements
   * wait for the database, the next chunk is prepared) and 1 on SQLite (its writes are synchronous
   * and one at a time: a second job would only wait).
   */
  readonly concurrency?: (store: DataCenterStore) => number;
  /** Model calls of one organisation's summary batches at once on this instance. Default 4. */
  readonly summaryConcurrency?: number;
  /** Waits between retries of a summary the model pushed back on; default ITEM_RETRY_DELAYS_MS. */
  readonly summaryRetryDelaysMs?: readonly number[];
  /** How long an export's content is kept after it completed. Default EXPORT_RETENTION_MS. */
  readonly exportRetentionMs?: number;
  /** How long a user deletion whose purge failed waits for its next try. Default DEFAULT_PURGE_RETRY_MS. */
  readonly purgeRetryMs?: number;
}

/** What a chunk's transaction left. */
interface ChunkOutcome {
  readonly job: JobRecord;
  /**
   * A user deletion that has deleted everything: it completes once the store has purged the
   * deleted bytes, after this transaction committed (completeDeletion).
   */
  readonly purgeDue: boolean;
}



/** See JobRunnerOptions#concurrency. */
export const defaultJobConcurrency = (store: DataCenterStore): number => (store.kind === 'postgres' ? 2 : 1);

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

const isFinished = (job: JobRecord) => job.status !== 'PROCESSING';

/** A runner working on a few jobs at a time per data center (`concurrency`), among any number of instances. */
export function createJobRunner(deps: CoreDependencies, options: JobRunnerOptions = {}): JobRunner {
  const chunkSize = options.chunkSize ?? CHUNK_SIZE;
  const leaseMs = options.leaseMs ?? DEFAULT_JOB_LEASE_MS;
  const pollMs = options.pollMs ?? DEFAULT_POLL_MS;
  const purgeRetryMs = options.purgeRetryMs ?? DEFAULT_PURGE_RETRY_MS;
  const owner = options.owner ?? `runner-${deps.newId()}`;
  deps.metrics.nameJobRunner(owner);
  const dataCenters = Object.keys(deps.stores) as DataCenter[];
  const loops = new Map<DataCenter, Promise<void>>();
  /** The loops of a data center that wait for work, to be woken when a job is submitted. */
  const waiting = new Map<DataCenter, Set<() => void>>();
  const wake = (dataCenter: DataCenter) => {
    for (const resume of waiting.get(dataCenter) ?? []) resume();
  };
  /** Claims and jobs under way, per data center. */
  const busy = new Map<DataCenter, number>();
  const concurrency = options.concurrency ?? defaultJobConcurrency;
  let started = false;
  let stopped = false;
  const lease = () => ({ owner, now: deps.clock().toISOString(), leaseMs });

  /**
   * Inside a transaction that holds the job: applies a chunk, stores its results and moves the
   * cursor, and ends the job COMPLETED when that was its last chunk (a user deletion: see purgeDue).
   */
  async function applyChunk(writer: StoreWriter, job: JobRecord, items: readonly JsonValue[]): Promise<ChunkOutcome> {
    // A user deletion is one item done in bounded steps, each its own transaction: the job stays
    // at its cursor until the last step has deleted what was left, and after it until the purge.
    if (job.kind === 'user_deletion') return { job, purgeDue: await writer.deleteUserDataStep(job.orgId, job.id) };
    // An export is one item written in steps, each a chunk of lines: the cursor moves at the last.
    if (job.kind === 'export') {
      const step = await exportStep(writer, job, deps);
      // Read again: a user deletion since the job was read may have removed lines, and their count.
      const imports = ((await writer.findJob(job.orgId, job.id))?.imports ?? job.imports) + step.lines;
      return { job: await commitProgress(writer, job, { cursor: step.done ? job.total : job.cursor, imports, errors: job.errors, results: [] }, owner, deps.clock), purgeDue: false };
    }
    const results = await processChunk(writer, job, items, job.cursor, deps);
    // A refused item of an events batch is no event: its share of the quota goes back, in the
    // transaction that records it refused (so once, whichever instance applies the chunk).
    if (job.kind === 'events') await writer.releaseServerEvents(job.orgId, quotaPeriod(new Date(job.created)), results.filter((result) => !result.ok).length);
    return { job: await commitProgress(writer, job, chunkProgress(job, items.length, results), owner, deps.clock), purgeDue: false };
  }

  /**
   * Completes a user deletion whose last step committed, once the store has purged the deleted
   * bytes (SQLite's write-ahead log): COMPLETED promises that nothing of the user is left. When the
   * purge fails, the job stays PROCESSING and its lease is handed back until `purgeRetryMs` from
   * now, when any instance tries again (its step finds nothing left to delete); a crash before the
   * purge leaves it so too. Undefined when it was handed back.
   */
  async function completeDeletion(store: DataCenterStore, job: JobRecord): Promise<JobRecord | undefined> {
    try {
      await store.purgeDeletedBytes();
    } catch (error) {
      const message = redactInternals(error instanceof Error ? error.message : String(error));
      deps.logger({ time: deps.clock().toISOString(), level: 'error', message: `user deletion ${job.id}: the user's data is deleted, but the store could not purge the deleted bytes (tried again in ${purgeRetryMs} ms; the job completes once it can): ${message}` });
      const until = new Date(deps.clock().getTime() + purgeRetryMs).toISOString();
      await store.transaction((writer) => writer.releaseJobLease(job.id, owner, until));
      return undefined;
    }
    return transactionWithRetry(
      store,
      async (writer) => {
        if (!(await writer.lockJobForChunk(job.id, { owner, cursor: job.cursor }))) throw new LeaseLostError();
        return commitProgress(writer, job, chunkProgress(job, 1, [{ index: 0, ok: true, result: { deleted: true } }]), owner, deps.clock);
      },
      CHUNK_ATTEMPTS,
    );
  }

  /** Counted once a chunk committed: a rolled-back chunk applied nothing. */
  const countApplied = (before: JobRecord, after: JobRecord) => deps.metrics.countBatchItems(before.kind, after.imports - before.imports, after.errors - before.errors);

  /**
   * Claims a job and applies its first chunk in the same transaction (a job of one chunk is then
   * claimed, applied and finished with one commit). When that chunk fails, the job is claimed on
   * its own, so that runJob records the failure on it.
   */
  async function claimWithFirstChunk(store: DataCenterStore): Promise<{ readonly claimed: ClaimedJob; readonly job: JobRecord; readonly purgeDue: boolean } | undefined> {
    try {
      // Retried when a concurrent request created one of the chunk's users first.
      const first = await transactionWithRetry(
        store,
        async (writer) => {
          const claimed = await writer.claimJob(lease());
          if (claimed === undefined) return undefined;
          // A summary batch calls the model between chunks, never inside a transaction.
          if (claimed.job.kind === 'summary_batch') return { claimed, job: claimed.job, purgeDue: false };
          const items = await writer.readJobItems(claimed.job.id, claimed.job.cursor, chunkSize);
          return { claimed, ...(await applyChunk(writer, claimed.job, items)) };
        },
        CHUNK_ATTEMPTS,
      );
      if (first !== undefined) countApplied(first.claimed.job, first.job);
      return first;
    } catch {
      const claimed = await store.transaction((writer) => writer.claimJob(lease()));
      return claimed && { claimed, job: claimed.job, purgeDue: false };
    }
  }

  /**
   * Works on a claimed job until it is done, the lease is lost, the runner stops, or a deletion's
   * purge failed (`purgeDue`: its last step committed).
   */
  async function runJob(store: DataCenterStore, claimed: JobRecord, purgeDue: boolean): Promise<void> {
    let job = claimed;
    let purging = purgeDue;
    let lost = false;
    // The heartbeat keeps the lease while chunks run; a renewal that fails means another instance
    // took the job (this one was paused past the lease): the next chunk's check stops it anyway.
    const heartbeat = setInterval(() => {
      void store
        .transaction((writer) => writer.renewJobLease(job.id, lease()))
        .then((renewed) => void (lost ||= !renewed))
        .catch(() => undefined);
    }, Math.max(10, Math.floor(leaseMs / 3)));
    // Aborts the model calls of a summary batch once the lease is lost (or the job cancelled).
    const calls = new AbortController();
    const checkLost = setInterval(() => {
      if (lost || stopped) calls.abort(new LeaseLostError());
    }, 50);
    try {
      while (!stopped && !lost && !isFinished(job)) {
        const current = job;
        if (purging) {
          const completed = await completeDeletion(store, current);
          // Handed back until its next try.
          if (completed === undefined) return;
          job = completed;
          purging = false;
          countApplied(current, job);
          continue;
        }
        if (current.kind === 'summary_batch') {
          job = await summaryChunks.run(store, current, calls.signal);
          countApplied(current, job);
          await nextTurn();
          continue;
        }
        // Retried when a concurrent request created one of the chunk's users first. The items are
        // read under the job's lock: a user deletion rewrites those that name its user while it
        // holds that lock (delete-user-data.ts), so items read before it would bring the user back.
        ({ job, purgeDue: purging } = await transactionWithRetry(
          store,
          async (writer) => {
            if (!(await writer.lockJobForChunk(current.id, { owner, cursor: current.cursor }))) throw new LeaseLostError();
            return applyChunk(writer, current, await writer.readJobItems(current.id, current.cursor, chunkSize));
          },
          CHUNK_ATTEMPTS,
        ));
        countApplied(current, job);
        // SQLite commits synchronously: without a turn of the event loop between chunks, a long
        // job would keep every request waiting until its last chunk.
        await nextTurn();
      }
      if (!isFinished(job) && !lost) await store.transaction((writer) => writer.releaseJobLease(job.id, owner));
    } catch (error) {
      if (error instanceof LeaseLostError) {
        // A graceful stop aborted a summary batch's calls: hand the job to another instance now.
        if (stopped && !lost) await store.transaction((writer) => writer.releaseJobLease(job.id, owner)).catch(() => undefined);
        return;
      }
      if (error instanceof StoreUnavailableError) {
        // Not the job's fault: its chunk rolled back. Handed back if the database answers again,
        // else taken over once its lease runs out, from its last committed chunk.
        deps.logger({ time: deps.clock().toISOString(), level: 'error', message: `batch job ${job.id} paused: ${redactInternals(error.message)}` });
        await store.transaction((writer) => writer.releaseJobLease(job.id, owner)).catch(() => undefined);
        return;
      }
      deps.logger({ time: deps.clock().toISOString(), level: 'error', message: `batch job ${job.id} failed: ${redactInternals(error instanceof Error ? error.message : String(error))}` });
      await store.transaction((writer) => writer.finishJob(job.id, 'FAILED', deps.clock().toISOString(), owner)).catch(() => undefined);
    } finally {
      clearInterval(heartbeat);
      clearInterval(checkLost);
    }
  }

  const summaryChunks = createSummaryChunks(deps, { owner, concurrency: options.summaryConcurrency, retryDelaysMs: options.summaryRetryDelaysMs });

  const expireExports = createExportExpiry(deps, options.exportRetentionMs ?? EXPORT_RETENTION_MS);

  /**
   * Waits `ms` (undefined: without end) or until woken: a job was submitted, the store answered
   * again, the runner stops.
   */
  async function waitForWork(dataCenter: DataCenter, ms: number | undefined): Promise<void> {
    // Checked here, with nothing awaited until the waiter is registered: a stop during the claim
    // must not be missed (the wait may be long while the store cannot be reached).
    if (stopped) return;
    const waiters = waiting.get(dataCenter) ?? new Set<() => void>();
    waiting.set(dataCenter, waiters);
    await new Promise<void>((resolve) => {
      const resume = () => {
        clearTimeout(timer);
        waiters.delete(resume);
        resolve();
      };
      const timer = ms === undefined ? undefined : setTimeout(resume, ms);
      waiters.add(resume);
    });
  }

  /**
   * Claims and runs jobs of one data center until none is left, then waits to be woken or polls;
   * while the store cannot be reached, one worker tries less and less often and the others wait.
   */
  async function loop(dataCenter: DataCenter, outage: StoreOutage): Promise<void> {
    const store = deps.stores[dataCenter];
    const worker = {};
    while (!stopped) {
      let first;
      let waitMs: number | undefined = pollMs;
      busy.set(dataCenter, (busy.get(dataCenter) ?? 0) + 1);
      try {
        // Counted as busy, so that idle() waits for a removal of expired exports under way.
        await expireExports(dataCenter, store);
        first = await claimWithFirstChunk(store);
        // The other workers of the data center wait for this answer.
        if (outage.answered()) wake(dataCenter);
        if (first !== undefined) {
          if (first.claimed.takeover) deps.metrics.countLeaseTakeover('job');
          if (!isFinished(first.job)) {
            deps.metrics.countJobRunning(1);
            try {
              await runJob(store, first.job, first.purgeDue);
            } finally {
              deps.metrics.countJobRunning(-1);
            }
          }
        }
      } catch (error) {
        if (error instanceof StoreUnavailableError) waitMs = outage.failed(worker, error);
        else deps.logger({ time: deps.clock().toISOString(), level: 'error', message: `could not claim a batch job: ${redactInternals(error instanceof Error ? error.message : String(error))}` });
      } finally {
        busy.set(dataCenter, (busy.get(dataCenter) ?? 1) - 1);
      }
      if (first !== undefined) {
        await nextTurn();
        continue;
      }
      await waitForWork(dataCenter, waitMs);
    }
  }

  return {
    enqueue(dataCenter) {
      wake(dataCenter);
    },
    start() {
      if (started || stopped) return;
      started = true;
      for (const dataCenter of dataCenters) {
        const workers = Math.max(1, concurrency(deps.stores[dataCenter]));
        const outage = createStoreOutage({ dataCenter, clock: deps.clock, logger: deps.logger, firstDelayMs: pollMs, maxDelayMs: options.maxBackoffMs });
        loops.set(dataCenter, Promise.all(Array.from({ length: workers }, () => loop(dataCenter, outage))).then(() => undefined));
      }
    },
    async idle() {
      for (;;) {
        const pending = await Promise.all(dataCenters.map((dataCenter) => deps.stores[dataCenter].countUnfinishedJobs()));
        if ([...busy.values()].every((count) => count === 0) && pending.every((count) => count === 0)) return;
        for (const dataCenter of dataCenters) wake(dataCenter);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    },
    async stop() {
      stopped = true;
      for (const dataCenter of dataCenters) wake(dataCenter);
      await Promise.all(loops.values());
    },
  };
}

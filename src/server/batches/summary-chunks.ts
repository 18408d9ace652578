// The chunks of a summary batch (POST /v2/sessions/summary/batch): the model is asked outside any
// transaction, a few calls at a time per organisation on this instance (the answers land in the
// summary cache, under the operation's own key), then the chunk's results and the cursor commit
// together under the job's lease. The limit is counted in this instance's memory, not in the
// database: N instances make up to N times as many calls at once (docs/server.md#summary-batches).

import type { CoreDependencies } from '../app/server-dependencies.js';
import { deletedResultLine } from '../store/deleted-item.js';
import type { JobRecord, JobResultRecord, JsonValue } from '../store/records.js';
import type { DataCenterStore, StoreWriter } from '../store/store.js';
import { createConcurrencyLimit, type ConcurrencyLimit } from '../summaries/concurrency-limit.js';
import { summarizeBatchItems } from '../summaries/summary-batch.js';
import { chunkProgress, commitProgress } from './commit-progress.js';
import { LeaseLostError } from './lease-lost-error.js';

/** Items of a summary batch per chunk: summarised at once (up to the organisation's limit), then committed together. */
export const SUMMARY_CHUNK_SIZE = 8;

export interface SummaryChunkSettings {
  /** This instance's name in leases. */
  readonly owner: string;
  /** Model calls of one organisation's summary batches at once on this instance. Default 4. */
  readonly concurrency?: number | undefined;
  /** Waits between retries of a summary the model pushed back on. */
  readonly retryDelaysMs?: readonly number[] | undefined;
}

export interface SummaryChunks {
  /** Runs the next chunk of `current`; the job as it now is. Throws LeaseLostError when the job is no longer this instance's. */
  run(store: DataCenterStore, current: JobRecord, signal: AbortSignal): Promise<JobRecord>;
}

/**
 * The chunk's results, each line of a session that is gone now (its user was deleted while the
 * model answered) replaced by the line a user deletion leaves. Read under the job's lock: a user
 * deletion locks the organisation's running summary batches before it deletes anything (see
 * delete-user-data.ts), so either it waits for this commit and replaces these lines itself, or
 * it has committed and the session is not found here. A session that was never found stays
 * named: its id is the caller's own.
 */
async function withoutDeletedSessions(writer: StoreWriter, orgId: string, results: readonly JobResultRecord[]): Promise<JobResultRecord[]> {
  const kept: JobResultRecord[] = [];
  for (const result of results) {
    const line = result.result as { session_id?: unknown; error?: { code?: unknown }; run?: JsonValue } | null;
    const sessionId = line?.session_id;
    const found = typeof sessionId !== 'string' || line?.error?.code === 'not_found' || (await writer.findSessionInfo(orgId, sessionId)) !== undefined;
    kept.push(found ? result : { index: result.index, ok: false, result: deletedResultLine(result.index, line?.run) });
  }
  return kept;
}

export function createSummaryChunks(deps: CoreDependencies, settings: SummaryChunkSettings): SummaryChunks {
  /** The organisation's model calls on this instance, shared by its summary batches. */
  const summaryLimits = new Map<string, ConcurrencyLimit>();
  const summaryLimit = (orgId: string): ConcurrencyLimit => {
    let limit = summaryLimits.get(orgId);
    if (limit === undefined) summaryLimits.set(orgId, (limit = createConcurrencyLimit(settings.concurrency ?? 4)));
    return limit;
  };

  /**
   * One chunk of a summary batch: the model is asked outside any transaction (the answers land
   * in the summary cache), then the results and the cursor commit together under the lease.
   */
  async function run(store: DataCenterStore, current: JobRecord, signal: AbortSignal): Promise<JobRecord> {
    const items = await store.readJobItems(current.id, current.cursor, SUMMARY_CHUNK_SIZE);
    let results: JobResultRecord[];
    try {
      const context = { deps, store, limit: summaryLimit(current.orgId), signal, ...(settings.retryDelaysMs === undefined ? {} : { retryDelaysMs: settings.retryDelaysMs }) };
      results = await summarizeBatchItems(context, current, items, current.cursor);
    } catch (error) {
      if (signal.aborted) throw new LeaseLostError();
      throw error;
    }
    const next = await store.transaction(async (writer) => {
      if (!(await writer.lockJobForChunk(current.id, { owner: settings.owner, cursor: current.cursor }))) throw new LeaseLostError();
      const kept = await withoutDeletedSessions(writer, current.orgId, results);
      return commitProgress(writer, current, chunkProgress(current, items.length, kept), settings.owner, deps.clock);
    });
    return next;
  }

  return { run };
}

// The items of a summary batch (POST /v2/sessions/summary/batch): each session summarised with
// the batch's profile, a few at a time per organisation, model rate limits retried with backoff.
// Each line has the shape of `recap run --output`'s JSONL lines (docs/many-sessions.md), so that a
// page saved as JSONL is a results file `recap report` reads: `file` is the session's id (the
// server has no fixture files), `app_url` links the session, and a `run` names the batch's profile (its id
// and the SHA-256 of the profile as submitted), the provider, the model and the SHA-256 of the
// organisation's privacy rules as the item was summarised: rules changed during the operation apply
// to the items after the change (a tightened rule protects them at once), and their lines say so. Answers go to the summary cache under a key
// of the operation's own before the chunk commits, so that a chunk run again after a crash finds
// them there: a session is never summarised twice in one operation.

import { createHash } from 'node:crypto';
import { canonicalJson } from '../../models/replay/canonical-json.js';
import type { LineRun } from '../../batch/result-line.js';
import type { CoreDependencies } from '../app/server-dependencies.js';
import { ApiError } from '../http/api-error.js';
import { orgPrivacy } from '../privacy/org-privacy.js';
import { validProfile } from '../routes/profile-routes.js';
import { loadServerSession, SessionCache } from '../sessions/load-server-session.js';
import { sessionAppUrl } from '../sessions/session-view.js';
import { deletedResultLine } from '../store/deleted-item.js';
import type { JobRecord, JobResultRecord, JsonValue } from '../store/records.js';
import type { DataCenterStore } from '../store/store.js';
import type { ConcurrencyLimit } from './concurrency-limit.js';
import { isRetryableModelFailure } from './summary-service.js';

/** The first item of a batch carries the profile as it was when the batch was submitted. */
export interface SummaryBatchHead {
  readonly session_id: string;
  readonly config_profile: string;
  readonly profile_version: number;
  readonly profile: JsonValue;
}

/** Waits before the retries of an item the model pushed back on (after the adapter's own retries). */
export const ITEM_RETRY_DELAYS_MS = [1000, 4000, 15_000] as const;

const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

export interface SummaryBatchContext {
  readonly deps: CoreDependencies;
  readonly store: DataCenterStore;
  /** The organisation's model calls on this instance. */
  readonly limit: ConcurrencyLimit;
  /** Aborted when the operation is cancelled or its lease lost. */
  readonly signal: AbortSignal;
  /** Waits between item retries; default ITEM_RETRY_DELAYS_MS. */
  readonly retryDelaysMs?: readonly number[];
}

const errorLine = (sessionId: string, error: ApiError, appUrl?: string, run?: LineRun): JsonValue => ({
  session_id: sessionId,
  file: sessionId,
  ...(appUrl === undefined ? {} : { app_url: appUrl }),
  error: { code: error.code, message: error.message },
  ...(run === undefined ? {} : { run: run as unknown as JsonValue }),
});

/** An item a user deletion replaced (it named one of the user's sessions) before it was summarised. */
const isDeletedItem = (item: JsonValue): boolean => typeof item === 'object' && item !== null && !Array.isArray(item) && item.session_id === undefined && 'deleted' in item;

const sha256 = (value: unknown): string => createHash('sha256').update(canonicalJson(value)).digest('hex');

/** Summarises items `[from, from + items.length)` of a summary batch; one result per item, in order. */
export async function summarizeBatchItems(context: SummaryBatchContext, job: JobRecord, items: readonly JsonValue[], from: number): Promise<JobResultRecord[]> {
  const { deps, store, signal } = context;
  const [head] = (await store.readJobItems(job.id, 0, 1)) as unknown as [SummaryBatchHead];
  // A user deletion removed the first item (it named the deleted user's session), and the profile with it.
  if (head.profile === undefined) {
    return items.map((item, offset) => ({
      index: from + offset,
      ok: false,
      result: isDeletedItem(item) ? deletedResultLine(from + offset) : errorLine(String((item as { session_id?: unknown }).session_id ?? ''), new ApiError('not_found', 'the batch lost its profile to a user deletion')),
    }));
  }
  const profile = validProfile(head.profile);
  const privacy = await orgPrivacy(store, job.orgId);
  const run: LineRun = {
    profile: head.config_profile,
    profile_sha256: sha256(head.profile),
    provider: deps.summaries.provider,
    model: deps.summaries.modelName(profile),
    privacy_sha256: privacy.rules === undefined ? null : sha256(privacy.rules.document),
  };
  const sessions = new SessionCache(4);
  const delays = context.retryDelaysMs ?? ITEM_RETRY_DELAYS_MS;

  const one = async (item: JsonValue, index: number): Promise<JobResultRecord> => {
    if (isDeletedItem(item)) return { index, ok: false, result: deletedResultLine(index, run as unknown as JsonValue) };
    const sessionId = String((item as { session_id?: unknown }).session_id ?? '');
    const loaded = await loadServerSession(store, job.orgId, sessionId, sessions);
    if (loaded === undefined) return { index, ok: false, result: errorLine(sessionId, new ApiError('not_found', `no session ${sessionId}`), undefined, run) };
    const appUrl = sessionAppUrl(deps.appUrl, loaded.session.id);
    for (let attempt = 0; ; attempt++) {
      try {
        const answer = await context.limit.run(
          () =>
            deps.summaries.summarize({
              store,
              orgId: job.orgId,
              session: loaded.session,
              sessionVersion: loaded.version,
              profile,
              profileKey: { id: head.config_profile, version: head.profile_version, operation: job.id },
              privacy,
              now: deps.clock(),
              signal,
              alwaysCache: true,
            }),
          signal,
        );
        const line = {
          session_id: sessionId,
          file: sessionId,
          app_url: appUrl,
          result: answer.result,
          ...(answer.grounding === undefined ? {} : { grounding: answer.grounding }),
          ...(answer.repairs.length === 0 ? {} : { repairs: answer.repairs }),
          tokens: answer.tokens,
          model: answer.model,
          ms: Math.round(answer.modelMs),
          cached: answer.cached,
          run,
        };
        return { index, ok: true, result: line as unknown as JsonValue };
      } catch (error) {
        if (signal.aborted) throw error;
        if (!(error instanceof ApiError)) throw error;
        const delay = delays[attempt];
        if (delay === undefined || !isRetryableModelFailure(error)) return { index, ok: false, result: errorLine(sessionId, error, appUrl, run) };
        await pause(delay, signal);
      }
    }
  };
  return Promise.all(items.map((item, offset) => one(item, from + offset)));
}

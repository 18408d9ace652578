// Across instances, identical summaries asked at once make one model call. The request that asks
// claims the summary's cache key in the store (summary_flights) and renews its lease while the
// model answers; a request on another instance that finds the key claimed waits for the answer to
// reach the cache, and takes its turn when the holder lets go (its answer failed) or its lease
// runs out (its process died). On one instance, identical requests share one call before they get
// here (summary-service.ts).

import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { DataCenterStore } from '../store/store.js';

/** What waiting for a summary's turn came to. */
export type SummaryTurn =
  /** Another instance's answer reached the cache. */
  | { readonly kind: 'cached'; readonly value: string }
  /** This request holds the summary: it asks the model, then calls `release`. */
  | { readonly kind: 'claimed'; readonly release: () => Promise<void> }
  /** The wait ended (longer than `maxWaitMs`, or the request gave up) without an answer or a claim. */
  | { readonly kind: 'unclaimed' };

export interface TurnOptions {
  /** How long a hold lasts without its heartbeat (a process killed mid-call). */
  readonly leaseMs: number;
  /** The longest wait for another instance's answer before asking the model anyway. */
  readonly maxWaitMs: number;
  readonly signal?: AbortSignal | undefined;
}

/** Waits between looks at the cache and the claim: short at first, as most answers come in seconds. */
const POLL_MS = [50, 100, 200, 400, 500] as const;

/** Waits until this request may ask the model for the summary under `key`, or its answer is cached. */
export async function takeSummaryTurn(store: DataCenterStore, orgId: string, key: string, options: TurnOptions): Promise<SummaryTurn> {
  const token = randomUUID();
  const claim = () => store.transaction((writer) => writer.claimSummaryFlight(orgId, key, { token, now: new Date().toISOString(), leaseMs: options.leaseMs }));
  const started = Date.now();
  for (let attempt = 0; ; attempt++) {
    const claimed = await claim();
    // Read after the claim: an answer cached just before the holder let go is found, not asked again.
    const cached = await store.getCachedSummary(orgId, key);
    if (cached !== undefined) {
      if (claimed) await release(store, orgId, key, token);
      return { kind: 'cached', value: cached };
    }
    if (claimed) return { kind: 'claimed', release: hold(store, orgId, key, token, options.leaseMs) };
    if (Date.now() - started >= options.maxWaitMs || options.signal?.aborted === true) return { kind: 'unclaimed' };
    try {
      await sleep(POLL_MS[Math.min(attempt, POLL_MS.length - 1)], undefined, options.signal === undefined ? {} : { signal: options.signal });
    } catch {
      // The request gave up; asking the model ends it the usual way.
      return { kind: 'unclaimed' };
    }
  }
}

/** Renews the hold of `token` while the model answers; the function returned lets go. */
function hold(store: DataCenterStore, orgId: string, key: string, token: string, leaseMs: number): () => Promise<void> {
  const heartbeat = setInterval(() => {
    // A renewal that fails (the store away for a moment) is tried again at the next beat; a lost
    // hold costs at most one more model call.
    void store.transaction((writer) => writer.renewSummaryFlight(orgId, key, { token, now: new Date().toISOString(), leaseMs })).catch(() => undefined);
  }, Math.max(10, Math.floor(leaseMs / 3)));
  heartbeat.unref();
  return async () => {
    clearInterval(heartbeat);
    await release(store, orgId, key, token);
  };
}

/** Lets go of the hold; when that fails the lease runs out by itself. */
async function release(store: DataCenterStore, orgId: string, key: string, token: string): Promise<void> {
  await store.transaction((writer) => writer.releaseSummaryFlight(orgId, key, token)).catch(() => undefined);
}

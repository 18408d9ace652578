// Runs a write transaction again when it lost a race: a concurrent one created the same row first
// (a uid taken between our read and our insert: the second attempt sees it and updates instead),
// or PostgreSQL chose it as the victim of a deadlock or a serialization failure.

import { StoreConflictError, type DataCenterStore, type StoreWriter } from '../store/store.js';

// PostgreSQL's deadlock_detected and serialization_failure: the whole transaction may be retried.
const RETRYABLE_SQLSTATES = new Set(['40P01', '40001']);

/** True for failures that a fresh attempt of the same transaction can get past. */
export function isRetryableConflict(error: unknown): boolean {
  return error instanceof StoreConflictError || RETRYABLE_SQLSTATES.has(String((error as { code?: unknown } | null)?.code));
}

/** The longest pause before one more attempt. */
const MAX_PAUSE_MS = 1_000;

/**
 * The pause after failed attempt `attempt` (1 for the first): none after the first, then a random
 * share of a bound that doubles with each attempt (20, 40, 80 ms, ... up to a second), so that
 * transactions that keep meeting each other fall out of step even when each takes long (a loaded
 * machine: a chunk of 100 users can take a second, which pauses of a few milliseconds never outlast).
 */
export function retryPauseMs(attempt: number, random: number = Math.random()): number {
  return attempt <= 1 ? 0 : random * Math.min(MAX_PAUSE_MS, 5 * 2 ** attempt);
}

/**
 * Runs `work` in a transaction, again (up to `attempts` in all) when it lost a race; from the
 * second retry on after a random pause (retryPauseMs), so that transactions that keep meeting each
 * other (several jobs creating the same users) fall out of step.
 */
export async function transactionWithRetry<T>(store: DataCenterStore, work: (writer: StoreWriter) => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await store.transaction(work);
    } catch (error) {
      if (!isRetryableConflict(error) || attempt >= attempts) throw error;
      const pause = retryPauseMs(attempt);
      if (pause > 0) await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }
}

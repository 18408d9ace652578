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

/**
 * Runs `work` in a transaction, again (up to `attempts` in all) when it lost a race; from the
 * second retry on after a short random pause, so that transactions that keep meeting each other
 * (several jobs creating the same users) fall out of step.
 */
export async function transactionWithRetry<T>(store: DataCenterStore, work: (writer: StoreWriter) => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await store.transaction(work);
    } catch (error) {
      if (!isRetryableConflict(error) || attempt >= attempts) throw error;
      if (attempt > 1) await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * attempt));
    }
  }
}

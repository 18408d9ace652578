// A request with an Idempotency-Key saves its answer in the transaction that applies it. Were the
// answer saved in a transaction of its own afterwards, a process killed between the two commits
// would leave the request applied and its key unanswered: once the key's lease ran out, the
// client's retry would apply it a second time. Here the writes and the answer commit together or
// not at all, so a retry finds either nothing applied (and executes) or the answer (and replays).

import { AsyncLocalStorage } from 'node:async_hooks';
import { ApiError } from '../http/api-error.js';
import type { HandlerResult } from '../http/route-definition.js';
import { transactionWithRetry } from '../routes/with-conflict-retry.js';
import type { DataCenterStore, StoreWriter } from '../store/store.js';

/** The Idempotency-Key a request holds while it executes. */
export interface KeyHold {
  readonly orgId: string;
  readonly key: string;
  /** Names this request's hold on the key (another request's retry holds it with another token). */
  readonly token: string;
  /** Whether the answer was saved in the request's own transaction (then nothing is left to save). */
  saved: boolean;
}

const holds = new AsyncLocalStorage<KeyHold>();

/** Runs a request's handler holding `hold`: the answers it commits go under that key. */
export function holdingKey<T>(hold: KeyHold, execute: () => Promise<T>): Promise<T> {
  return holds.run(hold, execute);
}

/** Whether an answer is saved under its key: all but 429 and server errors above 500. */
export function isSaved(status: number): boolean {
  return status !== 429 && status <= 500;
}

/**
 * Runs `work` in one transaction (again when it loses a race, as {@link transactionWithRetry}) and
 * returns the answer it builds. When the request holds an Idempotency-Key, the answer is saved
 * under it in that same transaction; a request whose hold ran out (its lease expired and a retry
 * took the key over) rolls back instead and answers 409, so that only one of them applies.
 */
export async function commitAnswer(store: DataCenterStore, work: (writer: StoreWriter) => Promise<HandlerResult>): Promise<HandlerResult> {
  const hold = holds.getStore();
  let saved = false;
  const result = await transactionWithRetry(store, async (writer) => {
    saved = false;
    const answer = await work(writer);
    if (hold !== undefined && isSaved(answer.status) && !(answer.body instanceof ReadableStream)) {
      const held = await writer.completeIdempotencyKey(hold.orgId, hold.key, { token: hold.token, status: answer.status, body: JSON.stringify(answer.body) });
      if (!held) {
        throw new ApiError('idempotency_key_in_use', 'this request held its Idempotency-Key too long: a retry took the key over, and its answer stands; nothing of this request was applied');
      }
      saved = true;
    }
    return answer;
  });
  if (hold !== undefined && saved) hold.saved = true;
  return result;
}

// A signal of one's own for one vendor call, aborted with the caller's. The vendor SDKs add an
// abort listener to the signal they are given and never remove it: given the caller's signal
// directly, a run of thousands of calls under one signal would keep one listener (and what it
// holds) per call. The SDK's listener goes on this call's signal instead, which dies with the call.

/** Runs `call` with a signal that follows `signal` for the length of the call; undefined stays undefined. */
export async function withCallSignal<T>(signal: AbortSignal | undefined, call: (signal: AbortSignal | undefined) => Promise<T>): Promise<T> {
  if (signal === undefined) return call(undefined);
  const controller = new AbortController();
  const follow = (): void => controller.abort(signal.reason);
  if (signal.aborted) follow();
  else signal.addEventListener('abort', follow, { once: true });
  try {
    return await call(controller.signal);
  } finally {
    signal.removeEventListener('abort', follow);
  }
}

// A fetch that retries 408, 429 and 5xx answers with exponential backoff, honouring Retry-After.
// Vendor SDKs take a `fetch` option, so every adapter retries the same way.

/**
 * Options of {@link createRetryingFetch}.
 *
 * @category Models
 */
export interface RetryOptions {
  /** Retries after the first attempt. Default 3. */
  readonly retries?: number;
  /** First backoff delay in ms, doubled each retry. Default 500. */
  readonly baseDelayMs?: number;
  /** Upper bound for one wait, including a Retry-After the server asks for. Default 30,000. */
  readonly maxDelayMs?: number;
  /** Waits `ms`; tests pass a fake. Default: a timer that an abort signal cancels. */
  readonly sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** A number in [0, 1) for jitter. Default Math.random. */
  readonly random?: () => number;
  /** Called before each retry with the status and the chosen delay. */
  readonly onRetry?: (info: { attempt: number; status: number; delayMs: number }) => void;
}

/**
 * The type of `globalThis.fetch`.
 *
 * @category Models
 */
export type Fetch = typeof globalThis.fetch;

/** Statuses worth retrying: timeouts, rate limits and server errors. */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}

/** Milliseconds a Retry-After header asks for (seconds or an HTTP date), or undefined. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

function defaultSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted === true) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Wraps `fetch` so that answers 408, 429 and 5xx are retried with exponential backoff and jitter,
 * honouring `Retry-After` (and `retry-after-ms`) up to `maxDelayMs`; the last answer is returned
 * as is. Errors thrown by `fetch` itself are not retried.
 *
 * @param fetchImplementation - The fetch to wrap. Default `globalThis.fetch`.
 * @category Models
 */
export function createRetryingFetch(fetchImplementation: Fetch = globalThis.fetch, options: RetryOptions = {}): Fetch {
  const retries = options.retries ?? 3;
  const baseDelayMs = options.baseDelayMs ?? 500;
  const maxDelayMs = options.maxDelayMs ?? 30_000;
  const sleep = options.sleep ?? defaultSleep;
  const random = options.random ?? Math.random;
  return async (input, init) => {
    for (let attempt = 0; ; attempt++) {
      const response = await fetchImplementation(input, init);
      if (response.ok || !isRetryableStatus(response.status) || attempt >= retries) return response;
      // OpenAI-style servers also send the wait in milliseconds.
      const askedMs = Number(response.headers.get('retry-after-ms') ?? Number.NaN);
      const asked = Number.isFinite(askedMs) && askedMs >= 0 ? askedMs : retryAfterMs(response.headers.get('retry-after'));
      const backoff = baseDelayMs * 2 ** attempt * (0.5 + random() / 2);
      const delayMs = Math.min(maxDelayMs, asked ?? backoff);
      // The discarded answer's body must be read or the connection is not reused.
      await response.body?.cancel().catch(() => undefined);
      options.onRetry?.({ attempt: attempt + 1, status: response.status, delayMs });
      await sleep(delayMs, init?.signal ?? undefined);
    }
  };
}

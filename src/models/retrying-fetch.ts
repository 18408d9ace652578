// A fetch that retries 408, 429 and 5xx answers with exponential backoff, honouring Retry-After,
// and connections lost on the way (or no answer within a deadline per attempt) the same way.
// Vendor SDKs take a `fetch` option, so every adapter retries the same way.

import { describeNetworkFailure, isLostConnection, isNetworkFailure } from './network-failure.js';

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
  /**
   * Upper bound for one wait. A server that asks (Retry-After) for a longer one is not retried:
   * an earlier attempt would meet the same answer. Default 30,000.
   */
  readonly maxDelayMs?: number;
  /** Waits `ms`; tests pass a fake. Default: a timer that an abort signal cancels. */
  readonly sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** A number in [0, 1) for jitter. Default Math.random. */
  readonly random?: () => number;
  /**
   * Called before each retry with the status (0 when no answer came: the connection was lost, or
   * the attempt's deadline passed, and `error` says what happened) and the chosen delay.
   */
  readonly onRetry?: (info: { attempt: number; status: number; delayMs: number; error?: unknown }) => void;
  /**
   * The longest wait for one attempt's whole answer, in ms: then the attempt is abandoned and
   * retried like a 5xx. Default: no deadline.
   */
  readonly attemptTimeoutMs?: number;
  /**
   * The largest answer body read, in bytes: a larger one fails with an {@link AnswerTooLargeError}
   * (not retried) instead of filling the memory. Default 16 MiB, far above any model's answer.
   */
  readonly maxAnswerBytes?: number;
}

/**
 * The default {@link RetryOptions.maxAnswerBytes}: 16 MiB.
 *
 * @category Models
 */
export const DEFAULT_MAX_ANSWER_BYTES = 16 * 1024 * 1024;

/**
 * An answer body larger than {@link RetryOptions.maxAnswerBytes}: no model's answer is that large,
 * so the endpoint (or a proxy in its place) sent something else. Not retried.
 *
 * @category Models
 */
export class AnswerTooLargeError extends Error {
  /** The limit, in bytes. */
  readonly limit: number;

  constructor(limit: number, status: number) {
    super(`the answer (HTTP ${status}) is larger than ${limit} bytes, more than any model's answer: it was not read`);
    this.name = 'AnswerTooLargeError';
    this.limit = limit;
  }
}

/**
 * The retries ran out on connections that were lost, or on attempts that got no answer within
 * `attemptTimeoutMs`: the endpoint was reached (or at least accepted the connection), so this is
 * a failed call, not an unreachable model. The adapters turn it into a `model_error`.
 *
 * @category Models
 */
export class ConnectionLostError extends Error {
  /** Attempts made, the first one included. */
  readonly attempts: number;
  /** True when the last attempt got no answer within the deadline. */
  readonly noAnswer: boolean;

  constructor(description: string, options: { attempts: number; noAnswer: boolean; cause?: unknown }) {
    // Never the words "time out": the OpenAI SDK would take the failure for its own deadline.
    super(`${description.replace(/timed? ?out/gi, 'deadline')} (${options.attempts === 1 ? 'no retry' : `gave up after ${retriesText(options.attempts - 1)}`})`, { cause: options.cause });
    this.name = 'ConnectionLostError';
    this.attempts = options.attempts;
    this.noAnswer = options.noAnswer;
  }
}

/** `1 retry`, `3 retries`. */
const retriesText = (count: number) => `${count} ${count === 1 ? 'retry' : 'retries'}`;

/** The header of a retryable error answer the retrying fetch gave up on: the retries it made before. */
export const RETRIES_HEADER = 'x-recap-retries';
/** The header of such an answer when it was not retried because it asked for a longer wait than `maxDelayMs`: the wait asked for, in ms. */
export const REFUSED_WAIT_HEADER = 'x-recap-refused-wait-ms';

/**
 * Why the retrying fetch gave up on a retryable error answer, as the adapters word it after the
 * vendor's message: `(gave up after 2 retries)`, or `(not retried: the server asked to wait 3,600 s,
 * longer than the 30 s recap waits at most; try again later)`. Read from the answer's headers
 * (RETRIES_HEADER, REFUSED_WAIT_HEADER); '' when they are not there.
 */
export function givingUpNote(headers: { get(name: string): string | null } | undefined, maxDelayMs = 30_000): string {
  const retries = Number(headers?.get(RETRIES_HEADER) ?? Number.NaN);
  if (!Number.isSafeInteger(retries) || retries < 0) return '';
  const made = retries === 0 ? 'not retried' : `retried ${retries === 1 ? 'once' : `${retries} times`}`;
  const refused = refusedWaitMs(headers);
  if (refused === undefined) return retries === 0 ? '' : ` (gave up after ${retriesText(retries)})`;
  const seconds = (ms: number) => `${Math.ceil(ms / 1000).toLocaleString('en-US')} s`;
  return ` (${made}: the server asked to wait ${seconds(refused)}, longer than the ${seconds(maxDelayMs)} recap waits at most; try again later)`;
}

/** The wait an error answer asked for that the retrying fetch refused (REFUSED_WAIT_HEADER), in ms; undefined when it did not refuse one. */
export function refusedWaitMs(headers: { get(name: string): string | null } | undefined): number | undefined {
  const refused = Number(headers?.get(REFUSED_WAIT_HEADER) ?? Number.NaN);
  return Number.isFinite(refused) && headers?.get(RETRIES_HEADER) !== null ? refused : undefined;
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

/** The wait an answer asks for in ms: `retry-after-ms` (OpenAI-style servers send it), else `Retry-After`; undefined without. */
function askedWaitMs(headers: Headers): number | undefined {
  const askedMs = Number(headers.get('retry-after-ms') ?? Number.NaN);
  return Number.isFinite(askedMs) && askedMs >= 0 ? askedMs : retryAfterMs(headers.get('retry-after'));
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

/** A deadline for one attempt that also follows the caller's signal; `expired` tells the two apart. */
function attemptDeadline(signal: AbortSignal | null | undefined, ms: number) {
  const controller = new AbortController();
  const deadline = { signal: controller.signal, expired: false, clear: () => undefined as void };
  const follow = (): void => controller.abort(signal?.reason);
  if (signal?.aborted === true) follow();
  else signal?.addEventListener('abort', follow, { once: true });
  const timer = setTimeout(() => {
    deadline.expired = true;
    controller.abort(new DOMException(`no answer within ${ms} ms`, 'AbortError'));
  }, ms);
  timer.unref();
  deadline.clear = () => {
    clearTimeout(timer);
    signal?.removeEventListener('abort', follow);
  };
  return deadline;
}

/**
 * The answer with its body read, up to `limit` bytes: a connection lost while the body comes fails
 * inside the attempt, where it can be retried.
 */
async function whole(response: Response, limit: number, givenUp?: { readonly retries: number; readonly refusedWaitMs?: number | undefined }): Promise<Response> {
  if (response.body === null && givenUp === undefined) return response;
  const tooLarge = async (): Promise<never> => {
    await response.body?.cancel().catch(() => undefined);
    throw new AnswerTooLargeError(limit, response.status);
  };
  if (Number(response.headers.get('content-length') ?? 0) > limit) return tooLarge();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body?.getReader();
  while (reader !== undefined) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      reader.releaseLock();
      return tooLarge();
    }
    chunks.push(value);
  }
  const body = Buffer.concat(chunks, size);
  const headers = new Headers(response.headers);
  if (givenUp !== undefined) {
    headers.set(RETRIES_HEADER, String(givenUp.retries));
    // Capped: a Retry-After of 1e308 s is Infinity ms, which refusedWaitMs would not read back.
    if (givenUp.refusedWaitMs !== undefined) headers.set(REFUSED_WAIT_HEADER, String(Math.round(Math.min(givenUp.refusedWaitMs, Number.MAX_SAFE_INTEGER))));
  }
  return new Response([101, 204, 205, 304].includes(response.status) ? null : body, { status: response.status, statusText: response.statusText, headers });
}

/**
 * Wraps `fetch` so that answers 408, 429 and 5xx are retried with exponential backoff and jitter,
 * honouring `Retry-After` (and `retry-after-ms`); an answer that asks for a longer wait than
 * `maxDelayMs` is not retried. The last answer is returned as is, its body read, and an error
 * answer given up on carries the retries made in an `x-recap-retries` header (and the wait it
 * asked for, when it was refused, in `x-recap-refused-wait-ms`; see givingUpNote). A connection
 * lost on the way (reset, closed before or while the answer came), any network failure once the endpoint has answered this fetch, and an attempt without an
 * answer within `attemptTimeoutMs` are retried the same way, then fail with a
 * {@link ConnectionLostError}. A connection refused (or a host not found) before the endpoint ever
 * answered is thrown at once: the endpoint cannot be reached.
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
  const attemptTimeoutMs = options.attemptTimeoutMs;
  const maxAnswerBytes = options.maxAnswerBytes ?? DEFAULT_MAX_ANSWER_BYTES;
  // Once the endpoint has answered, a failing connection is a lost one, not an unreachable endpoint.
  let answered = false;
  const backoff = (attempt: number) => baseDelayMs * 2 ** attempt * (0.5 + random() / 2);
  return async (input, init) => {
    for (let attempt = 0; ; attempt++) {
      const deadline = attemptTimeoutMs === undefined ? undefined : attemptDeadline(init?.signal, attemptTimeoutMs);
      let response: Response;
      let asked: number | undefined;
      try {
        response = await fetchImplementation(input, deadline === undefined ? init : { ...init, signal: deadline.signal });
        answered = true;
        if (response.ok || !isRetryableStatus(response.status)) return await whole(response, maxAnswerBytes);
        // Asked to wait longer than we may: an earlier attempt would only meet the same answer (on
        // the last attempt too: the wait is what the caller needs to know, not that retries ran out).
        asked = askedWaitMs(response.headers);
        if (asked !== undefined && asked > maxDelayMs) return await whole(response, maxAnswerBytes, { retries: attempt, refusedWaitMs: asked });
        if (attempt >= retries) return await whole(response, maxAnswerBytes, { retries: attempt });
      } catch (error) {
        if (init?.signal?.aborted === true) throw error;
        const noAnswer = deadline?.expired === true;
        if (!noAnswer && !isLostConnection(error) && !(answered && isNetworkFailure(error))) throw error;
        const description = noAnswer ? `no answer within ${attemptTimeoutMs ?? 0} ms` : `the connection was lost: ${describeNetworkFailure(error)}`;
        if (attempt >= retries) throw new ConnectionLostError(description, { attempts: attempt + 1, noAnswer, ...(noAnswer ? {} : { cause: error }) });
        const delayMs = Math.min(maxDelayMs, backoff(attempt));
        options.onRetry?.({ attempt: attempt + 1, status: 0, delayMs, error: new ConnectionLostError(description, { attempts: attempt + 1, noAnswer }) });
        await sleep(delayMs, init?.signal ?? undefined);
        continue;
      } finally {
        deadline?.clear();
      }
      const delayMs = asked ?? Math.min(maxDelayMs, backoff(attempt));
      // The discarded answer's body must be read or the connection is not reused.
      await response.body?.cancel().catch(() => undefined);
      options.onRetry?.({ attempt: attempt + 1, status: response.status, delayMs });
      await sleep(delayMs, init?.signal ?? undefined);
    }
  };
}

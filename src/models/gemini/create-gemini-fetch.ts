// The fetch the Gemini SDK is given: retries with backoff (honouring Gemini's RetryInfo), and
// connection failures named with the address they tried: a lost connection whose retries ran out
// is a ModelError (that call failed), an endpoint that cannot be reached a ModelUnavailableError.

import { ModelError, ModelUnavailableError } from '../model-errors.js';
import { AnswerTooLargeError, ConnectionLostError, createRetryingFetch, givingUpNote, refusedWaitMs, RETRIES_HEADER, type Fetch, type RetryOptions } from '../retrying-fetch.js';
import { honourGeminiRetryDelay, parseJson } from './honour-gemini-retry-delay.js';

/** `fetchImplementation` with Gemini's retry behaviour, unreachable-endpoint reporting and JSON answers only. */
export function createGeminiFetch(fetchImplementation: Fetch, retry?: RetryOptions): Fetch {
  return requireJsonObject(carryGivingUp(reportUnreachable(createRetryingFetch(honourGeminiRetryDelay(fetchImplementation), retry)), retry?.maxDelayMs));
}

/** The key under which an error body carries why the retries ended (see carryGivingUp). */
export const GIVING_UP_KEY = 'recap_giving_up';

// The SDK turns an error answer into an ApiError of its JSON body alone: why the retrying fetch
// gave up (its headers, see givingUpNote) goes into the body, where mapGeminiError reads it.
function carryGivingUp(fetchImplementation: Fetch, maxDelayMs: number | undefined): Fetch {
  return async (input, init) => {
    const response = await fetchImplementation(input, init);
    if (response.ok || !response.headers.has(RETRIES_HEADER)) return response;
    const text = await response.text();
    const parsed = parseJson(text);
    const body = typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? parsed : { error: { message: text, code: response.status, status: response.statusText } };
    const headers = new Headers(response.headers);
    headers.set('content-type', 'application/json');
    const givingUp = { note: givingUpNote(response.headers, maxDelayMs), refused_wait_ms: refusedWaitMs(response.headers) ?? null };
    return new Response(JSON.stringify({ ...body, [GIVING_UP_KEY]: givingUp }), { status: response.status, statusText: response.statusText, headers });
  };
}


// The SDK parses a successful answer itself: a proxy's HTML page would fail as a bare SyntaxError
// that quotes the page, and a JSON `null` as a TypeError from inside the SDK.
function requireJsonObject(fetchImplementation: Fetch): Fetch {
  return async (input, init) => {
    const response = await fetchImplementation(input, init);
    if (!response.ok) return response;
    // The retrying fetch has read the body already: reading it again costs no wait.
    const text = await response.text();
    if (!isJsonObject(text)) {
      const url = new URL(input instanceof Request ? input.url : String(input));
      const what = `HTTP ${response.status} with a body that is not a JSON object (${response.headers.get('content-type') ?? 'no content type'}, ${Buffer.byteLength(text)} bytes)`;
      throw new ModelError(`the Gemini API at ${url.origin} answered ${what}: is the base URL (--base-url, GOOGLE_GEMINI_BASE_URL) a proxy that answers in its place?`, {
        provider: 'gemini',
        status: response.status,
        withoutVendorText: `the Gemini API answered ${what}`,
      });
    }
    return new Response(text, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}

function isJsonObject(text: string): boolean {
  const value = parseJson(text);
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// Thrown inside fetch because only here the address is known for sure: the SDK may take its base
// URL from GOOGLE_GEMINI_BASE_URL. The SDK rethrows Error instances unchanged.
function reportUnreachable(fetchImplementation: Fetch): Fetch {
  return async (input, init) => {
    try {
      return await fetchImplementation(input, init);
    } catch (error) {
      if (init?.signal?.aborted === true || isAbortError(error)) throw error;
      const url = new URL(input instanceof Request ? input.url : String(input));
      if (error instanceof AnswerTooLargeError) {
        throw new ModelError(`the Gemini API at ${url.origin} answered too much: ${error.message}`, { provider: 'gemini', cause: error, withoutVendorText: `the Gemini API answered too much: ${error.message}` });
      }
      if (error instanceof ConnectionLostError) {
        throw new ModelError(`the call to the Gemini API at ${url.origin} failed: ${error.message}`, { provider: 'gemini', cause: error });
      }
      throw new ModelUnavailableError(
        `cannot reach the Gemini API at ${url.origin}: ${describeNetworkError(error)}. ` +
          'Check the network, or the base URL (--base-url, GOOGLE_GEMINI_BASE_URL).',
        { provider: 'gemini', cause: error },
      );
    }
  };
}

function isAbortError(error: unknown): boolean {
  return error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError');
}

/** undici says "fetch failed" and puts the reason (e.g. `connect ECONNREFUSED ...`) in `cause`. */
function describeNetworkError(error: unknown): string {
  const cause = error instanceof Error ? error.cause : undefined;
  if (cause instanceof Error && cause.message !== '') return cause.message;
  const code = (cause as { code?: unknown } | undefined)?.code;
  if (typeof code === 'string') return code;
  return error instanceof Error ? error.message : String(error);
}

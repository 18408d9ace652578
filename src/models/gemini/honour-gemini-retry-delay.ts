// Gemini says how long to wait after a 429 in the error body (google.rpc.RetryInfo, e.g.
// "retryDelay": "17s"), not in a Retry-After header. This fetch copies that delay into a
// Retry-After header so that the retrying fetch, which reads only the header, honours it.

import { isRetryableStatus, type Fetch } from '../retrying-fetch.js';

const RETRY_INFO_TYPE = 'type.googleapis.com/google.rpc.RetryInfo';

/** Seconds a Gemini error body asks to wait (`RetryInfo.retryDelay`, e.g. "17s", "0.5s"), or undefined. */
export function geminiRetryDelaySeconds(body: unknown): number | undefined {
  const details = (body as { error?: { details?: unknown } } | null)?.error?.details;
  if (!Array.isArray(details)) return undefined;
  for (const detail of details as { '@type'?: unknown; retryDelay?: unknown }[]) {
    if (detail?.['@type'] !== RETRY_INFO_TYPE || typeof detail.retryDelay !== 'string') continue;
    const match = /^(\d+(?:\.\d+)?)s$/.exec(detail.retryDelay.trim());
    if (match?.[1] !== undefined) return Number(match[1]);
  }
  return undefined;
}

/** Wraps `fetch`: a retryable error answer without Retry-After gets one from its RetryInfo. */
export function honourGeminiRetryDelay(fetchImplementation: Fetch): Fetch {
  return async (input, init) => {
    const response = await fetchImplementation(input, init);
    if (response.ok || !isRetryableStatus(response.status) || response.headers.has('retry-after')) return response;
    const text = await response.text();
    const seconds = geminiRetryDelaySeconds(parseJson(text));
    const headers = new Headers(response.headers);
    if (seconds !== undefined) headers.set('retry-after', String(seconds));
    // The body was read, so the answer is rebuilt from the text.
    return new Response(text, { status: response.status, statusText: response.statusText, headers });
  };
}

/** `text` parsed as JSON, or undefined when it is not JSON. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

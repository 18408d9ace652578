// Events of rrweb's record plugins: console messages (rrweb/console@1, and the Log source of
// rrweb before 1.0) and network requests (rrweb/network@1).

import { cutText } from './clip-text.js';

/** Longest console message kept; longer ones end with an ellipsis. */
export const MAX_CONSOLE_MESSAGE_LENGTH = 500;
/** A response status at or above this is a network error. */
export const NETWORK_ERROR_MIN_STATUS = 400;
/** The largest number read as an HTTP status. */
const MAX_HTTP_STATUS = 999;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

// rrweb's console plugin writes every argument with JSON.stringify, and an Error as its stack
// followed by this marker.
const ERROR_STACK_END = '\nEnd of stack for Error object';

function argumentText(argument: unknown): string {
  if (typeof argument !== 'string') return JSON.stringify(argument) ?? '';
  let text = argument;
  try {
    const parsed: unknown = JSON.parse(argument);
    if (typeof parsed === 'string') text = parsed;
  } catch {
    // Not JSON: the argument was recorded as plain text.
  }
  if (text.endsWith(ERROR_STACK_END)) {
    // `TypeError: total is undefined\n    at ...`: the first line names the error.
    text = text.slice(0, -ERROR_STACK_END.length).split('\n')[0] ?? text;
  }
  return text;
}

/** The message of a console payload `{ level, payload: [...] }` when its level is error. */
export function consoleErrorMessage(payload: unknown): string | undefined {
  if (!isObject(payload) || payload.level !== 'error') return undefined;
  const parts = Array.isArray(payload.payload) ? payload.payload.map(argumentText) : [];
  const message = parts.join(' ').trim();
  const clipped = cutText(message, MAX_CONSOLE_MESSAGE_LENGTH);
  return clipped === '' ? '(empty console.error)' : clipped;
}

export interface FailedRequest {
  readonly url: string;
  readonly method: string | undefined;
  /** The HTTP status; undefined when the request failed without a response. */
  readonly status: number | undefined;
}

/**
 * The failed requests of a network payload `{ requests: [...] }`: a status of 400 or more, or a
 * fetch/XHR request (one with a method) that ended with status 0 or an error. Requests seen only
 * by the PerformanceObserver report status 0 for any cross-origin response, so 0 alone is not a
 * failure there.
 */
export function failedRequests(payload: unknown): FailedRequest[] {
  if (!isObject(payload) || !Array.isArray(payload.requests)) return [];
  const failed: FailedRequest[] = [];
  for (const request of payload.requests) {
    if (!isObject(request)) continue;
    const url = typeof request.name === 'string' ? request.name : typeof request.url === 'string' ? request.url : undefined;
    if (url === undefined) continue;
    const method = typeof request.method === 'string' && request.method !== '' ? request.method.toUpperCase() : undefined;
    const rawStatus = typeof request.status === 'number' ? request.status : request.responseStatus;
    // An HTTP status has three digits; anything else (1e308 from a broken recorder) is no status.
    const status = typeof rawStatus === 'number' && Number.isInteger(rawStatus) && rawStatus >= 0 && rawStatus <= MAX_HTTP_STATUS ? rawStatus : undefined;
    const errored = request.failed === true || (typeof request.error === 'string' && request.error !== '');
    if (status !== undefined && status >= NETWORK_ERROR_MIN_STATUS) failed.push({ url, method, status });
    else if (errored || (method !== undefined && status === 0)) failed.push({ url, method, status: undefined });
  }
  return failed;
}

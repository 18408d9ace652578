// Maps what the openai SDK throws to recap's typed model errors. An abort by the caller is not a
// model failure: it passes through as the caller's abort.

import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import { ModelError, ModelUnavailableError } from '../model-errors.js';
import { AnswerTooLargeError, ConnectionLostError, givingUpNote, isRetryableStatus, refusedWaitMs } from '../retrying-fetch.js';

export interface OpenAiErrorContext {
  readonly model: string;
  /** The endpoint's base URL, as the client uses it. */
  readonly baseUrl: string;
  /** The caller's signal: when it is aborted, the error is the abort and passes through. */
  readonly signal?: AbortSignal | undefined;
  readonly timeoutMs?: number | undefined;
  /** The retrying fetch's longest wait (RetryOptions.maxDelayMs), to word why it gave up. */
  readonly maxDelayMs?: number | undefined;
}

/**
 * The error to throw for `error`: a ModelError (or subclass), or on the caller's abort the
 * signal's reason, as fetch itself rejects (the SDK's APIUserAbortError is a plain `Error` by name).
 */
export function mapOpenAiError(error: unknown, context: OpenAiErrorContext): unknown {
  if (context.signal?.aborted === true) return (context.signal.reason as unknown) ?? error;
  if (error instanceof APIUserAbortError || error instanceof ModelError) return error;
  if (error instanceof APIConnectionTimeoutError) {
    return new ModelUnavailableError(
      `the endpoint at ${context.baseUrl} did not answer within ${context.timeoutMs ?? 'the allowed'} ms (model ${context.model})`,
      { provider: 'openai', cause: error },
    );
  }
  if (error instanceof APIConnectionError && error.cause instanceof AnswerTooLargeError) {
    return new ModelError(`the endpoint at ${context.baseUrl} answered too much: ${error.cause.message}`, {
      provider: 'openai',
      cause: error.cause,
      withoutVendorText: `the OpenAI-compatible endpoint answered too much: ${error.cause.message}`,
    });
  }
  if (error instanceof APIConnectionError && error.cause instanceof ConnectionLostError) {
    // The endpoint was reached, but this call's connection was lost (or got no answer) on every attempt.
    return new ModelError(`the call to the endpoint at ${context.baseUrl} failed: ${error.cause.message}`, { provider: 'openai', cause: error.cause });
  }
  if (error instanceof APIConnectionError) {
    return new ModelUnavailableError(
      `cannot reach the OpenAI-compatible endpoint at ${context.baseUrl}: ${describeCause(error)}. ` +
        'Check that the server is running, or the base URL (--base-url, OPENAI_BASE_URL).',
      { provider: 'openai', cause: error },
    );
  }
  if (error instanceof APIError && typeof error.status === 'number') {
    return mapStatusError(error, error.status, context);
  }
  if (error instanceof SyntaxError) {
    // The SDK parsed a successful answer labelled JSON that is not: a proxy's page, a cut body.
    return new ModelError(`the endpoint at ${context.baseUrl} answered with a body that is not JSON (${error.message}) for model ${context.model}`, {
      provider: 'openai',
      cause: error,
      withoutVendorText: `the OpenAI-compatible endpoint answered with a body that is not JSON for model ${context.model}`,
    });
  }
  const message = error instanceof Error ? error.message : String(error);
  return new ModelError(`the OpenAI-compatible call failed: ${message}`, {
    provider: 'openai',
    cause: error,
    withoutVendorText: `the OpenAI-compatible call failed (${error instanceof Error ? error.name : typeof error})`,
  });
}

// The vendor's message stays out of withoutVendorText: it may quote the request ("Invalid value
// for messages[1].content: ..."); its status and code say what went wrong without it.
function mapStatusError(error: APIError, status: number, context: OpenAiErrorContext): ModelError {
  const body = error.error as { message?: unknown } | undefined;
  const vendorMessage = typeof body?.message === 'string' ? body.message : error.message;
  const vendorCode = typeof error.code === 'string' && error.code !== '' ? error.code : typeof error.type === 'string' && error.type !== '' ? error.type : undefined;
  const label = `HTTP ${status}${vendorCode === undefined ? '' : ` ${vendorCode}`}`;
  if (status === 401 || status === 403) {
    return new ModelUnavailableError(`the endpoint at ${context.baseUrl} rejected the key (${label}: ${vendorMessage}); check OPENAI_API_KEY`, {
      provider: 'openai',
      status,
      cause: error,
      vendorCode,
      withoutVendorText: `the endpoint at ${context.baseUrl} rejected the key (${label}); check OPENAI_API_KEY`,
    });
  }
  const gaveUp = isRetryableStatus(status) ? givingUpNote(error.headers, context.maxDelayMs) : '';
  return new ModelError(`the endpoint at ${context.baseUrl} answered ${label} for model ${context.model}: ${vendorMessage}${gaveUp}`, {
    provider: 'openai',
    status,
    cause: error,
    vendorCode,
    withoutVendorText: `the endpoint at ${context.baseUrl} answered ${label} for model ${context.model}${gaveUp}`,
    refusedWaitMs: isRetryableStatus(status) ? refusedWaitMs(error.headers) : undefined,
  });
}

/** The SDK says "Connection error." and keeps fetch's failure (and its cause) in `cause`. */
function describeCause(error: Error): string {
  let current: unknown = error.cause;
  let description = error.message;
  for (let depth = 0; current instanceof Error && depth < 3; depth++) {
    const code = (current as { code?: unknown }).code;
    description = current.message !== '' ? current.message : typeof code === 'string' ? code : description;
    current = current.cause;
  }
  return description;
}

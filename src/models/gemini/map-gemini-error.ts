// Maps what the Gemini SDK throws to recap's typed model errors. An abort by the caller is
// returned unchanged: it is not a model failure.

import { ApiError } from '@google/genai';
import { ModelError, ModelUnavailableError } from '../model-errors.js';
import { isRetryableStatus } from '../retrying-fetch.js';
import { GIVING_UP_KEY } from './create-gemini-fetch.js';

export interface GeminiErrorContext {
  /** The model the call went to. */
  readonly model: string;
  /** The caller's signal: when it is aborted, the error is the abort and passes through. */
  readonly signal?: AbortSignal | undefined;
  readonly timeoutMs?: number | undefined;
}

/** The vendor's error as the SDK carries it: the JSON error body in `ApiError.message`. */
interface GeminiErrorBody {
  readonly message?: string;
  readonly status?: string;
  readonly details?: readonly { readonly reason?: string }[];
}

/** The error to throw for `error`: a ModelError (or subclass), or the caller's abort unchanged. */
export function mapGeminiError(error: unknown, context: GeminiErrorContext): unknown {
  if (context.signal?.aborted === true || error instanceof ModelError) return error;
  if (error instanceof ApiError) return mapApiError(error, context);
  if (error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError')) {
    return new ModelUnavailableError(
      `the Gemini API did not answer within ${context.timeoutMs ?? 'the allowed'} ms (model ${context.model})`,
      { provider: 'gemini', cause: error },
    );
  }
  const message = error instanceof Error ? error.message : String(error);
  return new ModelError(`the Gemini call failed: ${message}`, {
    provider: 'gemini',
    cause: error,
    withoutVendorText: `the Gemini call failed (${error instanceof Error ? error.name : typeof error})`,
  });
}

function mapApiError(error: ApiError, context: GeminiErrorContext): ModelError {
  const status = error.status;
  const body = readErrorBody(error.message);
  // Without a message of the vendor's, the whole body is quoted: as the SDK kept it, without what
  // createGeminiFetch added to it (the note follows the message once, below).
  const vendorMessage = typeof body?.message === 'string' ? body.message : withoutGivingUp(error.message);
  const label = `HTTP ${status}${body?.status === undefined ? '' : ` ${body.status}`}`;
  // A wrong key is a 400 with reason API_KEY_INVALID, not a 401.
  const keyInvalid = body?.details?.some((detail) => detail.reason === 'API_KEY_INVALID') === true;
  // The vendor's message stays out of withoutVendorText: it may quote the request ("Invalid value
  // at 'contents[0].parts[0].text' ..."); its status and code say what went wrong without it.
  const vendorCode = body?.status;
  if (status === 401 || status === 403 || keyInvalid) {
    return new ModelUnavailableError(`the Gemini API rejected the key (${label}: ${vendorMessage}); check GEMINI_API_KEY or GOOGLE_API_KEY`, {
      provider: 'gemini',
      status,
      cause: error,
      vendorCode,
      withoutVendorText: `the Gemini API rejected the key (${label}${keyInvalid ? ', API_KEY_INVALID' : ''}); check GEMINI_API_KEY or GOOGLE_API_KEY`,
    });
  }
  const givingUp = isRetryableStatus(status) ? readGivingUp(error.message) : undefined;
  const gaveUp = givingUp?.note ?? '';
  return new ModelError(`the Gemini API answered ${label} for model ${context.model}: ${vendorMessage}${gaveUp}`, {
    provider: 'gemini',
    status,
    cause: error,
    vendorCode,
    withoutVendorText: `the Gemini API answered ${label} for model ${context.model}${gaveUp}`,
    refusedWaitMs: givingUp?.refusedWaitMs,
  });
}

/** Why the retrying fetch gave up, as createGeminiFetch put it into the error body (the SDK keeps only the body). */
function readGivingUp(message: string): { readonly note: string; readonly refusedWaitMs: number | undefined } | undefined {
  try {
    const givingUp = (JSON.parse(message) as Record<string, { note?: unknown; refused_wait_ms?: unknown } | undefined> | null)?.[GIVING_UP_KEY];
    if (typeof givingUp?.note !== 'string') return undefined;
    return { note: givingUp.note, refusedWaitMs: typeof givingUp.refused_wait_ms === 'number' ? givingUp.refused_wait_ms : undefined };
  } catch {
    return undefined;
  }
}

/** The SDK's message (the error body as JSON) without the key createGeminiFetch added to it. */
function withoutGivingUp(message: string): string {
  try {
    const parsed = JSON.parse(message) as unknown;
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed) || !(GIVING_UP_KEY in parsed)) return message;
    return JSON.stringify(Object.fromEntries(Object.entries(parsed).filter(([key]) => key !== GIVING_UP_KEY)));
  } catch {
    return message;
  }
}

function readErrorBody(message: string): GeminiErrorBody | undefined {
  try {
    const parsed = JSON.parse(message) as { error?: GeminiErrorBody } | null;
    return typeof parsed?.error === 'object' && parsed.error !== null ? parsed.error : undefined;
  } catch {
    return undefined;
  }
}

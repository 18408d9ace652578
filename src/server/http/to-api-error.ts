// The answer an error becomes, where it is one the API names: an ApiError as it is, a database
// that cannot be reached as 503 `store_unavailable` with Retry-After (spec: "server errors above
// 500 may be retried"), text no store keeps as 400 `invalid_request` (the HTTP checks refuse it
// first; this is the store's backstop). Anything else is an internal error (500), left to the caller.

import { StoreUnavailableError } from '../store/store.js';
import { UnstorableTextError } from '../store/unstorable-text.js';
import { ApiError } from './api-error.js';

/** Seconds a client should wait before retrying while the database cannot be reached. */
export const STORE_RETRY_AFTER_SECONDS = 5;

export function toApiError(error: unknown): ApiError | undefined {
  if (error instanceof ApiError) return error;
  if (error instanceof StoreUnavailableError) {
    return new ApiError('store_unavailable', 'the database cannot be reached; retry later', { headers: { 'Retry-After': String(STORE_RETRY_AFTER_SECONDS) } });
  }
  if (error instanceof UnstorableTextError) return new ApiError('invalid_request', error.message);
  return undefined;
}

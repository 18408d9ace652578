import { describe, expect, it } from 'vitest';
import { UnstorableTextError } from '../store/unstorable-text.js';
import { StoreUnavailableError } from '../store/store.js';
import { toApiError } from './to-api-error.js';

describe('toApiError', () => {
  it('answers text no store keeps 400 invalid_request with its message, never a 500', () => {
    const answer = toApiError(new UnstorableTextError('parameter 3 of a statement on events contains the character U+0000 (NUL), which cannot be stored', 'events'));
    expect(answer?.status).toBe(400);
    expect(answer?.body()).toMatchObject({ code: 'invalid_request', message: expect.stringContaining('U+0000') });
  });

  it('answers a database that cannot be reached 503 with Retry-After, and leaves other errors to the caller', () => {
    expect(toApiError(new StoreUnavailableError('connection refused', { cause: new Error('ECONNREFUSED') }))).toMatchObject({ status: 503, headers: { 'Retry-After': '5' } });
    expect(toApiError(new Error('a bug'))).toBeUndefined();
  });
});

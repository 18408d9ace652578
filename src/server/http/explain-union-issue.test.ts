import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error.js';
import { validateBody } from './parse-request.js';

const batch = z.union([z.strictObject({ session_ids: z.array(z.string().min(1)).min(1).max(3) }), z.strictObject({ search: z.strictObject({ from: z.string().optional() }) })]);
const event = z.strictObject({ name: z.string(), user: z.union([z.strictObject({ uid: z.string() }), z.strictObject({ id: z.string() })]).optional() });

/** The 400 details validateBody answers for `body`. */
function details(schema: z.ZodType, body: unknown) {
  try {
    validateBody(body, schema);
  } catch (error) {
    if (error instanceof ApiError) return error.details;
    throw error;
  }
  throw new Error('the body was valid');
}

describe('a body that matches none of a union’s forms', () => {
  it('gets the problems of the one form whose fields it uses', () => {
    expect(details(batch, { session_ids: ['a', 'b', 'c', 'd'] })).toEqual([{ path: 'session_ids', message: 'allows at most 3 item(s)' }]);
    expect(details(batch, { session_ids: ['a', 7] })).toEqual([{ path: 'session_ids[1]', message: 'expected a string, got 7' }]);
    expect(details(batch, { search: { from: 1, colour: 'red' } })).toEqual([
      { path: 'search.from', message: 'expected a string, got 1' },
      { path: 'search.colour', message: 'unknown field' },
    ]);
    expect(details(event, { name: 'a', user: { uid: 5 } })).toEqual([{ path: 'user.uid', message: 'expected a string, got 5' }]);
    expect(details(event, { name: 'a', user: { uid: 'x', colour: 'red' } })).toEqual([{ path: 'user.colour', message: 'unknown field' }]);
  });

  it('is told which fields to give when it uses none of the forms, or several', () => {
    expect(details(batch, {})).toEqual([{ path: 'body', message: 'give either session_ids or search' }]);
    expect(details(batch, { session_ids: ['a'], search: {} })).toEqual([{ path: 'body', message: 'give either session_ids or search, not both' }]);
    expect(details(event, { name: 'a', user: {} })).toEqual([{ path: 'user', message: 'give either uid or id' }]);
    expect(details(event, { name: 'a', user: { uid: 'x', id: 'y' } })).toEqual([{ path: 'user', message: 'give either uid or id, not both' }]);
  });

  it('keeps the general message for a value that is not an object', () => {
    expect(details(batch, 'ids')).toEqual([{ path: 'body', message: 'got "ids", which matches none of the allowed forms' }]);
  });
});

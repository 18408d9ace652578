import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { eventRequestSchema } from '../routes/schemas.js';
import { isEventRequest } from './is-event-request.js';

const text = fc.oneof(fc.constantFrom('', 'a', 'x'.repeat(256), 'x'.repeat(257)), fc.string());
const scalar = fc.oneof(text, fc.integer(), fc.boolean(), fc.constant(null), fc.constant(undefined));
const smallObject = fc.dictionary(fc.constantFrom('uid', 'id', 'use_most_recent', 'extra', '__proto__'), fc.oneof(scalar, fc.constant(true)), { maxKeys: 3 });
const value = fc.oneof(scalar, smallObject, fc.array(scalar, { maxLength: 2 }), fc.object({ maxDepth: 1 }));

const FIELDS = ['name', 'timestamp', 'user', 'session', 'properties', 'schema', 'context', 'extra', '__proto__'] as const;
const VALID: readonly Record<string, unknown>[] = [
  { name: 'Checkout' },
  { name: 'Paid', timestamp: '2026-03-01T10:00:00Z', user: { uid: 'alice' }, session: { id: 'u-1:s-1' }, properties: { amount: 1 }, schema: {}, context: { page: '/' } },
  { name: 'Left', user: { id: 'u-1' }, session: { use_most_recent: true }, properties: null },
];

// JSON.parse makes `__proto__` an own key, as a request body would carry it.
const asParsed = (event: Record<string, unknown>): unknown => JSON.parse(JSON.stringify(event)) as unknown;

describe('isEventRequest', () => {
  it('accepts the valid examples', () => {
    for (const event of VALID) expect(isEventRequest(event)).toBe(true);
  });

  it('agrees with eventRequestSchema field by field', () => {
    fc.assert(
      fc.property(fc.constantFrom(...VALID), fc.constantFrom(...FIELDS), value, (event, field, changed) => {
        const candidate = asParsed({ ...event, [field]: changed });
        expect(isEventRequest(candidate)).toBe(eventRequestSchema.safeParse(candidate).success);
      }),
      { numRuns: 4000 },
    );
  });

  it('agrees with eventRequestSchema on arbitrary objects', () => {
    const arbitrary = fc.record(Object.fromEntries(FIELDS.map((field) => [field, value])), { requiredKeys: [] });
    fc.assert(
      fc.property(fc.oneof(arbitrary, value), (candidate) => {
        expect(isEventRequest(candidate)).toBe(eventRequestSchema.safeParse(candidate).success);
      }),
      { numRuns: 3000 },
    );
  });
});

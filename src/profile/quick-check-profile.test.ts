// The quick profile check against the full (zod) check: whatever it vouches for, the full check
// accepts with the very same profile and warnings; and it vouches for the profiles people write.

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { checkProfile } from './check-profile.js';
import { quickCheckProfile } from './quick-check-profile.js';

const root = path.resolve(import.meta.dirname, '..', '..');

/** Anything at all, for a field that should hold something else. */
const stray = fc.oneof(
  fc.string({ maxLength: 4 }),
  fc.integer({ min: -3, max: 3 }),
  fc.constantFrom(0.5, 2.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53, -0),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
  fc.constant([]),
  fc.constant({}),
);
/** Mostly `right`, sometimes anything. */
const mostly = <T>(right: fc.Arbitrary<T>) => fc.oneof({ arbitrary: right, weight: 12 }, { arbitrary: stray, weight: 1 });
/** Mostly one of `valid`, sometimes one of `invalid`: whole profiles must come out valid often. */
const pick = <T>(valid: readonly T[], invalid: readonly T[]) =>
  fc.oneof({ arbitrary: fc.constantFrom(...valid), weight: 8 }, { arbitrary: fc.constantFrom(...invalid), weight: 1 });
const section = <T>(fields: { [K in keyof T]: fc.Arbitrary<T[K]> }) =>
  mostly(fc.tuple(fc.record(fields, { requiredKeys: [] }), fc.oneof({ arbitrary: fc.constant(null), weight: 12 }, { arbitrary: fc.constantFrom('extra', '__proto__', 'constructor'), weight: 1 })).map(([record, extra]) =>
    extra === null ? record : Object.defineProperty({ ...record }, extra, { value: 1, enumerable: true, writable: true, configurable: true }),
  ));

const timestamp = pick(['2026-03-01T10:00:00.000Z', '2026-03-01T10:00:00+02:00'], ['2026-03-01T10:00:00', '2026-02-30T10:00:00Z', 'soon']);
const count = pick([0, 1, 30, 500], [-1, 1.5, 2 ** 53]);
const typeName = pick(['OBJECT', 'object', 'STRING', 'string', 'ARRAY', 'array', 'NUMBER', 'integer', 'BOOLEAN'], ['Object', 'date']);
const names = fc.array(pick(['a', 'b', 'c'], ['x']), { maxLength: 3 });

// Response schema nodes: mostly coherent ones of each type, some with any keyword at all.
const { node: responseNode } = fc.letrec((tie) => ({
  // Past the depth limit, oneof takes its first arbitrary: a node without children.
  node: fc.oneof(
    { maxDepth: 3, depthIdentifier: 'response-node' },
    fc.record({ type: pick(['NUMBER', 'integer', 'BOOLEAN'], ['Object', 'date']), title: fc.string({ maxLength: 3 }), nullable: fc.boolean() }, { requiredKeys: ['type'] }),
    fc.record(
      { type: pick(['OBJECT', 'object'], ['ARRAY']), properties: fc.dictionary(fc.constantFrom('a', 'b', 'c'), tie('node'), { minKeys: 1, maxKeys: 3 }), required: names, propertyOrdering: names, description: fc.string({ maxLength: 3 }) },
      { requiredKeys: ['type', 'properties'] },
    ),
    fc.record({ type: pick(['ARRAY', 'array'], ['STRING']), items: tie('node'), minItems: count, maxItems: count }, { requiredKeys: ['type', 'items'] }),
    fc.record({ type: pick(['STRING', 'string'], ['NUMBER']), enum: fc.array(fc.constantFrom('low', 'high'), { maxLength: 2 }), format: fc.constantFrom('date-time', 'email', 'int32', 'enum', 'phone'), nullable: fc.boolean() }, { requiredKeys: ['type'] }),
    section({
      type: typeName,
      format: fc.constantFrom('date-time', 'email', 'int32', 'enum', 'phone'),
      description: fc.string({ maxLength: 3 }),
      title: fc.string({ maxLength: 3 }),
      nullable: fc.boolean(),
      enum: fc.array(fc.constantFrom('low', 'high'), { maxLength: 2 }),
      properties: fc.dictionary(fc.constantFrom('a', 'b', 'c'), tie('node'), { maxKeys: 3 }),
      required: names,
      items: tie('node'),
      minItems: count,
      maxItems: count,
      propertyOrdering: names,
    }),
  ),
}));

const contextElements = fc.array(pick(['user', 'org', 'location', 'device'], ['browser']), { maxLength: 3 });
const eventKeys = fc.array(pick(['click', 'rage_click', 'custom', 'Checkout Started'], ['']), { maxLength: 3 });

const llm = section({
  pre_prompt: fc.string({ maxLength: 5 }),
  post_prompt: fc.string({ maxLength: 5 }),
  response_schema: responseNode,
  temperature: pick([0, 0.3, 2], [2.1, -0.1]),
  model: pick(['gemini-2.5-flash'], ['']),
});
const slice = section({
  mode: pick(['FIRST', 'LAST', 'TIMESTAMP'], ['MIDDLE', 'first']),
  event_limit: count,
  duration_limit_ms: count,
  start_timestamp: timestamp,
  end_timestamp: timestamp,
});
const context = section({
  include: contextElements,
  exclude: contextElements,
  exclude_user_context: fc.boolean(),
  exclude_org_context: fc.boolean(),
});
const events = section({ include_types: eventKeys, exclude_types: eventKeys });

// Whole profiles, and profiles of one section (so that each section's rules meet valid neighbours often).
const profileData = fc.oneof(
  { arbitrary: fc.constantFrom(null, undefined), weight: 1 },
  {
    arbitrary: section({ name: fc.string({ maxLength: 3 }), description: fc.string({ maxLength: 3 }), llm, slice, context, events }),
    weight: 10,
  },
  { arbitrary: responseNode.map((response_schema) => ({ llm: { response_schema } })), weight: 10 },
  { arbitrary: llm.map((value) => ({ llm: value })), weight: 5 },
  { arbitrary: slice.map((value) => ({ slice: value })), weight: 5 },
  { arbitrary: context.map((value) => ({ context: value })), weight: 3 },
  { arbitrary: events.map((value) => ({ events: value })), weight: 3 },
);

describe('quickCheckProfile', () => {
  it('vouches only for what the full check accepts, with the same profile, key order too', () => {
    let vouched = 0;
    let refused = 0;
    fc.assert(
      fc.property(profileData, (data) => {
        const quick = quickCheckProfile(data);
        if (quick === undefined) {
          refused++;
          return;
        }
        vouched++;
        const full = checkProfile(data);
        expect(full.success).toBe(true);
        if (!full.success) return;
        expect(isDeepStrictEqual(quick, full.profile)).toBe(true);
        expect(JSON.stringify(quick)).toBe(JSON.stringify(full.profile));
      }),
      { numRuns: 4000 },
    );
    // Both sides of the check came up often enough to mean something.
    expect(vouched).toBeGreaterThan(500);
    expect(refused).toBeGreaterThan(1000);
  });

  it('vouches for every example profile and the one recap init writes', () => {
    const files = [
      ...readdirSync(path.join(root, 'profiles')).map((file) => path.join(root, 'profiles', file)),
      path.join(root, 'templates', 'init', 'profile.yaml'),
    ];
    expect(files.length).toBeGreaterThanOrEqual(5);
    for (const file of files) {
      const data: unknown = parse(readFileSync(file, 'utf8'));
      const full = checkProfile(data);
      expect(full.success, file).toBe(true);
      expect(quickCheckProfile(data), file).toEqual(full.success ? full.profile : undefined);
    }
  });

  it.each([
    ['an OBJECT without properties', { type: 'OBJECT', properties: { a: { type: 'OBJECT' } } }],
    ['an OBJECT with empty properties', { type: 'OBJECT', properties: {} }],
    ['an ARRAY without items', { type: 'OBJECT', properties: { a: { type: 'ARRAY' } } }],
    ['items on a STRING', { type: 'OBJECT', properties: { a: { type: 'STRING', items: { type: 'STRING' } } } }],
    ['minItems on a NUMBER', { type: 'OBJECT', properties: { a: { type: 'NUMBER', minItems: 1 } } }],
    ['properties on an ARRAY', { type: 'OBJECT', properties: { a: { type: 'ARRAY', items: { type: 'STRING' }, properties: { b: { type: 'STRING' } } } } }],
    ['required on a STRING', { type: 'OBJECT', properties: { a: { type: 'STRING', required: [] } } }],
    ['enum on an INTEGER', { type: 'OBJECT', properties: { a: { type: 'INTEGER', enum: ['1'] } } }],
    ['an empty enum', { type: 'OBJECT', properties: { a: { type: 'STRING', enum: [] } } }],
    ['minItems over maxItems', { type: 'OBJECT', properties: { a: { type: 'ARRAY', items: { type: 'STRING' }, minItems: 3, maxItems: 1 } } }],
    ['required naming no property', { type: 'OBJECT', properties: { a: { type: 'STRING' } }, required: ['b'] }],
    ['propertyOrdering naming no property', { type: 'OBJECT', properties: { a: { type: 'STRING' } }, propertyOrdering: ['a', 'b'] }],
    ['a root that is not an OBJECT', { type: 'ARRAY', items: { type: 'STRING' } }],
    ['an unknown keyword', { type: 'OBJECT', properties: { a: { type: 'STRING', pattern: 'x' } } }],
    ['a property named __proto__', JSON.parse('{"type": "OBJECT", "properties": {"a": {"type": "STRING"}, "__proto__": {"type": "STRING"}}}') as unknown],
  ])('leaves a response schema with %s to the full check, which refuses it', (_rule, schema) => {
    const data = { llm: { response_schema: schema } };
    expect(checkProfile(data).success).toBe(false);
    expect(quickCheckProfile(data)).toBeUndefined();
  });

  it('upper-cases response schema types as the full check does, and leaves the rest to it', () => {
    const data = { llm: { response_schema: { type: 'object', properties: { tags: { type: 'array', items: { type: 'string' } } } } } };
    expect(quickCheckProfile(data)).toEqual({ llm: { response_schema: { type: 'OBJECT', properties: { tags: { type: 'ARRAY', items: { type: 'STRING' } } } } } });
    expect(quickCheckProfile({ slice: { mode: 'TIMESTAMP' } })).toBeUndefined();
    expect(quickCheckProfile({ events: { include_types: ['click'], exclude_types: ['navigate'] } })).toBeUndefined();
    expect(quickCheckProfile({ llm: { response_schema: { type: 'STRING' } } })).toBeUndefined();
    expect(quickCheckProfile(JSON.parse('{"__proto__": {"name": 1}}'))).toBeUndefined();
    const prototypeProperty = JSON.parse('{"llm": {"response_schema": {"type": "OBJECT", "properties": {"__proto__": {"type": "STRING"}}}}}');
    expect(checkProfile(prototypeProperty).success).toBe(false);
    expect(quickCheckProfile(prototypeProperty)).toBeUndefined();
  });
});

// The quick fixture parse against the full (zod) parse: whatever it accepts, the full parse accepts
// with the same session, key order included; and it accepts the fixtures people record.

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseFixtureFully } from './parse-session.js';
import { quickParseFixture } from './quick-parse-fixture.js';

const root = path.resolve(import.meta.dirname, '..', '..');

const pick = <T>(valid: readonly T[], invalid: readonly T[]) =>
  fc.oneof({ arbitrary: fc.constantFrom(...valid), weight: 8 }, { arbitrary: fc.constantFrom(...invalid), weight: 1 });
const stray = fc.constantFrom<unknown>(null, 1, 'x', true, [], {}, undefined, Number.NaN);
const extraKey = fc.oneof({ arbitrary: fc.constant(null), weight: 8 }, { arbitrary: fc.constantFrom('extra', '__proto__', 'events_seen'), weight: 1 });
/** A record of `fields` (any subset), sometimes with one more key, sometimes not an object at all. */
const shape = <T>(fields: { [K in keyof T]: fc.Arbitrary<T[K]> }) =>
  fc.oneof(
    {
      arbitrary: fc.tuple(fc.record(fields, { requiredKeys: [] }), extraKey, fc.constantFrom<unknown>(1, 'v', { nested: [1] })).map(([value, key, extra]) =>
        key === null ? value : Object.defineProperty({ ...value }, key, { value: extra, enumerable: true, writable: true, configurable: true }),
      ),
      weight: 12,
    },
    { arbitrary: stray, weight: 1 },
  );
const text = fc.oneof({ arbitrary: fc.string({ maxLength: 4 }), weight: 8 }, { arbitrary: stray, weight: 1 });
const properties = fc.oneof({ arbitrary: fc.dictionary(fc.constantFrom('plan', 'seats', 'b', 'a'), fc.constantFrom<unknown>('pro', 3, null, [1])), weight: 8 }, { arbitrary: stray, weight: 1 });

const header = fc.record(
  {
    id: pick(['u-1:s-1', 'anonymous:x:y'], ['s-1', ':s', 'u:']),
    created_time: pick(['2026-03-01T10:00:00.000Z'], ['2026-03-01 10:00', 'yesterday']),
    user: shape({ id: text, uid: text, display_name: text, email: text, properties }),
    org: shape({ id: text, name: text, properties }),
    location: shape({ country: text, region: text, city: text }),
    device: shape({
      type: text,
      browser: text,
      os: text,
      viewport: shape({ width: pick([0, 1440], [-1, Number.POSITIVE_INFINITY, '900']), height: pick([900], [-5]) }),
    }),
    tags: fc.constantFrom<unknown>(['a'], { deep: { er: 1 } }),
  },
  { requiredKeys: ['id'] },
);
const event = fc.oneof(
  { arbitrary: fc.record({ type: fc.constantFrom('click', 'navigate'), timestamp: fc.constantFrom('2026-03-01T10:00:01.000Z', '2026-03-01T10:00:00.000Z'), url: fc.constant('https://shop.example/') }), weight: 12 },
  { arbitrary: fc.record({ type: fc.constantFrom('custom', 'scroll'), timestamp: fc.constantFrom('2026-03-01T10:00:00Z', 'later') }), weight: 1 },
);
const fixture = fc.tuple(header, fc.array(event, { maxLength: 4 })).map(([fields, events]) => ({ ...fields, events }));

describe('quickParseFixture', () => {
  it('accepts only what the full parse accepts, with the same session and file order, key order too', () => {
    let accepted = 0;
    let refused = 0;
    fc.assert(
      fc.property(fixture, fc.boolean(), (data, asText) => {
        const input = asText ? JSON.stringify(data) : data;
        const quick = quickParseFixture(input);
        if (quick === undefined) {
          refused++;
          return;
        }
        accepted++;
        const full = parseFixtureFully(asText ? JSON.stringify(data) : structuredClone(data));
        expect(full.success).toBe(true);
        if (!full.success) return;
        expect(isDeepStrictEqual(quick.session, full.session)).toBe(true);
        expect(JSON.stringify(quick.session)).toBe(JSON.stringify(full.session));
        expect(JSON.stringify(quick.fileOrder)).toBe(JSON.stringify(full.fileOrder));
      }),
      { numRuns: 3000 },
    );
    expect(accepted).toBeGreaterThan(300);
    expect(refused).toBeGreaterThan(300);
  });

  it('accepts every example fixture, as the full parse returns it', () => {
    const files = readdirSync(path.join(root, 'sessions-fixtures')).filter((file) => file.endsWith('.json'));
    expect(files.length).toBeGreaterThanOrEqual(8);
    for (const file of files) {
      const text = readFileSync(path.join(root, 'sessions-fixtures', file), 'utf8');
      const quick = quickParseFixture(text);
      const full = parseFixtureFully(text);
      expect(quick, file).toBeDefined();
      expect(full.success && JSON.stringify(full.session), file).toBe(JSON.stringify(quick?.session));
    }
  });

  it('never changes a caller\'s objects, and leaves odd shapes to the full parse', () => {
    const data = { id: 'u:s', device: { viewport: { width: 1, height: 2 } }, events: [{ type: 'click', timestamp: '2026-03-01T10:00:00Z' }] };
    const before = structuredClone(data);
    expect(quickParseFixture(data)?.session.events[0]?.time).toBe(Date.parse('2026-03-01T10:00:00Z'));
    expect(data).toEqual(before);
    expect(quickParseFixture({ ...data, device: { viewport: { width: 1, height: 2, depth: 3 } } })).toBeUndefined();
    expect(quickParseFixture(JSON.parse('{"id": "u:s", "user": {"__proto__": {"uid": 1}}, "events": []}'))).toBeUndefined();
    expect(quickParseFixture('{"id": "u:s", "events": [}')).toBeUndefined();
  });
});

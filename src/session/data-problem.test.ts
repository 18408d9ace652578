// A session holds JSON data: what JSON cannot hold (1e400 read as Infinity, NaN, a function, a Map,
// a bigint) is refused by path when the session loads, instead of showing as null or {} in the prompt.

import { describe, expect, it } from 'vitest';
import { isValidEventFast } from './event-time.js';
import { parseFixtureText } from './fixture-text.js';
import { parseSession, safeParseSession } from './parse-session.js';
import { sessionEventSchema } from './session-schema.js';

const custom = (properties: unknown, extra: object = {}) => ({ type: 'custom', name: 'N', timestamp: '2026-03-01T10:00:00Z', properties, ...extra });

function problems(input: unknown): string[] {
  const result = safeParseSession(input, { source: 's.json' });
  if (result.success) throw new Error('expected the session to be refused');
  return result.error.message.split('\n');
}

class Order {
  id = 1;
}

describe('values JSON cannot hold', () => {
  it('refuses a number too large for JSON (1e400 reads as Infinity), naming its path in the context and in events', () => {
    const text = '{"id":"u:s","user":{"properties":{"ltv":1e400}},"events":[{"type":"custom","name":"Big","timestamp":"2026-03-01T10:00:00Z","properties":{"ok":1,"n":-1e400}},{"type":"click","timestamp":"2026-03-01T10:00:01Z","extra":[1,1e400]}]}';
    expect(problems(text)).toEqual([
      's.json: user.properties.ltv: expected a finite number, got Infinity (JSON numbers beyond ±1.8e308, such as 1e400, cannot be held)',
      's.json: events[0].properties.n: expected a finite number, got -Infinity (JSON numbers beyond ±1.8e308, such as 1e400, cannot be held)',
      's.json: events[1].extra[1]: expected a finite number, got Infinity (JSON numbers beyond ±1.8e308, such as 1e400, cannot be held)',
    ]);
    expect(problems(JSON.parse(text))).toHaveLength(3);
  });

  it("refuses what a JavaScript caller can pass but JSON cannot hold, each by path, never quoting the value", () => {
    const cases: [unknown, string][] = [
      [Number.NaN, 'expected a finite number, got NaN'],
      [() => 1, 'expected JSON data, got a function'],
      [Symbol('s'), 'expected JSON data, got a symbol'],
      [10n, 'expected JSON data, got a bigint: pass it as a number or a string'],
      [new Map([[1, 2]]), 'expected JSON data, got a Map: pass a plain object or a list'],
      [new Set([1]), 'expected JSON data, got a Set: pass a plain object or a list'],
      [new Error('x'), 'expected JSON data, got an Error: pass a plain object or a list'],
      [new Order(), 'expected JSON data, got an instance of Order: pass a plain object or a list'],
      [new Date(Number.NaN), 'expected JSON data, got an invalid Date'],
    ];
    for (const [value, message] of cases) {
      expect(problems({ id: 'u:s', events: [custom({ a: { value } })] }), message).toEqual([`s.json: events[0].properties.a.value: ${message}`]);
      expect(problems({ id: 'u:s', events: [custom({}, { extra: value })] })).toEqual([`s.json: events[0].extra: ${message}`]);
      expect(problems({ id: 'u:s', org: { properties: { value } }, events: [] })).toEqual([`s.json: org.properties.value: ${message}`]);
      expect(problems({ id: 'u:s', device: { value }, events: [] })).toEqual([`s.json: device.value: ${message}`]);
    }
    expect(problems({ id: 'u:s', events: [custom({ list: [1, undefined] })] })).toEqual(['s.json: events[0].properties.list[1]: expected JSON data, got undefined (or a hole in the list): use null']);
    expect(problems({ id: 'u:s', events: [custom({ list: [1, , 3] })] })).toHaveLength(1);
  });

  it('refuses them below a key named __proto__ too, which zod passes over', () => {
    const text = '{"id":"u:s","user":{"properties":{"__proto__":{"n":1e400}}},"events":[{"type":"custom","name":"N","timestamp":"2026-03-01T10:00:00Z","properties":{"__proto__":{"m":1e400}}}]}';
    expect(problems(text)).toEqual([
      expect.stringMatching(/^s\.json: user\.properties\.__proto__\.n: expected a finite number, got Infinity/),
      expect.stringMatching(/^s\.json: events\[0\]\.properties\.__proto__\.m: expected a finite number, got Infinity/),
    ]);
  });

  it('refuses them in a fixture text parsed again after an edit', () => {
    const text = '{"id":"u:s","user":{"properties":{"ltv":1}},"events":[{"type":"click","timestamp":"2026-03-01T10:00:00Z","n":1}]}';
    const first = parseFixtureText(text);
    expect(first.success).toBe(true);
    if (!first.success) return;
    const header = parseFixtureText(text.replace('"ltv":1', '"ltv":1e400'), first.fixture);
    expect(header.success || header.error.message).toMatch(/^user\.properties\.ltv: expected a finite number, got Infinity/);
    const event = parseFixtureText(text.replace('"n":1', '"n":1e999'), first.fixture);
    expect(event.success || event.error.message).toMatch(/^events\[0\]\.n: expected a finite number, got Infinity/);
  });

  it('keeps -0 (shown as 0), valid Dates (shown as their ISO text) and undefined fields of an object (absent, as in JSON)', () => {
    const date = new Date(Date.UTC(2026, 2, 1));
    const session = parseSession({ id: 'u:s', user: { properties: { z: -0, since: date, gone: undefined } }, events: [custom({ z: -0, since: date, gone: undefined })] });
    expect(Object.is(session.events[0]?.properties?.z, -0)).toBe(true);
    expect(JSON.stringify(session.events[0]?.properties)).toBe('{"z":0,"since":"2026-03-01T00:00:00.000Z"}');
    expect(JSON.stringify(session.user?.properties)).toBe('{"z":0,"since":"2026-03-01T00:00:00.000Z"}');
  });

  it('the fast event check and the zod schema agree on them', () => {
    for (const value of [Number.NaN, Number.POSITIVE_INFINITY, () => 1, Symbol('s'), 10n, new Map(), new Set(), new Order(), new Date(Number.NaN), [undefined]]) {
      for (const event of [custom({ a: [value] }), custom({}, { extra: { deep: value } }), { type: 'click', timestamp: '2026-03-01T10:00:00Z', target: { selector: 'a', extra: value } }]) {
        expect(isValidEventFast(event)).toBe(false);
        expect(sessionEventSchema.safeParse(event).success).toBe(false);
      }
    }
    for (const value of [-0, new Date(0), 'x', null, true, 1.5, Object.create(null) as object]) {
      const event = custom({ a: [value] }, { extra: { deep: value } });
      expect(isValidEventFast(event)).toBe(true);
      expect(sessionEventSchema.safeParse(event).success).toBe(true);
    }
  });
});

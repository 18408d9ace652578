import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidEventFast } from './event-time.js';
import { parseSession, safeParseSession } from './parse-session.js';
import { SessionFixtureError } from './session-error.js';
import { sessionEventSchema } from './session-schema.js';

const event = (timestamp: string, extra: object = {}) => ({ type: 'click', timestamp, ...extra });

function issuesOf(input: unknown): string[] {
  const result = safeParseSession(input, { source: 'fixtures/x.json' });
  if (result.success) throw new Error('expected the fixture to be rejected');
  return result.error.message.split('\n');
}

describe('parseSession', () => {
  it('sorts events by timestamp, keeping the file order of equal timestamps', () => {
    const session = parseSession({
      id: 'u:s',
      events: [
        event('2026-03-01T10:00:02.000Z', { target: { text: 'c' } }),
        event('2026-03-01T10:00:01.000Z', { target: { text: 'a' } }),
        event('2026-03-01T10:00:02.000Z', { target: { text: 'd' } }),
        event('2026-03-01T11:00:01.000+01:00', { target: { text: 'b' } }),
      ],
    });
    expect(session.events.map((item) => item.target?.text)).toEqual(['a', 'b', 'c', 'd']);
    expect(session.events[0]?.time).toBe(Date.parse('2026-03-01T10:00:01.000Z'));
  });

  it('does not change the objects it was given', () => {
    const input = { id: 'u:s', events: [event('2026-03-01T10:00:00.000Z')] };
    parseSession(input);
    expect(input.events[0]).not.toHaveProperty('time');
  });

  it('names the file and the JSON path of a bad timestamp', () => {
    const events = Array.from({ length: 42 }, () => event('2026-03-01T10:00:00.000Z'));
    events[41] = event('yesterday');
    expect(issuesOf(JSON.stringify({ id: 'u:s', events }))).toEqual([
      'fixtures/x.json: events[41].timestamp: not an ISO 8601 date',
    ]);
  });

  it('rejects timestamps without a zone and impossible dates', () => {
    expect(issuesOf({ id: 'u:s', events: [event('2026-03-01T10:00:00'), event('2026-02-30T10:00:00Z')] })).toEqual([
      'fixtures/x.json: events[0].timestamp: needs a time zone (Z or ±hh:mm), e.g. 2026-03-01T10:00:00Z',
      'fixtures/x.json: events[1].timestamp: not an ISO 8601 date',
    ]);
  });

  it('refuses values nested without end, by path, when the fixture loads (they would overflow the stack when rendered)', () => {
    // Written as text: JSON.stringify itself would overflow on such values.
    const nest = (levels: number): string => `${'{"a":'.repeat(levels)}"bottom"${'}'.repeat(levels)}`;
    const deep = `{"id":"u:s","user":{"properties":${nest(5000)}},"events":[{"type":"custom","name":"x","timestamp":"2026-03-01T10:00:00Z","properties":${nest(5000)}},{"type":"click","timestamp":"2026-03-01T10:00:01Z","extra":[${nest(600)}]}]}`;
    const issues = issuesOf(deep);
    expect(issues).toHaveLength(3);
    expect(issues[0]).toMatch(/^fixtures\/x\.json: user\.properties(\.a){511}: nests more than 512 levels deep$/);
    expect(issues[1]).toMatch(/^fixtures\/x\.json: events\[0\]\.properties(\.a){512}: nests more than 512 levels deep$/);
    expect(issues[2]).toMatch(/^fixtures\/x\.json: events\[1\]\.extra\[0\](\.a){511}: nests more than 512 levels deep$/);
    // A field's value may nest 512 levels.
    expect(parseSession(`{"id":"u:s","events":[{"type":"custom","name":"x","timestamp":"2026-03-01T10:00:00Z","properties":${nest(512)}}]}`).events).toHaveLength(1);
  });

  it('names unknown types, custom events without a name and wrongly typed fields', () => {
    expect(
      issuesOf({
        id: 'u:s',
        events: [
          { type: 'scroll', timestamp: '2026-03-01T10:00:00Z' },
          { type: 'custom', timestamp: '2026-03-01T10:00:00Z' },
          event('2026-03-01T10:00:00Z', { status: '500' }),
        ],
      }),
    ).toEqual([
      expect.stringMatching(/^fixtures\/x\.json: events\[0\]\.type: expected navigate, click, .* or custom, got "scroll"$/),
      'fixtures/x.json: events[1].name: a custom event needs a name',
      'fixtures/x.json: events[2].status: expected a number, got "500"',
    ]);
  });

  it('checks the id and the context elements', () => {
    expect(issuesOf({ id: 'no-colon', user: { uid: 7 }, events: [] })).toEqual([
      'fixtures/x.json: id: expected "<user_id>:<session_id>"',
      'fixtures/x.json: user.uid: expected a string, got 7',
    ]);
    expect(issuesOf({ id: 'u:s' })).toEqual(['fixtures/x.json: events: is required']);
  });

  it('keeps the other fields of a context element, of its viewport too', () => {
    const session = parseSession({ id: 'u:s', device: { type: 'desktop', model: 'X1', viewport: { width: 1440, height: 900, dpr: 2 } }, events: [] });
    expect(session.device).toEqual({ type: 'desktop', model: 'X1', viewport: { width: 1440, height: 900, dpr: 2 } });
    expect(issuesOf({ id: 'u:s', device: { viewport: { width: -1, height: 900, dpr: 2 } }, events: [] })).toEqual([expect.stringContaining('device.viewport.width')]);
  });

  it('reports JSON syntax errors with line and column', () => {
    const [message] = issuesOf('{\n  "id": "u:s",\n  "events": [,]\n}');
    expect(message).toMatch(/^fixtures\/x\.json: not valid JSON at line 3, column 14/);
  });

  it('throws a SessionFixtureError carrying the issues', () => {
    expect(() => parseSession({ id: 'u:s', events: [{}] })).toThrow(SessionFixtureError);
  });

  it('caps the number of reported problems', () => {
    const events = Array.from({ length: 100 }, () => ({ type: 'nope', timestamp: 'x' }));
    const lines = issuesOf({ id: 'u:s', events });
    expect(lines.length).toBeLessThanOrEqual(22);
    expect(lines.at(-1)).toMatch(/more problem/);
  });
});

describe('the fast event check', () => {
  const value = fc.oneof(fc.string(), fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.constant(undefined), fc.object(), fc.array(fc.string()));
  const eventLike = fc.record(
    {
      type: fc.oneof(fc.constantFrom('click', 'custom', 'navigate', 'rage-click', 'scroll'), value),
      timestamp: fc.oneof(fc.constantFrom('2026-03-01T10:00:00.000Z', '2026-03-01T10:00:00', '2026-02-30T10:00:00Z'), value),
      name: fc.oneof(fc.constantFrom('Checkout Started', ''), value),
      url: value,
      target: fc.oneof(fc.record({ selector: value, text: value }, { requiredKeys: [] }), value),
      value,
      status: fc.oneof(fc.integer(), value),
      count: fc.oneof(fc.integer({ min: -2, max: 5 }), value),
      properties: value,
      message: value,
      title: value,
      method: value,
      text: value,
      extra: value,
    },
    { requiredKeys: [] },
  );

  // A valid event with at most one field set to an arbitrary value: each field's rule on its own.
  const FIELDS = ['type', 'timestamp', 'name', 'url', 'title', 'target', 'value', 'message', 'method', 'status', 'text', 'count', 'properties', 'extra'];
  const oneFieldChanged = fc
    .tuple(fc.constantFrom<Record<string, unknown>>(
      { type: 'click', timestamp: '2026-03-01T10:00:00Z', target: { selector: 'a', text: 'A' } },
      { type: 'custom', name: 'Paid', timestamp: '2026-03-01T10:00:00+01:00', properties: { plan: 'pro' } },
      { type: 'network-error', timestamp: '2026-03-01T10:00:00.5Z', method: 'GET', url: '/x', status: 500, count: 2, value: null, title: 'T', text: 't', message: 'm' },
    ), fc.constantFrom(...FIELDS), value)
    .map(([event, field, changed]) => ({ ...event, [field]: changed }));

  it('refuses numbers JSON cannot hold where zod does (a caller may pass Infinity or NaN)', () => {
    for (const number of [Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, Number.NaN]) {
      for (const field of ['value', 'status', 'count']) {
        const event = { type: 'click', timestamp: '2026-03-01T10:00:00Z', [field]: number };
        expect(isValidEventFast(event), `${field}: ${number}`).toBe(false);
        expect(sessionEventSchema.safeParse(event).success).toBe(false);
      }
    }
  });

  it('agrees with the zod schema field by field', () => {
    fc.assert(
      fc.property(oneFieldChanged, (candidate) => {
        expect(isValidEventFast(candidate)).toBe(sessionEventSchema.safeParse(candidate).success);
      }),
      { numRuns: 3000 },
    );
  });

  it('agrees with the zod schema on every input', () => {
    fc.assert(
      fc.property(eventLike, (candidate) => {
        expect(isValidEventFast(candidate)).toBe(sessionEventSchema.safeParse(candidate).success);
      }),
      { numRuns: 2000 },
    );
  });
});

// Keys named `__proto__` (JSON.parse makes them own keys) are data like any other: the loader keeps
// them in the context elements as in the events, and no object gets a prototype from them.

import { describe, expect, it } from 'vitest';
import { parseFixtureText } from './fixture-text.js';
import { parseSession } from './parse-session.js';

const text = JSON.stringify({
  id: 'u-1:s-1',
  user: { uid: 'u-1', properties: { plan: 'pro', PROTO: { isAdmin: true }, seats: 3 } },
  org: { PROTO: { tier: 'gold' }, id: 'o-1', extra: 1 },
  location: { country: 'FR', PROTO: 'x' },
  device: { type: 'desktop', viewport: { width: 1, PROTO: 2, height: 3 } },
  PROTO: { top: true },
  events: [{ type: 'custom', name: 'Prefs', timestamp: '2026-03-01T10:00:00Z', properties: { a: 1, PROTO: { polluted: 'yes' } } }],
}).replaceAll('"PROTO"', '"__proto__"');

const own = (object: unknown): string[] => Object.keys(object as object);

describe('keys named __proto__', () => {
  it('are kept in the context elements as own data properties, where the file has them, as in events', () => {
    for (const input of [text, JSON.parse(text) as unknown]) {
      const session = parseSession(input) as unknown as Record<string, Record<string, unknown>>;
      const user = session.user as Record<string, Record<string, unknown>>;
      expect(own(user.properties)).toEqual(['plan', '__proto__', 'seats']);
      expect(Object.getOwnPropertyDescriptor(user.properties, '__proto__')?.value).toEqual({ isAdmin: true });
      expect(Object.getPrototypeOf(user.properties)).toBe(Object.prototype);
      expect(user.properties?.isAdmin).toBeUndefined();
      // zod writes the schema's fields first: `__proto__` goes where the other fields go, in file order.
      expect(own(session.org)).toEqual(['id', '__proto__', 'extra']);
      expect(own(session.location)).toEqual(['country', '__proto__']);
      expect(own((session.device as Record<string, unknown>).viewport)).toEqual(['width', 'height', '__proto__']);
      expect(own(session)).toContain('__proto__');
      expect(Object.getOwnPropertyDescriptor(session, '__proto__')?.value).toEqual({ top: true });
      expect(Object.getPrototypeOf(session)).toBe(Object.prototype);
      const event = (session.events as unknown as Record<string, Record<string, unknown>>[])[0];
      expect(own(event?.properties)).toEqual(['a', '__proto__']);
    }
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('reach the JSON of the session as they were read', () => {
    const session = parseSession(text);
    expect(JSON.stringify(session.user)).toBe('{"uid":"u-1","properties":{"plan":"pro","__proto__":{"isAdmin":true},"seats":3}}');
    expect(JSON.stringify(session.org)).toBe('{"id":"o-1","__proto__":{"tier":"gold"},"extra":1}');
  });

  it('are kept when a fixture text is parsed again after an edit outside its events', () => {
    const first = parseFixtureText(text);
    expect(first.success).toBe(true);
    if (!first.success) return;
    const second = parseFixtureText(text.replace('"seats":3', '"seats":4'), first.fixture);
    expect(second.success).toBe(true);
    if (!second.success) return;
    expect(JSON.stringify(second.fixture.session.user)).toBe('{"uid":"u-1","properties":{"plan":"pro","__proto__":{"isAdmin":true},"seats":4}}');
    expect(second.fixture.session.events).toBe(first.fixture.session.events);
  });
});

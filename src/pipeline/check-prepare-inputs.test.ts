import { describe, expect, it } from 'vitest';
import type { Profile } from '../profile/profile-schema.js';
import type { Session } from '../session/session-schema.js';
import { PrepareInputError } from './check-prepare-inputs.js';
import { prepare } from './prepare.js';
import { sessionWith } from './test-support/session-builder.js';

const session = sessionWith([
  { offset: 0, type: 'navigate', url: 'https://shop.example/' },
  { offset: 1000, type: 'click', target: { selector: 'button#pay', text: 'Pay' } },
  { offset: 2000, type: 'click', target: { selector: 'button#help', text: 'Help' } },
]);
const failure = (profile: unknown, recorded: unknown = session) => {
  try {
    prepare(profile as Profile, recorded as Session);
  } catch (error) {
    expect(error).toBeInstanceOf(PrepareInputError);
    return (error as Error).message;
  }
  return 'prepared';
};

describe('prepare on inputs it would render wrongly', () => {
  it('refuses a session read with JSON.parse (its events have no time), which kept no event and said nothing', () => {
    const raw = JSON.parse(JSON.stringify({ id: session.id, events: session.events.map(({ time: _time, ...event }) => event) })) as unknown;
    expect(failure({ slice: { mode: 'LAST', event_limit: 2 } }, raw)).toBe(
      'prepare: events[0] of the session has no time: a session read with JSON.parse is not a parsed session; read it with parseSession or loadSession',
    );
    expect(failure({}, { id: 'u:s' })).toBe('prepare: the session has no events list: read it with parseSession or loadSession');
  });

  it('refuses a profile object whose settings are of the wrong kind, naming each', () => {
    expect(failure({ slice: { mode: 'last', event_limit: 2 } })).toContain('slice.mode: expected FIRST, LAST, TIMESTAMP, got "last"');
    expect(failure({ events: { include_types: 'click' } })).toContain('events.include_types: expected a list of names, got "click"');
    expect(failure({ context: { include: 'device' } })).toContain('context.include: expected a list of names, got "device"');
    expect(failure({ slice: { mode: 'TIMESTAMP' } })).toContain('slice.mode: TIMESTAMP needs slice.start_timestamp');
    expect(failure({ slice: { event_limit: -1 } })).toContain('slice.event_limit: expected a whole number of at least 0, got -1');
    expect(failure({ slice: { mode: 'TIMESTAMP', start_timestamp: new Date() } })).toContain('slice.start_timestamp: expected an ISO 8601 string');
    expect(failure({ llm: { pre_prompt: 42 } })).toContain('llm.pre_prompt: expected text, got number');
    expect(failure(null)).toContain('the profile is null, not an object');
    expect(failure({ slice: { mode: 'last' } })).toMatch(/\(check a profile object with checkProfile, or read YAML with parseProfile or loadProfile\)$/);
  });

  it('prepares valid profiles as before, frozen ones included', () => {
    const profile = Object.freeze({ slice: Object.freeze({ mode: 'LAST' as const, event_limit: 2 }), llm: Object.freeze({ response_schema: { type: 'object' as never } }) }) as Profile;
    expect(prepare(profile, session).events.kept.map((item) => item.index)).toEqual([1, 2]);
    expect(prepare({}, session).events.kept).toHaveLength(3);
  });
});

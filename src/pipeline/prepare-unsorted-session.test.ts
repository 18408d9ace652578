// A session built in code, not by parseSession, may list its events out of time order; prepare finds
// slices by binary search, so it refuses such a session (naming the first event out of order)
// rather than render a wrong slice, and checks each list of events once, never one parseSession sorted.

import { describe, expect, it } from 'vitest';
import type { Profile } from '../profile/profile-schema.js';
import { parseSession } from '../session/parse-session.js';
import type { Session, SessionEvent } from '../session/session-schema.js';
import { isKnownSorted } from '../session/sorted-events.js';
import { PrepareInputError } from './check-prepare-inputs.js';
import { prepare } from './prepare.js';

const click = (second: number): SessionEvent => {
  const timestamp = `2026-03-01T10:00:${String(second).padStart(2, '0')}.000Z`;
  return { type: 'click', timestamp, time: Date.parse(timestamp), target: { selector: `#b${second}` } };
};
const last2: Profile = { slice: { mode: 'LAST', event_limit: 2 } };

function failure(session: Session): string {
  try {
    prepare(last2, session);
  } catch (error) {
    expect(error).toBeInstanceOf(PrepareInputError);
    return (error as Error).message;
  }
  return 'prepared';
}

describe('prepare on a session whose events are not in time order', () => {
  it('throws PrepareInputError naming the first event out of order, instead of slicing the wrong events', () => {
    const session: Session = { id: 'u:s', events: [click(30), click(10), click(50), click(20)] };
    expect(failure(session)).toBe(
      'prepare: events[1] of the session is out of time order: its time (2026-03-01T10:00:10.000Z) is before that of events[0] (2026-03-01T10:00:30.000Z); a session\'s events must be sorted by time, as parseSession and loadSession return them: sort them by time (stably) or read the session with parseSession',
    );
    // Asked again, it says so again.
    expect(failure(session)).toMatch(/^prepare: events\[1\] of the session is out of time order/);
    expect(failure({ id: 'u:s', events: [click(1), click(2), click(3), click(2), click(4)] })).toMatch(/^prepare: events\[3\] of the session is out of time order/);
  });

  it('throws naming an event in the middle without a time', () => {
    const events = [click(1), { ...click(2), time: undefined } as unknown as SessionEvent, click(3)];
    expect(failure({ id: 'u:s', events })).toBe('prepare: events[1] of the session has no time (epoch milliseconds): read the session with parseSession or loadSession, which add it');
    expect(failure({ id: 'u:s', events: [click(1), { ...click(2), time: Number.NaN }, click(3)] })).toMatch(/^prepare: events\[1\] of the session has no time/);
  });

  it('prepares a session built in order, and checks its list of events once', () => {
    const events = [click(10), click(20), click(20), click(30), click(40)];
    let reads = 0;
    const counted = new Proxy(events, {
      get(target, key, receiver) {
        if (typeof key === 'string' && /^\d+$/.test(key)) reads++;
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    const session: Session = { id: 'u:s', events: counted };
    expect(prepare(last2, session).events.kept.map((item) => item.index)).toEqual([3, 4]);
    const first = reads;
    reads = 0;
    expect(prepare(last2, session).events.kept.map((item) => item.index)).toEqual([3, 4]);
    // The second call reads the slice (and the ends), not every event again.
    expect(first).toBeGreaterThanOrEqual(events.length);
    expect(reads).toBeLessThan(first);
    // A list that grew is checked again.
    events.push(click(5));
    expect(failure(session)).toMatch(/^prepare: events\[5\] of the session is out of time order/);
  });

  it('trusts the order of the sessions parseSession returns, which it sorted: no pass over their events', () => {
    const session = parseSession({ id: 'u:s', events: [click(30), click(10)].map(({ time: _time, ...event }) => event) });
    expect(isKnownSorted(session.events)).toBe(true);
    expect(prepare(last2, session).events.kept.map((item) => item.event.target?.selector)).toEqual(['#b10', '#b30']);
  });
});

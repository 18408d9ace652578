import { describe, expect, it } from 'vitest';
import { explainEvents, parseProfile, parseSession, type EventExplanation } from '../index.js';
import { nearestKept, visibleEventRows } from './event-rows.js';
import { sessionBar } from './session-bar.js';
import { SESSION_JSON } from './test-support/studio-fixtures.js';

const session = parseSession(SESSION_JSON);
const profile = parseProfile('slice: { event_limit: 3 }\nevents: { exclude_types: [element-seen] }\n');

function counting(explanation: EventExplanation): { explanation: EventExplanation; calls: () => number } {
  let calls = 0;
  return {
    explanation: { ...explanation, fate: (index) => (calls++, explanation.fate(index)) },
    calls: () => calls,
  };
}

describe('visibleEventRows', () => {
  it('describes each event with its fate, in time order', () => {
    const rows = visibleEventRows(session, explainEvents(profile, session), 0, 4);
    expect(rows.map((row) => [row.index, row.fate, row.label])).toEqual([
      [0, 'kept', 'navigate'],
      [1, 'filtered-by-type', 'element-seen'],
      [2, 'kept', 'click'],
      [3, 'kept', 'input-change'],
    ]);
    expect(rows[0]?.time).toBe('10:00:00.000');
    expect(rows[2]?.detail).toBe('"Apply coupon"  button#apply');
  });

  it('asks for the fate of the rows on screen only', () => {
    const { explanation, calls } = counting(explainEvents(profile, session));
    const rows = visibleEventRows(session, explanation, 6, 3);
    expect(rows.map((row) => row.index)).toEqual([6, 7, 8]);
    expect(calls()).toBe(3);
  });

  it('stops at the end of the session', () => {
    expect(visibleEventRows(session, explainEvents(profile, session), 8, 10)).toHaveLength(2);
  });

  it('finds the nearest kept event in either direction', () => {
    const explanation = explainEvents(profile, session);
    expect(nearestKept(explanation, 10, 0, 1)).toBe(2);
    expect(nearestKept(explanation, 10, 3, -1)).toBe(2);
    expect(nearestKept(explanation, 10, 3, 1)).toBeUndefined();
  });
});

describe('sessionBar', () => {
  it('marks where kept events are, over the whole session', () => {
    // One event a second over 9 seconds, one per cell; kept: events 0, 2 and 3.
    expect(sessionBar(session.events, explainEvents(profile, session).fate, 10)).toBe('█·██······');
    expect(sessionBar(session.events, explainEvents(profile, session).fate, 3)).toBe('██·');
  });

  it('is blank for a session without events', () => {
    const empty = parseSession('{"id": "u:s", "events": []}');
    expect(sessionBar(empty.events, () => 'kept', 4)).toBe('    ');
  });
});

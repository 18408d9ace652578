// Builds small sessions for tests: events at millisecond offsets from a fixed start.

import type { FixtureEvent, Session } from '../../session/session-schema.js';
import { parseSession } from '../../session/parse-session.js';

export const START = Date.parse('2026-03-01T10:00:00.000Z');

/** The ISO timestamp `offset` ms after START. */
export const at = (offset: number): string => new Date(START + offset).toISOString();

export type EventAt = Partial<FixtureEvent> & { readonly offset: number };

/** A loaded session whose events happen at the given offsets (ms after START), in this order. */
export function sessionWith(events: readonly EventAt[], extra: Partial<Session> = {}): Session {
  return parseSession({
    id: 'u-1:s-1',
    ...extra,
    events: events.map(({ offset, ...event }) => ({ type: 'click', ...event, timestamp: at(offset) })),
  });
}

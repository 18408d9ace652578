// The lists of events known to be sorted by time: those the loader sorted, and those prepare has
// checked once. prepare finds a slice by binary search over a session's events, so a list out of
// order (a session built in code) would give a wrong slice; checking a list of a million events on
// every prepare would cost more than the slice it renders, so each list is checked once.

import type { SessionEvent } from './session-schema.js';

/** Each known list, with its length then: a list that grew since is checked again. */
const known = new WeakMap<readonly SessionEvent[], number>();

/** Notes that `events` is sorted by time (the loader sorted it, or it was checked). */
export function noteSortedEvents(events: readonly SessionEvent[]): void {
  known.set(events, events.length);
}

/** Whether `events` was noted as sorted, at its present length. */
export function isKnownSorted(events: readonly SessionEvent[]): boolean {
  return known.get(events) === events.length;
}

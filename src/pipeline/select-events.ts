// Filter and slice in one pass over only the events that can matter: the same result as
// sliceEvents(filterEvents(...)), without touching (or allocating for) events outside the window.

import type { EventsSettings, SliceSettings } from '../profile/profile-schema.js';
import { eventKey } from '../session/event-key.js';
import type { SessionEvent } from '../session/session-schema.js';
import type { IndexedEvent } from './indexed-event.js';
import type { SliceResult } from './slice-events.js';
import { inWindow, type SliceWindow } from './slice-window.js';

/**
 * What {@link selectEvents} returns: {@link SliceResult} and the count of events that match the filter.
 *
 * @category Pipeline
 */
export interface SelectResult extends SliceResult {
  /** Events of the whole session that pass the type filter. */
  readonly matched: number;
}

// First index whose time passes `test`, for a `test` that is false then true over sorted events.
function firstIndexWhere(events: readonly SessionEvent[], test: (time: number) => boolean): number {
  let low = 0;
  let high = events.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (test((events[middle] as SessionEvent).time)) high = middle;
    else low = middle + 1;
  }
  return low;
}

/** A predicate on filter keys for `include_types` / `exclude_types`; undefined when every event passes. */
function optionalKeyFilter(settings: EventsSettings): ((event: SessionEvent) => boolean) | undefined {
  if (settings.include_types !== undefined) {
    const include = new Set(settings.include_types);
    return (event) => include.has(eventKey(event));
  }
  if (settings.exclude_types === undefined || settings.exclude_types.length === 0) return undefined;
  const exclude = new Set(settings.exclude_types);
  return (event) => !exclude.has(eventKey(event));
}

/**
 * A predicate on filter keys for `include_types` / `exclude_types`.
 *
 * @param settings - The profile's `events` section.
 * @category Pipeline
 */
export function keyFilter(settings: EventsSettings = {}): (event: SessionEvent) => boolean {
  return optionalKeyFilter(settings) ?? (() => true);
}

// Without a type filter every event in [from, to) counts: take the kept ones straight from the
// end the slice keeps, in O(kept) rather than a walk over the whole window.
function selectUnfiltered(events: readonly SessionEvent[], from: number, to: number, limit: number, fromRight: boolean): IndexedEvent[] {
  const count = limit === 0 ? to - from : Math.min(limit, to - from);
  const first = fromRight ? to - count : from;
  const kept = new Array<IndexedEvent>(count);
  for (let offset = 0; offset < count; offset++) kept[offset] = { index: first + offset, event: events[first + offset] as SessionEvent };
  return kept;
}

/**
 * The kept events of pipeline steps 1–2 (see docs/pipeline.md) for time-sorted `events`:
 * binary-search the window, then walk it from the end the slice keeps (the left for FIRST and
 * TIMESTAMP, the right for LAST), applying the type filter, until `event_limit` events are found.
 * The same events as `sliceEvents(filterEvents(events, settings), window, slice)`, faster.
 *
 * @param events - A session's events, sorted by time.
 * @param window - The slice's time window, from {@link sliceWindow}.
 * @param slice - The profile's `slice` section.
 * @param settings - The profile's `events` section.
 * @category Pipeline
 */
export function selectEvents(
  events: readonly SessionEvent[],
  window: SliceWindow,
  slice: SliceSettings = {},
  settings: EventsSettings = {},
): SelectResult {
  const passes = optionalKeyFilter(settings);
  const startOnly: SliceWindow = { ...window, end: Infinity, endInclusive: true };
  const endOnly: SliceWindow = { ...window, start: -Infinity, startInclusive: true };
  const from = firstIndexWhere(events, (time) => inWindow(startOnly, time));
  const to = Math.max(from, firstIndexWhere(events, (time) => !inWindow(endOnly, time)));
  const limit = slice.event_limit ?? 0;
  if (passes === undefined) {
    const kept = selectUnfiltered(events, from, to, limit, slice.mode === 'LAST');
    return { kept, window, overLimit: to - from - kept.length, matched: events.length };
  }
  const kept: IndexedEvent[] = [];
  let inside = 0;

  if (slice.mode === 'LAST') {
    for (let index = to - 1; index >= from; index--) {
      const event = events[index] as SessionEvent;
      if (!passes(event)) continue;
      inside++;
      if (limit === 0 || kept.length < limit) kept.push({ index, event });
    }
    kept.reverse();
  } else {
    for (let index = from; index < to; index++) {
      const event = events[index] as SessionEvent;
      if (!passes(event)) continue;
      inside++;
      if (limit === 0 || kept.length < limit) kept.push({ index, event });
    }
  }
  let matched = inside;
  for (let index = 0; index < from; index++) if (passes(events[index] as SessionEvent)) matched++;
  for (let index = to; index < events.length; index++) if (passes(events[index] as SessionEvent)) matched++;
  return { kept, window, overLimit: inside - kept.length, matched };
}

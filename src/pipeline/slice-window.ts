// The time window of a slice (see docs/pipeline.md), computed from the whole session before filtering.

import type { SliceSettings } from '../profile/profile-schema.js';
import { parseIsoTimestamp } from '../session/iso-timestamp.js';
import type { SessionEvent } from '../session/session-schema.js';

/**
 * A time interval in epoch milliseconds; open ends are ±Infinity. An empty session gives a window
 * that nothing falls in.
 *
 * @category Pipeline
 */
export interface SliceWindow {
  readonly start: number;
  readonly startInclusive: boolean;
  readonly end: number;
  readonly endInclusive: boolean;
}

/** No event can fall in this window: the session (up to end_timestamp) has no events. */
export const EMPTY_WINDOW: SliceWindow = { start: Infinity, startInclusive: false, end: -Infinity, endInclusive: false };

/**
 * True when `time` (epoch milliseconds) lies inside `window`.
 *
 * @category Pipeline
 */
export function inWindow(window: SliceWindow, time: number): boolean {
  const afterStart = window.startInclusive ? time >= window.start : time > window.start;
  const beforeEnd = window.endInclusive ? time <= window.end : time < window.end;
  return afterStart && beforeEnd;
}

const timestamp = (value: string | undefined): number | undefined =>
  value === undefined ? undefined : parseIsoTimestamp(value);

/**
 * The window a slice keeps, for events sorted by time. The session's start and end are its first
 * and last events before type filtering; `end_timestamp` cuts the session first, so with LAST the
 * end is the last event before it.
 *
 * @param events - A session's events, sorted by time, before any type filter.
 * @param slice - The profile's `slice` section.
 * @category Pipeline
 */
export function sliceWindow(events: readonly SessionEvent[], slice: SliceSettings = {}): SliceWindow {
  const cutoff = timestamp(slice.end_timestamp) ?? Infinity;
  const first = events[0];
  if (first === undefined || first.time >= cutoff) return EMPTY_WINDOW;
  const duration = slice.duration_limit_ms ?? 0;
  const startTimestamp = timestamp(slice.start_timestamp);

  if (slice.mode === 'LAST') {
    let last = events.length - 1;
    while ((events[last] as SessionEvent).time >= cutoff) last--;
    const end = (events[last] as SessionEvent).time;
    let start = duration > 0 ? end - duration : -Infinity;
    let startInclusive = false;
    // A given start_timestamp also drops every event before it.
    if (startTimestamp !== undefined && startTimestamp > start) {
      start = startTimestamp;
      startInclusive = true;
    }
    return { start, startInclusive, end, endInclusive: true };
  }

  // FIRST and TIMESTAMP: [anchor, anchor + D), cut at end_timestamp.
  const anchor = startTimestamp ?? first.time;
  const end = Math.min(duration > 0 ? anchor + duration : Infinity, cutoff);
  return { start: anchor, startInclusive: true, end, endInclusive: false };
}

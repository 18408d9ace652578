// Step 2 of the pipeline: keep the filtered events inside the slice window, up to event_limit.

import type { SliceSettings } from '../profile/profile-schema.js';
import type { IndexedEvent } from './indexed-event.js';
import { inWindow, type SliceWindow } from './slice-window.js';

export interface SliceResult {
  /** The kept events, in time order. */
  readonly kept: IndexedEvent[];
  /** The window the slice kept events from. */
  readonly window: SliceWindow;
  /** Events inside the window that the event limit dropped. */
  readonly overLimit: number;
}

// First position where `test` holds, for a `test` that is false then true.
function firstWhere(events: readonly IndexedEvent[], test: (time: number) => boolean): number {
  let low = 0;
  let high = events.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (test((events[middle] as IndexedEvent).event.time)) high = middle;
    else low = middle + 1;
  }
  return low;
}

/**
 * Keeps the filtered events (time-ordered) that fall in `window`: with LAST the last
 * `event_limit` of them, otherwise the first. An `event_limit` absent or 0 means no limit.
 */
export function sliceEvents(filtered: readonly IndexedEvent[], window: SliceWindow, slice: SliceSettings = {}): SliceResult {
  const startOnly: SliceWindow = { ...window, end: Infinity, endInclusive: true };
  const endOnly: SliceWindow = { ...window, start: -Infinity, startInclusive: true };
  const from = firstWhere(filtered, (time) => inWindow(startOnly, time));
  const to = firstWhere(filtered, (time) => !inWindow(endOnly, time));
  const inside = Math.max(0, to - from);
  const limit = slice.event_limit ?? 0;
  if (limit === 0 || inside <= limit) return { kept: filtered.slice(from, Math.max(from, to)), window, overLimit: 0 };
  const kept = slice.mode === 'LAST' ? filtered.slice(to - limit, to) : filtered.slice(from, from + limit);
  return { kept, window, overLimit: inside - limit };
}

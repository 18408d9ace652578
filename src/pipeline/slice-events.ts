// Step 2 of the pipeline: keep the filtered events inside the slice window, up to event_limit.

import type { SliceSettings } from '../profile/profile-schema.js';
import type { IndexedEvent } from './indexed-event.js';
import { inWindow, type SliceWindow } from './slice-window.js';

/**
 * What {@link sliceEvents} returns.
 *
 * @category Pipeline
 */
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
 * Step 2 of the pipeline: keeps the filtered events (time-ordered) that fall in `window`: with
 * LAST the last `event_limit` of them, otherwise the first. An `event_limit` absent or 0 means no
 * limit. The window comes from {@link sliceWindow}, computed on the whole session before filtering.
 *
 * @param filtered - The output of {@link filterEvents}.
 * @param window - The slice's time window, from {@link sliceWindow}.
 * @param slice - The profile's `slice` section (`mode` and `event_limit` are read here).
 * @example
 * ```ts
 * import { filterEvents, loadSession, sliceEvents, sliceWindow } from 'recap';
 *
 * const session = await loadSession('sessions-fixtures/checkout-abandon.json');
 * const slice = { mode: 'LAST', event_limit: 5 } as const;
 * const filtered = filterEvents(session.events, { exclude_types: ['element-seen'] });
 * const { kept, overLimit } = sliceEvents(filtered, sliceWindow(session.events, slice), slice);
 * // kept: the last 5 events that are not element-seen; overLimit: how many the limit dropped
 * ```
 * @category Pipeline
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

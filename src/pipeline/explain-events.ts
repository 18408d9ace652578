// Why each event of a session was kept or dropped, for people tuning a profile (the studio).

import type { Profile } from '../profile/profile-schema.js';
import type { Session } from '../session/session-schema.js';
import { keyFilter, selectEvents } from './select-events.js';
import { inWindow, sliceWindow, type SliceWindow } from './slice-window.js';

/**
 * The fate of one event under a profile, in pipeline order: the first rule that drops it.
 *
 * @category Pipeline
 */
export type EventFate = 'kept' | 'filtered-by-type' | 'outside-window' | 'over-limit';

const FATES: readonly EventFate[] = ['kept', 'filtered-by-type', 'outside-window', 'over-limit'];

/**
 * What {@link explainEvents} returns.
 *
 * @category Pipeline
 */
export interface EventExplanation {
  /** The slice's time window. */
  readonly window: SliceWindow;
  /** How many events met each fate. */
  readonly counts: Readonly<Record<EventFate, number>>;
  /** The fate of the event at `index`; cheap, so a view can ask only for the rows it shows. */
  fate(index: number): EventFate;
}

/**
 * The fate of every event: filtered by type (step 1), outside the slice window, or beyond the
 * event limit (step 2), else kept. Agrees with {@link prepare} on which events are kept.
 *
 * @category Pipeline
 */
export function explainEvents(profile: Profile, session: Session): EventExplanation {
  const events = session.events;
  const window = sliceWindow(events, profile.slice);
  const passes = keyFilter(profile.events);
  const { kept } = selectEvents(events, window, profile.slice, profile.events);
  // One byte per event: a 1M-event session costs 1 MB here.
  const codes = new Uint8Array(events.length);
  const counts: Record<EventFate, number> = { kept: 0, 'filtered-by-type': 0, 'outside-window': 0, 'over-limit': 0 };
  for (let index = 0; index < events.length; index++) {
    const event = events[index];
    const code = event === undefined || !passes(event) ? 1 : inWindow(window, event.time) ? 3 : 2;
    codes[index] = code;
  }
  for (const { index } of kept) codes[index] = 0;
  for (const code of codes) counts[FATES[code] as EventFate]++;
  return { window, counts, fate: (index) => FATES[codes[index] ?? 1] as EventFate };
}

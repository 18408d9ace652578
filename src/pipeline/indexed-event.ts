// An event together with its index: its position in the session's time-sorted event list.

import type { SessionEvent } from '../session/session-schema.js';

/**
 * An event and its 0-based index in the session (after the loader's stable sort).
 *
 * @category Pipeline
 */
export interface IndexedEvent {
  /** The event's position in {@link Session.events}. */
  readonly index: number;
  readonly event: SessionEvent;
}

// Step 1 of the pipeline: keep events by type (custom events by name), DESIGN §4.

import type { EventsSettings } from '../profile/profile-schema.js';
import { eventKey } from '../session/event-key.js';
import type { SessionEvent } from '../session/session-schema.js';
import type { IndexedEvent } from './indexed-event.js';

/**
 * The events that pass `include_types` / `exclude_types`, in order, each with its index.
 * The key of a built-in event is its type; of a custom event, its name, verbatim.
 */
export function filterEvents(events: readonly SessionEvent[], settings: EventsSettings = {}): IndexedEvent[] {
  const include = settings.include_types === undefined ? undefined : new Set(settings.include_types);
  const exclude = new Set(settings.exclude_types ?? []);
  const kept: IndexedEvent[] = [];
  for (let index = 0; index < events.length; index++) {
    const event = events[index] as SessionEvent;
    const key = eventKey(event);
    if (include !== undefined ? include.has(key) : !exclude.has(key)) kept.push({ index, event });
  }
  return kept;
}

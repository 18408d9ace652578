// Step 1 of the pipeline (see docs/pipeline.md): keep events by type, custom events by name.

import type { EventsSettings } from '../profile/profile-schema.js';
import type { SessionEvent } from '../session/session-schema.js';
import type { IndexedEvent } from './indexed-event.js';
import { keyFilter } from './select-events.js';

/**
 * Step 1 of the pipeline: the events that pass `include_types` / `exclude_types`, in order, each
 * with its index. The key of a built-in event is its type; of a custom event, its name, verbatim
 * (see {@link eventKey}). Without either list every event passes.
 *
 * @param events - A session's events, as {@link Session.events} holds them.
 * @param settings - The profile's `events` section.
 * @example
 * ```ts
 * import { filterEvents, loadSession } from 'recap';
 *
 * const session = await loadSession('sessions-fixtures/checkout-abandon.json');
 * const errors = filterEvents(session.events, { include_types: ['network-error', 'console-error'] });
 * errors.map(({ index, event }) => `#${index} ${event.type}`);
 * ```
 * @category Pipeline
 */
export function filterEvents(events: readonly SessionEvent[], settings: EventsSettings = {}): IndexedEvent[] {
  const passes = keyFilter(settings);
  const kept: IndexedEvent[] = [];
  for (let index = 0; index < events.length; index++) {
    const event = events[index] as SessionEvent;
    if (passes(event)) kept.push({ index, event });
  }
  return kept;
}

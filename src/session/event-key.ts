// The key that include_types / exclude_types match: a built-in event's type, a custom event's name.

import type { SessionEvent } from './session-schema.js';

/**
 * The filter key of an event, which `events.include_types` / `exclude_types` match: its `type`,
 * or for a custom event its `name`, verbatim.
 *
 * @category Sessions
 */
export function eventKey(event: Pick<SessionEvent, 'type' | 'name'>): string {
  return event.type === 'custom' ? (event.name ?? '') : event.type;
}

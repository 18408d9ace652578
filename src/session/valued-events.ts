// The events of a loaded session that hold a string `value` (what was typed or pasted), noted as
// the session is loaded, while its events are fresh from the parser: a privacy rule that looks for
// what was typed into protected fields (see echoes.ts) then reads these few rather than every
// event of the session again, which costs more than the whole render of a slice of it.

import type { SessionEvent } from './session-schema.js';

/** The valued events of each loaded list of events, with the list's length then (a list changed since is read again). */
const noted = new WeakMap<readonly SessionEvent[], { readonly length: number; readonly events: readonly SessionEvent[] }>();

/** Notes the events of `events` that hold a string value. */
export function noteValuedEvents(events: readonly SessionEvent[]): void {
  const valued: SessionEvent[] = [];
  for (let index = 0; index < events.length; index++) {
    const event = events[index] as SessionEvent;
    if (typeof event.value === 'string') valued.push(event);
  }
  noted.set(events, { length: events.length, events: valued });
}

/** The events of `events` that hold a string value, as noted when it was loaded; undefined when it was not (a list made or changed since). */
export function valuedEventsOf(events: readonly SessionEvent[]): readonly SessionEvent[] | undefined {
  const known = noted.get(events);
  return known !== undefined && known.length === events.length ? known.events : undefined;
}

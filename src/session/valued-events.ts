// The values typed or pasted in a loaded session (the events that hold a `value`), noted by the
// loader as it reads each event, while the event is fresh from the parser, and grouped by the field
// they were typed into (its recorded selector path and text): a privacy rule that looks for what was
// typed into protected fields (see echoes.ts) then judges each field once and reads the values of
// the protected ones only. Reading every valued event again, spread over a long session's memory,
// costs more than the whole render of a slice of it.

import type { SessionEvent } from './session-schema.js';

/** What was typed into a field by `event`: its `value` (a number as its digits: `"value": 583920`), or the text of a paste; undefined for any other event. */
export function typedValueOf(event: SessionEvent): string | undefined {
  if (typeof event.value === 'string') return event.value;
  if (typeof event.value === 'number' && Number.isFinite(event.value)) return String(event.value);
  return event.type === 'paste' && typeof event.text === 'string' ? event.text : undefined;
}

/** The values of valued events by their target's selector path, then by its text (undefined: none recorded). */
export type ValuedEventsByField = ReadonlyMap<string | undefined, ReadonlyMap<string | undefined, readonly string[]>>;

/** What a loader notes of the valued events it reads. */
export class ValuedEventsNote {
  readonly byField = new Map<string | undefined, Map<string | undefined, string[]>>();

  /**
   * Notes `event`, which holds a value typed (a string or a number) or pasted: the value itself, so that a rule reading the values
   * of a field later does not read each event again (spread over a long session's memory, each is
   * a cache miss).
   */
  add(event: SessionEvent): void {
    const target = event.target;
    let byText = this.byField.get(target?.selector);
    if (byText === undefined) this.byField.set(target?.selector, (byText = new Map()));
    const group = byText.get(target?.text);
    const value = typedValueOf(event) as string;
    if (group === undefined) byText.set(target?.text, [value]);
    else group.push(value);
  }
}

/** The valued events of each loaded list of events, with the list's length then (a list changed since is read again). */
const noted = new WeakMap<readonly SessionEvent[], { readonly length: number; readonly byField: ValuedEventsByField }>();

/** Notes the valued events of `events`: those of `note`, when the loader took it as it read each event, else every event's. */
export function noteValuedEvents(events: readonly SessionEvent[], note?: ValuedEventsNote): void {
  if (note === undefined) {
    note = new ValuedEventsNote();
    for (const event of events) if (typedValueOf(event) !== undefined) note.add(event);
  }
  noted.set(events, { length: events.length, byField: note.byField });
}

/** The string values of the events of `events`, by field, as noted when it was loaded; undefined when it was not (a list made or changed since). */
export function valuedEventsOf(events: readonly SessionEvent[]): ValuedEventsByField | undefined {
  const known = noted.get(events);
  return known !== undefined && known.length === events.length ? known.byField : undefined;
}

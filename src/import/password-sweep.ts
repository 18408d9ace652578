// What was typed or pasted into a field is never imported once the field is, or has been, a
// password field: a "show password" toggle switched back after the typing (in the same edit or
// minutes later) takes the value out of the input-change and paste derived before the switch.
// Events are written only when the import ends, so an event already derived can still lose it.

import type { DerivedEvent } from './derived-event.js';

/** The fields that hold what the user typed (`value`) or pasted (`text`) into a field. */
const TYPED_FIELDS = ['value', 'text'] as const;

/** Whether the event holds something typed or pasted into its field. */
export function hasTypedValue(event: DerivedEvent): boolean {
  return TYPED_FIELDS.some((name) => event.fields[name] !== undefined);
}

/**
 * The event without what was typed or pasted into its field, and without the preset that replaced
 * it (nothing is left to count). What it `protects` stays protected in the rest of the session.
 */
export function withoutTypedValue(event: DerivedEvent): DerivedEvent {
  const fields = { ...event.fields };
  for (const name of TYPED_FIELDS) delete fields[name];
  const { field: _field, ...rest } = event;
  return { ...rest, fields };
}

/** Watches derived events whose field may still become a password field, and takes their values out when it does. */
export class PasswordSweep {
  #watched: { readonly index: number; readonly isPassword: () => boolean }[] = [];

  /** Watches `events[index]`, typed into a field that `isPassword` says is (or has been) a password field. */
  watch(index: number, isPassword: () => boolean): void {
    this.#watched.push({ index, isPassword });
  }

  /** Takes the value out of each watched event whose field is now a password field; those are no longer watched. */
  sweep(events: DerivedEvent[]): void {
    if (this.#watched.length === 0) return;
    this.#watched = this.#watched.filter(({ index, isPassword }) => {
      const event = events[index];
      if (event === undefined || !isPassword()) return true;
      events[index] = withoutTypedValue(event);
      return false;
    });
  }

  /** A new page: its node ids name other elements, so the fields of the page before are no longer watched. */
  forget(): void {
    this.#watched = [];
  }
}

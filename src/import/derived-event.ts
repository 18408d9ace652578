// An event derived from a recording, before it is written as a fixture event.

import type { ProtectingRule } from '../privacy/echoes.js';
import type { EventType } from '../session/event-types.js';

/** The element an event happened on, as fixtures write it. */
export interface DerivedTarget {
  readonly selector?: string;
  readonly text?: string;
  /**
   * A block selector matches the element or an ancestor of it in the mirrored page (`--privacy`):
   * the event is written with its texts, value and name `[blocked]` (see {@link withBlockedFields}).
   */
  readonly blocked?: boolean;
}

/** Fields of a fixture event other than `type` and `timestamp` (name, url, target, value, ...). */
export type DerivedFields = Record<string, unknown>;

export interface DerivedEvent {
  readonly type: EventType;
  /** Milliseconds since the epoch, from the recording. */
  readonly time: number;
  /**
   * Index of the recorded event it comes from: events at the same millisecond keep recording
   * order, so a click sorts before the console error it caused.
   */
  readonly order: number;
  readonly fields: DerivedFields;
  /** Its element was blocked in the mirrored page; its fields are already `[blocked]`. */
  readonly blocked?: boolean;
  /**
   * The preset whose placeholder replaced what was typed, judged by the element in the mirrored
   * page (an `<input type="email">` whose selector path says nothing of it): its value is already
   * `[email]`, `[card]`…
   */
  readonly field?: string;
  /**
   * What the mirror replaced in it, as recorded: the name, texts and value of an event on a
   * blocked element (`blocked`), or what was typed into a field a preset replaces it in (`secret`,
   * `phone`, `email`, `card`, `iban`). The rest of the session is searched for them (see
   * protectedValuesOf).
   */
  readonly protects?: readonly { readonly value: string; readonly rule: ProtectingRule }[];
}

/** `{ selector, text }` without the parts that are unknown (and `blocked` when true); undefined when nothing is known. */
export function targetFields(target: DerivedTarget | undefined): DerivedTarget | undefined {
  if (target === undefined) return undefined;
  const out: { selector?: string; text?: string; blocked?: boolean } = {};
  if (target.selector !== undefined) out.selector = target.selector;
  if (target.text !== undefined && target.text !== '') out.text = target.text;
  if (target.blocked === true) out.blocked = true;
  return out.selector === undefined && out.text === undefined && out.blocked === undefined ? undefined : out;
}

/** What an event on a blocked element shows instead of its texts, value and name, as `redactSession` writes it. */
export const BLOCKED_PLACEHOLDER = '[blocked]';
const BLOCKED_FIELDS = ['name', 'text', 'value'] as const;

/**
 * The event as it is written: when its target is blocked, its name, text, value and target text
 * become `[blocked]` (type, time and selector stay) and it is marked `blocked`; else the event itself.
 */
export function withBlockedFields(event: DerivedEvent): DerivedEvent {
  const target = event.fields.target as DerivedTarget | undefined;
  if (target?.blocked !== true) return event;
  const fields: DerivedFields = { ...event.fields };
  // What the event already protects (a value typed whole, before it was cut) and what blocking hides.
  const protects: { value: string; rule: ProtectingRule }[] = [...(event.protects ?? [])];
  for (const field of BLOCKED_FIELDS) {
    const value = fields[field];
    if (value === undefined) continue;
    if (typeof value === 'string') protects.push({ value, rule: 'blocked' });
    fields[field] = BLOCKED_PLACEHOLDER;
  }
  if (target.text !== undefined) protects.push({ value: target.text, rule: 'blocked' });
  const shown: { selector?: string; text?: string } = {};
  if (target.selector !== undefined) shown.selector = target.selector;
  if (target.text !== undefined) shown.text = BLOCKED_PLACEHOLDER;
  if (shown.selector === undefined && shown.text === undefined) delete fields.target;
  else fields.target = shown;
  return { ...event, fields, blocked: true, ...(protects.length === 0 ? {} : { protects }) };
}

/** Sorts by time, then recording order (stable for the rest). */
export function compareDerived(first: DerivedEvent, second: DerivedEvent): number {
  return first.time - second.time || first.order - second.order;
}

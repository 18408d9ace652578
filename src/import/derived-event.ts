// An event derived from a recording, before it is written as a fixture event.

import type { EventType } from '../session/event-types.js';

/** The element an event happened on, as fixtures write it. */
export interface DerivedTarget {
  readonly selector?: string;
  readonly text?: string;
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
}

/** `{ selector, text }` without the parts that are unknown; undefined when nothing is known. */
export function targetFields(target: DerivedTarget | undefined): DerivedTarget | undefined {
  if (target === undefined) return undefined;
  const out: { selector?: string; text?: string } = {};
  if (target.selector !== undefined) out.selector = target.selector;
  if (target.text !== undefined && target.text !== '') out.text = target.text;
  return out.selector === undefined && out.text === undefined ? undefined : out;
}

/** Sorts by time, then recording order (stable for the rest). */
export function compareDerived(first: DerivedEvent, second: DerivedEvent): number {
  return first.time - second.time || first.order - second.order;
}

// What groundAnswer asks of the session: which side of the prompt (the events it showed, or the
// ones it left out) holds a claim. Two answers to it: lists of events (any GroundingSource), and
// the session's index (a source made by groundingSource), which gives the same verdicts without
// reading every event for every answer.

import type { IndexedEvent } from '../pipeline/indexed-event.js';
import type { SessionEvent } from '../session/session-schema.js';
import type { CountTopic } from './count-topics.js';
import type { Duration } from './durations.js';
import { SessionFacts } from './session-facts.js';

/** The events the prompt showed (with its context), or the ones it left out. */
export type Side = 'kept' | 'dropped';

/**
 * Lookups on one side answer the index of an event holding the claim (-1: the context), or
 * undefined. They take claims normalized: URLs by `normalUrl`, texts by `normalText`, selectors by
 * `normalSelector`.
 */
export interface Checker {
  /** Whether the event at session index `index` is on `side`. */
  has(side: Side, index: number): boolean;
  urlExact(side: Side, normal: string): number | undefined;
  urlLoose(side: Side, normal: string): number | undefined;
  /** An event with the page of `normal` (with a query) and every parameter of its query among its own. */
  urlWithQuery(side: Side, normal: string): number | undefined;
  textEqual(side: Side, needle: string): number | undefined;
  textHolding(side: Side, needle: string): number | undefined;
  /** A text holding the number `needle` as a token of its own, not part of a date, time or version (an amount's forms). */
  amountHolding(side: Side, needle: string): number | undefined;
  /** A text holding `needle` anywhere, inside a word too. */
  textPiece(side: Side, needle: string): number | undefined;
  textWithin(side: Side, needle: string): number | undefined;
  /** A text holding `needle` (`looseText`) whatever punctuation parts its words. */
  textLoose(side: Side, needle: string): number | undefined;
  selector(side: Side, needle: string): number | undefined;
  /** The totals `topic` may mean over the kept events, or over the whole session. */
  countTotals(over: 'kept' | 'all', topic: CountTopic): ReadonlySet<number>;
  /** Whether a duration fits the kept events, or the whole session (see lastsOver). */
  lasts(over: 'kept' | 'all', duration: Duration): boolean;
  /** The times (ms) of the first and the last kept event, or of the session's; undefined when there is none. */
  span(over: 'kept' | 'all'): readonly [number, number] | undefined;
  /** Why the prompt left event `index` out. */
  reasonOf(index: number): string | undefined;
  /** The type of the kept event at session index `index`. */
  keptTypeOf(index: number): string | undefined;
  /** The type of the event at session index `index` that the prompt left out. */
  droppedTypeOf(index: number): string | undefined;
  /** The event at session index `index` that the prompt left out. */
  droppedEvent(index: number): SessionEvent | undefined;
  /** The kept event at session index `index`, as the prompt showed it (its redacted copy, if privacy rules changed it). */
  keptEvent(index: number): SessionEvent | undefined;
  /** The context the prompt showed (`kept`), or the one the profile's context settings left out (`dropped`). */
  context(side: Side): Readonly<Record<string, unknown>> | undefined;
  /** Events in the session, and in the prompt. */
  readonly total: number;
  readonly keptSize: number;
}

/** The index of the pseudo-event of the context elements the profile left out (the included ones are -1). */
export const EXCLUDED_CONTEXT = -2;

/**
 * The context as one pseudo-event (index -1), so that a quote of the org's name or an app URL is
 * supported; the context the profile left out as another (EXCLUDED_CONTEXT), on the dropped side.
 */
export function contextEvent(context: Readonly<Record<string, unknown>> | undefined, index = -1): IndexedEvent[] {
  if (context === undefined || Object.keys(context).length === 0) return [];
  return [{ index, event: { type: 'custom', name: 'context', timestamp: '', time: Number.NaN, properties: context } as unknown as SessionEvent }];
}

/**
 * A checker over lists of events: the kept ones with the context, and the dropped ones with why
 * each was dropped (and the context the profile left out, after them).
 */
export function listChecker(
  kept: readonly IndexedEvent[],
  dropped: readonly IndexedEvent[],
  context: Readonly<Record<string, unknown>> | undefined,
  reasonOf: (index: number) => string | undefined,
  excludedContext?: Readonly<Record<string, unknown>>,
): Checker {
  const sides: Record<Side, SessionFacts> = { kept: new SessionFacts([...kept, ...contextEvent(context)]), dropped: new SessionFacts([...dropped, ...contextEvent(excludedContext, EXCLUDED_CONTEXT)]) };
  let all: SessionFacts | undefined;
  const over = (which: 'kept' | 'all') => (which === 'kept' ? sides.kept : (all ??= new SessionFacts([...kept, ...dropped])));
  return {
    has: (side, index) => sides[side].event(index) !== undefined,
    urlExact: (side, claim) => sides[side].urlExact(claim),
    urlLoose: (side, claim) => sides[side].urlLoose(claim),
    urlWithQuery: (side, claim) => sides[side].urlWithQuery(claim),
    textEqual: (side, quote) => sides[side].textEqual(quote),
    textHolding: (side, quote) => sides[side].textHolding(quote),
    amountHolding: (side, form) => sides[side].amountHolding(form),
    textPiece: (side, piece) => sides[side].textPiece(piece),
    textWithin: (side, quote) => sides[side].textWithin(quote),
    textLoose: (side, quote) => sides[side].textLoose(quote),
    selector: (side, selector) => sides[side].selector(selector),
    countTotals: (which, topic) => over(which).countTotals(topic),
    lasts: (which, duration) => over(which).lasts(duration),
    span: (which) => timeSpanOf(which === 'kept' ? kept : [...kept, ...dropped]),
    reasonOf,
    keptTypeOf: (index) => sides.kept.event(index)?.event.type,
    droppedTypeOf: (index) => (index >= 0 ? sides.dropped.event(index)?.event.type : undefined),
    droppedEvent: (index) => (index >= 0 ? sides.dropped.event(index)?.event : undefined),
    keptEvent: (index) => sides.kept.event(index)?.event,
    context: (side) => (side === 'kept' ? context : excludedContext),
    total: kept.length + dropped.length,
    keptSize: kept.length,
  };
}

/** The times of the first and the last of `events` (by time), undefined when none has one. */
function timeSpanOf(events: readonly IndexedEvent[]): readonly [number, number] | undefined {
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  for (const { event } of events) {
    if (!Number.isFinite(event.time)) continue;
    first = Math.min(first, event.time);
    last = Math.max(last, event.time);
  }
  return first <= last ? [first, last] : undefined;
}

/** The first of `forms` that `lookup` finds. */
export function firstFound(forms: readonly string[], lookup: (form: string) => number | undefined): number | undefined {
  for (const form of forms) {
    const found = lookup(form);
    if (found !== undefined) return found;
  }
  return undefined;
}

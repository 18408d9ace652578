// A checker on the session's index (session-index.ts): the index says which events hold a claim,
// the kept indices say which of them the prompt showed. Kept events that privacy rules changed are
// checked as the prompt showed them, from their redacted copies, like the context. A slice that
// keeps a run of events (no type filter) is a range: counts and times come from the index too.

import type { IndexedEvent } from '../pipeline/indexed-event.js';
import type { Session } from '../session/session-schema.js';
import { contextEvent, type Checker } from './checker.js';
import { ListStats, type EventStats } from './count-topics.js';
import { lastsOver, SessionFacts, widestGap } from './session-facts.js';
import { lowerBound, sessionIndexOf, type FirstAccepted } from './session-index.js';

/** Of two events found, the earlier. */
function earlier(left: number | undefined, right: number | undefined): number | undefined {
  return left === undefined ? right : right === undefined ? left : Math.min(left, right);
}

/** Which session indices the prompt showed: a run `[first, end)`, or a sorted list. */
interface KeptSet {
  readonly size: number;
  /** The position of session index `index` among the kept events, if kept. */
  positionOf(index: number): number | undefined;
  /** The first of ascending `list` that is kept, from position `at` of the list. */
  firstKept(list: readonly number[], at: number): number | undefined;
  /** The first of ascending `list` that is not kept. */
  firstNotKept(list: readonly number[]): number | undefined;
  /** The run, when the kept events are one. */
  readonly run?: { readonly first: number; readonly end: number };
}

function keptRun(first: number, end: number): KeptSet {
  return {
    size: end - first,
    run: { first, end },
    positionOf: (index) => (index >= first && index < end ? index - first : undefined),
    firstKept: (list, at) => {
      const value = list[lowerBound(list, first, at)];
      return value !== undefined && value < end ? value : undefined;
    },
    firstNotKept: (list) => {
      const head = list[0];
      return head === undefined || head < first ? head : list[lowerBound(list, end)];
    },
  };
}

function keptList(indices: readonly number[]): KeptSet {
  return {
    size: indices.length,
    positionOf: (index) => {
      const position = lowerBound(indices, index);
      return indices[position] === index ? position : undefined;
    },
    // Leapfrog over the two ascending lists.
    firstKept: (list, from) => {
      let position = 0;
      for (let at = from; at < list.length; ) {
        const value = list[at] as number;
        position = lowerBound(indices, value, position);
        const kept = indices[position];
        if (kept === undefined) return undefined;
        if (kept === value) return value;
        at = lowerBound(list, kept, at + 1);
      }
      return undefined;
    },
    firstNotKept: (list) => {
      let position = 0;
      for (const value of list) {
        position = lowerBound(indices, value, position);
        if (indices[position] !== value) return value;
      }
      return undefined;
    },
  };
}

/**
 * A checker for `kept` events of `session` (its own events, or redacted copies of them) and the
 * context the prompt showed; every other event of the session was dropped, for `reasonOf`.
 */
export function indexedChecker(session: Session, kept: readonly IndexedEvent[], context: Readonly<Record<string, unknown>> | undefined, reasonOf: (index: number) => string | undefined): Checker {
  const events = session.events;
  const index = sessionIndexOf(session);
  // Kept events the prompt showed otherwise than recorded (privacy rules redacted them).
  const changed: IndexedEvent[] = [];
  let ascending = true;
  for (let position = 0; position < kept.length; position++) {
    const entry = kept[position] as IndexedEvent;
    if (entry.event !== events[entry.index]) changed.push(entry);
    if (position > 0 && entry.index <= (kept[position - 1] as IndexedEvent).index) ascending = false;
  }
  const keptEvents = ascending ? kept : [...kept].sort((left, right) => left.index - right.index);
  const firstIndex = keptEvents[0]?.index ?? 0;
  const keptSet = keptEvents.length > 0 && ascending && (keptEvents.at(-1) as IndexedEvent).index - firstIndex === keptEvents.length - 1 ? keptRun(firstIndex, firstIndex + keptEvents.length) : keptList(keptEvents.map((entry) => entry.index));
  // Their copies are what the model read: claims about them are checked on those.
  const copies = changed.length === 0 ? undefined : new SessionFacts(changed);
  // A slice much smaller than the session is read on its own until the session's index is built
  // (by a claim that must be looked for among the dropped events): a first answer about 500 events
  // of 100,000 then reads the 100,000 only for the claims the 500 do not support.
  const small = keptEvents.length * 4 < events.length;
  let keptFacts: SessionFacts | undefined;
  const contextFacts = new SessionFacts(contextEvent(context));
  const ofKept = (): SessionFacts =>
    (keptFacts ??= keptSet.run !== undefined && changed.length === 0 ? index.runFacts(keptSet.run.first, keptSet.run.end, () => new SessionFacts(keptEvents)) : new SessionFacts(keptEvents));
  /** A lookup on the kept side: on the index (and the redacted copies), or on the kept events themselves; the context only when no event holds it. */
  const onKept = (kind: 'text' | 'url' | 'selector', viaIndex: () => number | undefined, viaFacts: (facts: SessionFacts) => number | undefined): number | undefined =>
    (!small || index.built(kind) ? earlier(viaIndex(), copies === undefined ? undefined : viaFacts(copies)) : viaFacts(ofKept())) ?? viaFacts(contextFacts);
  const wholeSession = keptSet.size === events.length && changed.length === 0;

  /** The first event of `list` the prompt showed as recorded. */
  const firstShown: FirstAccepted = (list) => {
    for (let at = 0; at < list.length; ) {
      const value = keptSet.firstKept(list, at);
      if (value === undefined) return undefined;
      if (changed.length === 0 || (keptEvents[keptSet.positionOf(value) as number] as IndexedEvent).event === events[value]) return value;
      at = lowerBound(list, value + 1, at);
    }
    return undefined;
  };
  /** The first event of `list` the prompt left out. */
  const firstLeftOut: FirstAccepted = (list) => (keptSet.size === events.length ? undefined : keptSet.firstNotKept(list));

  let keptStats: EventStats | undefined;
  let allStats: EventStats | undefined;
  let keptTimes: { readonly times: readonly number[]; readonly widestGap: number } | undefined;
  const run = changed.length === 0 ? keptSet.run : undefined;
  /** The session's events as the prompt would show them: redacted copies in place of their originals. */
  const allEvents = () => {
    const mixed = [...events];
    for (const entry of changed) mixed[entry.index] = entry.event;
    return mixed;
  };

  return {
    has: (side, eventIndex) => (side === 'kept' ? keptSet.positionOf(eventIndex) !== undefined : eventIndex >= 0 && eventIndex < events.length && keptSet.positionOf(eventIndex) === undefined),
    urlExact: (side, normal) => (side === 'kept' ? onKept('url', () => index.urlExact(normal, firstShown), (facts) => facts.urlExact(normal)) : index.urlExact(normal, firstLeftOut)),
    urlLoose: (side, normal) => (side === 'kept' ? onKept('url', () => index.urlLoose(normal, firstShown), (facts) => facts.urlLoose(normal)) : index.urlLoose(normal, firstLeftOut)),
    textEqual: (side, needle) => (side === 'kept' ? onKept('text', () => index.textEqual(needle, firstShown), (facts) => facts.textEqual(needle)) : index.textEqual(needle, firstLeftOut)),
    textHolding: (side, needle) => (side === 'kept' ? onKept('text', () => index.textHolding(needle, firstShown), (facts) => facts.textHolding(needle)) : index.textHolding(needle, firstLeftOut)),
    textWithin: (side, needle) => (side === 'kept' ? onKept('text', () => index.textWithin(needle, firstShown), (facts) => facts.textWithin(needle)) : index.textWithin(needle, firstLeftOut)),
    selector: (side, needle) => (side === 'kept' ? onKept('selector', () => index.selector(needle, firstShown), (facts) => facts.selector(needle)) : index.selector(needle, firstLeftOut)),
    counts: (over, topic, count) => {
      if (over === 'all' || wholeSession) return topic.totals(changed.length === 0 ? index.stats : (allStats ??= new ListStats(allEvents()))).has(count);
      // A run of the session: a small one from its own facts, a big one from the index.
      if (run !== undefined) return small ? ofKept().counts(topic, count) : topic.totals((keptStats ??= index.statsOf(run.first, run.end))).has(count);
      return topic.totals((keptStats ??= new ListStats(keptEvents.map((entry) => entry.event)))).has(count);
    },
    lasts: (over, seconds) => {
      if (over === 'all' || wholeSession) return index.lasts(seconds);
      // Kept events are in session order, which is time order; redacted copies keep their times.
      if (keptSet.run !== undefined) return small ? ofKept().lasts(seconds) : index.lasts(seconds, keptSet.run.first, keptSet.run.end);
      if (keptTimes === undefined) {
        const times = keptEvents.map((entry) => entry.event.time);
        keptTimes = { times, widestGap: widestGap(times) };
      }
      return lastsOver(keptTimes.times, seconds, keptTimes.widestGap);
    },
    reasonOf,
    total: events.length,
    keptSize: keptSet.size,
  };
}

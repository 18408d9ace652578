// A checker on the session's index (session-index.ts): the index says which events hold a claim,
// the kept indices say which of them the prompt showed. Kept events that privacy rules changed are
// checked as the prompt showed them, from their redacted copies, like the context. A slice that
// keeps a run of events (no type filter) is a range: counts and times come from the index too.

import type { IndexedEvent } from '../pipeline/indexed-event.js';
import type { Session, SessionEvent } from '../session/session-schema.js';
import { contextEvent, EXCLUDED_CONTEXT, type Checker, type Side } from './checker.js';
import { ListStats, type CountTopic, type EventStats } from './count-topics.js';
import { lastsOver, widestGap, type Duration } from './durations.js';
import { SessionFacts } from './session-facts.js';
import { lowerBound } from './range-stats.js';
import { sessionIndexOf, type FirstAccepted, type SessionIndex } from './session-index.js';

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

class KeptRun implements KeptSet {
  readonly size: number;
  readonly run: { readonly first: number; readonly end: number };
  constructor(
    private readonly first: number,
    private readonly end: number,
  ) {
    this.size = end - first;
    this.run = { first, end };
  }
  positionOf(index: number): number | undefined {
    return index >= this.first && index < this.end ? index - this.first : undefined;
  }
  firstKept(list: readonly number[], at: number): number | undefined {
    const value = list[lowerBound(list, this.first, at)];
    return value !== undefined && value < this.end ? value : undefined;
  }
  firstNotKept(list: readonly number[]): number | undefined {
    const head = list[0];
    return head === undefined || head < this.first ? head : list[lowerBound(list, this.end)];
  }
}

class KeptList implements KeptSet {
  readonly size: number;
  constructor(private readonly indices: readonly number[]) {
    this.size = indices.length;
  }
  positionOf(index: number): number | undefined {
    const position = lowerBound(this.indices, index);
    return this.indices[position] === index ? position : undefined;
  }
  /** Leapfrog over the two ascending lists. */
  firstKept(list: readonly number[], from: number): number | undefined {
    let position = 0;
    for (let at = from; at < list.length; ) {
      const value = list[at] as number;
      position = lowerBound(this.indices, value, position);
      const kept = this.indices[position];
      if (kept === undefined) return undefined;
      if (kept === value) return value;
      at = lowerBound(list, kept, at + 1);
    }
    return undefined;
  }
  firstNotKept(list: readonly number[]): number | undefined {
    let position = 0;
    for (const value of list) {
      position = lowerBound(this.indices, value, position);
      if (this.indices[position] !== value) return value;
    }
    return undefined;
  }
}

type Lookup = 'text' | 'url' | 'selector';

/** The lookups of a claim, each answered by the session's index and by the facts of a list of events, and what each looks in. */
const LOOKUP_KINDS = { urlExact: 'url', urlLoose: 'url', urlWithQuery: 'url', textEqual: 'text', textHolding: 'text', amountHolding: 'text', textPiece: 'text', textWithin: 'text', textLoose: 'text', selector: 'selector' } as const satisfies Record<string, Lookup>;
type LookupMethod = keyof typeof LOOKUP_KINDS;

/** The facts of each context object a prompt showed (or left out): a later answer about the same prompt finds them made. */
const contextFactsOf = new WeakMap<object, SessionFacts>();
const excludedContextFactsOf = new WeakMap<object, SessionFacts>();

function factsOfContext(context: Readonly<Record<string, unknown>> | undefined, index?: number): SessionFacts {
  if (context === undefined) return new SessionFacts([]);
  const known = index === undefined ? contextFactsOf : excludedContextFactsOf;
  let facts = known.get(context);
  if (facts === undefined) known.set(context, (facts = new SessionFacts(contextEvent(context, index))));
  return facts;
}

/**
 * A checker for `kept` events of `session` (its own events, or redacted copies of them) and the
 * context the prompt showed; every other event of the session was dropped, for `reasonOf`.
 * A class, not closures: one is made per answer, and making it must cost next to nothing.
 */
class IndexedChecker implements Checker {
  readonly total: number;
  readonly keptSize: number;
  private readonly events: readonly SessionEvent[];
  private readonly index: SessionIndex;
  /** Kept events the prompt showed otherwise than recorded (privacy rules redacted them). */
  private readonly changed: IndexedEvent[] = [];
  private readonly keptEvents: readonly IndexedEvent[];
  private readonly keptSet: KeptSet;
  /** Their copies are what the model read: claims about them are checked on those. */
  private readonly copies: SessionFacts | undefined;
  /**
   * A slice much smaller than the session is read on its own until the session's index is built
   * (by a claim that must be looked for among the dropped events): a first answer about 500 events
   * of 100,000 then reads the 100,000 only for the claims the 500 do not support.
   */
  private readonly small: boolean;
  private readonly wholeSession: boolean;
  /** The kept run when no kept event was redacted. */
  private readonly run: { readonly first: number; readonly end: number } | undefined;
  private keptFacts: SessionFacts | undefined;
  private contextFacts: SessionFacts | undefined;
  private excludedContextFacts: SessionFacts | undefined;
  private keptStats: EventStats | undefined;
  private allStats: EventStats | undefined;
  private keptTimes: { readonly times: readonly number[]; readonly widestGap: number } | undefined;
  /** The first event of a list the prompt showed as recorded. */
  private readonly firstShown: FirstAccepted;
  /** The first event of a list the prompt left out. */
  private readonly firstLeftOut: FirstAccepted;

  constructor(
    session: Session,
    kept: readonly IndexedEvent[],
    private readonly shownContext: Readonly<Record<string, unknown>> | undefined,
    readonly reasonOf: (index: number) => string | undefined,
    private readonly excludedContext: Readonly<Record<string, unknown>> | undefined,
  ) {
    const events = session.events;
    this.events = events;
    this.index = sessionIndexOf(session);
    let ascending = true;
    for (let position = 0; position < kept.length; position++) {
      const entry = kept[position] as IndexedEvent;
      if (entry.event !== events[entry.index]) this.changed.push(entry);
      if (position > 0 && entry.index <= (kept[position - 1] as IndexedEvent).index) ascending = false;
    }
    const keptEvents = ascending ? kept : [...kept].sort((left, right) => left.index - right.index);
    this.keptEvents = keptEvents;
    const firstIndex = keptEvents[0]?.index ?? 0;
    this.keptSet =
      keptEvents.length > 0 && ascending && (keptEvents.at(-1) as IndexedEvent).index - firstIndex === keptEvents.length - 1
        ? new KeptRun(firstIndex, firstIndex + keptEvents.length)
        : new KeptList(keptEvents.map((entry) => entry.index));
    this.copies = this.changed.length === 0 ? undefined : new SessionFacts(this.changed);
    this.small = keptEvents.length * 4 < events.length;
    this.wholeSession = this.keptSet.size === events.length && this.changed.length === 0;
    this.run = this.changed.length === 0 ? this.keptSet.run : undefined;
    this.total = events.length;
    this.keptSize = this.keptSet.size;
    this.firstShown = (list) => this.firstShownOf(list);
    this.firstLeftOut = (list) => (this.keptSet.size === this.events.length ? undefined : this.keptSet.firstNotKept(list));
  }

  private firstShownOf(list: readonly number[]): number | undefined {
    for (let at = 0; at < list.length; ) {
      const value = this.keptSet.firstKept(list, at);
      if (value === undefined) return undefined;
      if (this.changed.length === 0 || (this.keptEvents[this.keptSet.positionOf(value) as number] as IndexedEvent).event === this.events[value]) return value;
      at = lowerBound(list, value + 1, at);
    }
    return undefined;
  }

  private ofKept(): SessionFacts {
    const run = this.keptSet.run;
    return (this.keptFacts ??= run !== undefined && this.changed.length === 0 ? this.index.runFacts(run.first, run.end, () => new SessionFacts(this.keptEvents)) : new SessionFacts(this.keptEvents));
  }

  /** A lookup on the kept side: on the index (and the redacted copies), or on the kept events themselves; the context only when no event holds it. */
  private onKept(kind: Lookup, viaIndex: (first: FirstAccepted) => number | undefined, viaFacts: (facts: SessionFacts) => number | undefined): number | undefined {
    const found = !this.small || this.index.built(kind) ? earlier(viaIndex(this.firstShown), this.copies === undefined ? undefined : viaFacts(this.copies)) : viaFacts(this.ofKept());
    return found ?? viaFacts((this.contextFacts ??= factsOfContext(this.shownContext)));
  }

  /** The session's events as the prompt would show them: redacted copies in place of their originals. */
  private allEvents(): SessionEvent[] {
    const mixed = [...this.events];
    for (const entry of this.changed) mixed[entry.index] = entry.event;
    return mixed;
  }

  keptEvent(eventIndex: number): SessionEvent | undefined {
    const position = this.keptSet.positionOf(eventIndex);
    return position === undefined ? undefined : this.keptEvents[position]?.event;
  }

  keptTypeOf(eventIndex: number): string | undefined {
    return this.keptSet.positionOf(eventIndex) === undefined ? undefined : this.events[eventIndex]?.type;
  }

  droppedTypeOf(eventIndex: number): string | undefined {
    return this.has('dropped', eventIndex) ? this.events[eventIndex]?.type : undefined;
  }

  droppedEvent(eventIndex: number): SessionEvent | undefined {
    return this.has('dropped', eventIndex) ? this.events[eventIndex] : undefined;
  }

  context(side: Side): Readonly<Record<string, unknown>> | undefined {
    return side === 'kept' ? this.shownContext : this.excludedContext;
  }
    has(side: Side, eventIndex: number): boolean {
    return side === 'kept' ? this.keptSet.positionOf(eventIndex) !== undefined : eventIndex >= 0 && eventIndex < this.events.length && this.keptSet.positionOf(eventIndex) === undefined;
  }
  /** A claim looked up by `method`, which the session's index and the facts of a list of events both answer. */
  private look(side: Side, method: LookupMethod, needle: string): number | undefined {
    if (side === 'dropped') {
      // The context the profile left out, only when no dropped event holds the claim.
      return this.index[method](needle, this.firstLeftOut) ?? (this.excludedContextFacts ??= factsOfContext(this.excludedContext, EXCLUDED_CONTEXT))[method](needle);
    }
    return this.onKept(
      LOOKUP_KINDS[method],
      (first) => this.index[method](needle, first),
      (facts) => facts[method](needle),
    );
  }
  urlExact(side: Side, normal: string): number | undefined {
    return this.look(side, 'urlExact', normal);
  }
  urlLoose(side: Side, normal: string): number | undefined {
    return this.look(side, 'urlLoose', normal);
  }
  urlWithQuery(side: Side, normal: string): number | undefined {
    return this.look(side, 'urlWithQuery', normal);
  }
  textEqual(side: Side, needle: string): number | undefined {
    return this.look(side, 'textEqual', needle);
  }
  textHolding(side: Side, needle: string): number | undefined {
    return this.look(side, 'textHolding', needle);
  }
  amountHolding(side: Side, needle: string): number | undefined {
    return this.look(side, 'amountHolding', needle);
  }
  textPiece(side: Side, needle: string): number | undefined {
    return this.look(side, 'textPiece', needle);
  }
  textWithin(side: Side, needle: string): number | undefined {
    return this.look(side, 'textWithin', needle);
  }
  textLoose(side: Side, needle: string): number | undefined {
    return this.look(side, 'textLoose', needle);
  }
  selector(side: Side, needle: string): number | undefined {
    return this.look(side, 'selector', needle);
  }
  countTotals(over: 'kept' | 'all', topic: CountTopic): ReadonlySet<number> {
    if (over === 'all' || this.wholeSession) return topic.totals(this.changed.length === 0 ? this.index.stats : (this.allStats ??= new ListStats(this.allEvents())));
    // A run of the session: a small one from its own facts, a big one from the index.
    if (this.run !== undefined) return this.small ? this.ofKept().countTotals(topic) : topic.totals((this.keptStats ??= this.index.statsOf(this.run.first, this.run.end)));
    return topic.totals((this.keptStats ??= new ListStats(this.keptEvents.map((entry) => entry.event))));
  }
  span(over: 'kept' | 'all'): readonly [number, number] | undefined {
    // Events are in session order, which is time order.
    const first = over === 'kept' ? this.keptEvents[0]?.event : this.events[0];
    const last = over === 'kept' ? this.keptEvents.at(-1)?.event : this.events.at(-1);
    return first !== undefined && last !== undefined && first.time <= last.time ? [first.time, last.time] : undefined;
  }
  lasts(over: 'kept' | 'all', duration: Duration): boolean {
    if (over === 'all' || this.wholeSession) return this.index.lasts(duration);
    // Kept events are in session order, which is time order; redacted copies keep their times.
    const run = this.keptSet.run;
    if (run !== undefined) return this.small ? this.ofKept().lasts(duration) : this.index.lasts(duration, run.first, run.end);
    if (this.keptTimes === undefined) {
      const times = this.keptEvents.map((entry) => entry.event.time);
      this.keptTimes = { times, widestGap: widestGap(times) };
    }
    return lastsOver(this.keptTimes.times, duration, this.keptTimes.widestGap);
  }
}

/**
 * A checker for `kept` events of `session` (its own events, or redacted copies of them) and the
 * context the prompt showed; every other event of the session was dropped, for `reasonOf`.
 */
export function indexedChecker(
  session: Session,
  kept: readonly IndexedEvent[],
  context: Readonly<Record<string, unknown>> | undefined,
  reasonOf: (index: number) => string | undefined,
  excludedContext?: Readonly<Record<string, unknown>>,
): Checker {
  return new IndexedChecker(session, kept, context, reasonOf, excludedContext);
}

// The facts of a whole session, indexed once for as long as the session object lives: its
// distinct texts, URLs and selectors, each with the events that hold it, its sorted times, and
// the totals of each count topic. Grounding asks it which events hold a claim, then keeps those
// the prompt showed (or left out): a second answer about the same session (the studio after an
// edit, a suite's second case on one fixture) reads the index instead of every event again.

import type { Session, SessionEvent } from '../session/session-schema.js';
import { ListStats, type EventStats } from './count-topics.js';
import { distinctStrings, earliest, holding, type DistinctStrings } from './distinct-strings.js';
import { lastsOver, widestGap, type Duration } from './durations.js';
import { visitEventTexts } from './event-strings.js';
import { looseText, mostOf, normalText } from './normal-text.js';
import { RangeStats } from './range-stats.js';
import { mayMatch, selectorParts, selectorPartsMatch } from './selector-match.js';
import type { SessionFacts } from './session-facts.js';
import { urlIndex, type UrlIndex } from './url-index.js';
import { holdsQuery } from './url-keys.js';

/**
 * Which events a side of the prompt (shown, or left out) accepts, as the first accepted event of
 * an ascending list of session indices.
 */
export type FirstAccepted = (events: readonly number[]) => number | undefined;

/** How many runs of events `runFacts` keeps the facts of. */
const RUN_FACTS = 4;

/** The whole-session facts grounding looks claims up in. Built lazily, part by part. */
export class SessionIndex {
  readonly #events: readonly SessionEvent[];
  readonly #length: number;
  #texts: DistinctStrings | undefined;
  #looseTexts: DistinctStrings | undefined;
  #selectors: DistinctStrings | undefined;
  #selectorParts: readonly (string[][] | undefined)[] | undefined;
  #byLength: readonly number[] | undefined;
  #urls: UrlIndex | undefined;
  #times: { readonly sorted: Float64Array; readonly widestGap: number } | undefined;
  #positions: ReadonlyMap<string, Int32Array> | undefined;
  #stats: EventStats | undefined;
  readonly #runFacts = new Map<string, SessionFacts>();

  constructor(events: readonly SessionEvent[]) {
    this.#events = events;
    this.#length = events.length;
  }

  get size(): number {
    return this.#events.length;
  }

  /** Whether this is the index of `events` as they are now (the same array, of the same length). */
  indexes(events: readonly SessionEvent[]): boolean {
    return events === this.#events && events.length === this.#length;
  }

  /** Whether the index of a kind of claim is built (the first claim of that kind that needs it builds it). */
  built(kind: 'text' | 'url' | 'selector'): boolean {
    return (kind === 'text' ? this.#texts : kind === 'url' ? this.#urls : this.#selectors) !== undefined;
  }

  /**
   * The facts of the events `from` to `to` (exclusive), as recorded, from `make`: kept for the
   * last few runs asked for, so that answers about one slice of a big session read its events
   * once while the session's index is not built.
   */
  runFacts(from: number, to: number, make: () => SessionFacts): SessionFacts {
    const key = `${from}:${to}`;
    let facts = this.#runFacts.get(key);
    if (facts === undefined) {
      facts = make();
      this.#runFacts.set(key, facts);
      for (const oldest of this.#runFacts.keys()) {
        if (this.#runFacts.size <= RUN_FACTS) break;
        this.#runFacts.delete(oldest);
      }
    }
    return facts;
  }

  /** The first accepted event holding a text that is `needle` (both as `normalText` makes them). */
  textEqual(needle: string, first: FirstAccepted): number | undefined {
    if (needle === '') return undefined;
    const texts = (this.#texts ??= distinctStrings(this.#events, visitEventTexts, normalText));
    const id = texts.idOf.get(needle);
    return id === undefined ? undefined : first(texts.events[id] as readonly number[]);
  }

  /** The first accepted event holding a text that holds `needle` (normalized). */
  textHolding(needle: string, first: FirstAccepted): number | undefined {
    if (needle === '') return undefined;
    const texts = (this.#texts ??= distinctStrings(this.#events, visitEventTexts, normalText));
    return earliest(holding(texts, needle, 'words'), texts, first);
  }

  /** The first accepted event holding a text that holds the number `needle` as a token of its own (see indexOfAmount). */
  amountHolding(needle: string, first: FirstAccepted): number | undefined {
    if (needle === '') return undefined;
    const texts = (this.#texts ??= distinctStrings(this.#events, visitEventTexts, normalText));
    return earliest(holding(texts, needle, 'number'), texts, first);
  }

  /** The first accepted event holding a text that holds `needle` (`looseText`) as whole words, whatever punctuation parts the words of either. */
  textLoose(needle: string, first: FirstAccepted): number | undefined {
    if (needle === '') return undefined;
    const texts = (this.#looseTexts ??= distinctStrings(this.#events, visitEventTexts, looseText));
    return earliest(holding(texts, needle, 'words'), texts, first);
  }

  /** The first accepted event holding a text that holds `needle` (normalized) anywhere, inside a word too. */
  textPiece(needle: string, first: FirstAccepted): number | undefined {
    if (needle === '') return undefined;
    const texts = (this.#texts ??= distinctStrings(this.#events, visitEventTexts, normalText));
    return earliest(holding(texts, needle), texts, first);
  }

  /** The first accepted event holding a text that is most of `needle` (normalized; see `mostOf`). */
  textWithin(needle: string, first: FirstAccepted): number | undefined {
    if (needle === '') return undefined;
    const texts = (this.#texts ??= distinctStrings(this.#events, visitEventTexts, normalText));
    // Distinct texts by length: only those of 60 % to 100 % of the quote's length can be most of it.
    const byLength = (this.#byLength ??= texts.strings.map((_, id) => id).sort((left, right) => (texts.strings[left] as string).length - (texts.strings[right] as string).length));
    const shortest = Math.max(4, needle.length * 0.6);
    let low = 0;
    let high = byLength.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((texts.strings[byLength[middle] as number] as string).length < shortest) low = middle + 1;
      else high = middle;
    }
    function* candidates(): Generator<number> {
      for (let position = low; position < byLength.length; position++) {
        const id = byLength[position] as number;
        const text = texts.strings[id] as string;
        if (text.length > needle.length) return;
        if (mostOf(text, needle)) yield id;
      }
    }
    return earliest(candidates(), texts, first);
  }

  /** The first accepted event whose target selector holds `needle` (`normalSelector`). */
  selector(needle: string, first: FirstAccepted): number | undefined {
    const selectors = (this.#selectors ??= distinctStrings(this.#events, (event, visit) => visit(event.target?.selector ?? ''), (text) => text.toLowerCase()));
    const found = earliest(holding(selectors, needle, 'names'), selectors, first);
    if (found !== undefined) return found;
    // Else one that selects it written another way (`#cookie-banner .accept-all`).
    const claim = selectorParts(needle);
    if (claim === undefined || !mayMatch(selectors.joined, claim)) return undefined;
    const parts = (this.#selectorParts ??= selectors.strings.map((text) => (text === '' ? undefined : selectorParts(text))));
    return earliest(
      parts.flatMap((recorded, id) => (recorded !== undefined && selectorPartsMatch(recorded, claim) ? [id] : [])),
      selectors,
      first,
    );
  }

  /** The first accepted event with URL `normal` (`normalUrl`). */
  urlExact(normal: string, first: FirstAccepted): number | undefined {
    const events = (this.#urls ??= urlIndex(this.#events)).full.get(normal);
    return events === undefined ? undefined : first(events);
  }

  /** The first accepted event with path `normal` (`normalUrl`; for a claim that is a path), or this URL with any query. */
  urlLoose(normal: string, first: FirstAccepted): number | undefined {
    const urls = (this.#urls ??= urlIndex(this.#events));
    const events = normal.startsWith('/') ? urls.paths.get(normal) : normal.includes('?') ? undefined : urls.bare.get(normal);
    return events === undefined ? undefined : first(events);
  }

  /** The first accepted event with the page of `normal` (a URL or path with a query) and its query's parameters among others (`holdsQuery`): read over the distinct URLs, for a claim no key finds. */
  urlWithQuery(normal: string, first: FirstAccepted): number | undefined {
    let best: number | undefined;
    for (const [url, events] of (this.#urls ??= urlIndex(this.#events)).full) {
      if (!holdsQuery(url, normal)) continue;
      const found = first(events);
      if (found !== undefined && (best === undefined || found < best)) best = found;
    }
    return best;
  }

  /** What the count topics read of the whole session. */
  get stats(): EventStats {
    this.#stats ??= new ListStats(this.#events);
    return this.#stats;
  }

  /** What the count topics read of the events `from` (inclusive) to `to` (exclusive), without reading the others. */
  statsOf(from: number, to: number): EventStats {
    return new RangeStats(this.#events, this.#positionsByType(), from, to);
  }

  /** Whether a duration fits the whole session (or its events `from` to `to`): their span, or the time between two of them. */
  lasts(duration: Duration, from = 0, to = this.#events.length): boolean {
    // The loader sorts events by time.
    this.#times ??= (() => {
      const sorted = new Float64Array(this.#events.length);
      for (let index = 0; index < sorted.length; index++) sorted[index] = (this.#events[index] as SessionEvent).time;
      return { sorted, widestGap: widestGap(sorted) };
    })();
    const whole = from === 0 && to === this.#events.length;
    return lastsOver(this.#times.sorted, duration, whole ? this.#times.widestGap : widestGap(this.#times.sorted, from, to), from, to);
  }

  /** The indices of the events of each type, ascending. */
  #positionsByType(): ReadonlyMap<string, Int32Array> {
    if (this.#positions === undefined) {
      const lists = new Map<string, number[]>();
      this.#events.forEach((event, index) => {
        const list = lists.get(event.type);
        if (list === undefined) lists.set(event.type, [index]);
        else list.push(index);
      });
      this.#positions = new Map([...lists].map(([type, list]) => [type, Int32Array.from(list)]));
    }
    return this.#positions;
  }
}

const indices = new WeakMap<Session, SessionIndex>();

/**
 * The index of `session`, built on first use and kept while the session object lives; built again
 * when the session's event list is another array or has another length (an event changed in place
 * is not noticed: a session is data, and a changed one is a new object).
 */
export function sessionIndexOf(session: Session): SessionIndex {
  let index = indices.get(session);
  if (index === undefined || !index.indexes(session.events)) indices.set(session, (index = new SessionIndex(session.events)));
  return index;
}

// What one side of a session (the events the prompt showed, or the ones it left out) can support:
// its event indices, URLs and paths, texts, selectors, counts and times. Each index is built the
// first time a claim needs it, so an answer with no URL never reads a URL.

import type { SessionEvent } from '../session/session-schema.js';
import type { IndexedEvent } from '../pipeline/indexed-event.js';
import { ListStats, type CountTopic, type EventStats } from './count-topics.js';
import { lastsOver, type Duration } from './durations.js';
import { eventTexts, eventUrls, visitEventTexts } from './event-strings.js';
import { indexOfAmount, indexOfWords, looseText, mayHoldWords, mostOf, normalText, wordsOf } from './normal-text.js';
import { indexOfSelector, mayMatch, selectorParts, selectorPartsMatch } from './selector-match.js';
import { holdsQuery, hostKey, idParentKey, normalUrl, pathKeys, withoutQuery } from './url-keys.js';

/** A selector claim as selectors are searched: lower case, one space around `>`. */
export function normalSelector(selector: string): string {
  return selector.trim().toLowerCase().replace(/\s*>\s*/g, ' > ');
}

/** The facts of a list of events, built lazily. */
export class SessionFacts {
  readonly #events: readonly IndexedEvent[];
  #indices: Map<number, IndexedEvent> | undefined;
  #urls: { full: Map<string, number>; bare: Map<string, number>; paths: Map<string, number> } | undefined;
  #texts: { text: string; starts: number[] } | undefined;
  #looseTexts: { text: string; starts: number[] } | undefined;
  #words: ReadonlySet<string> | undefined;
  #equal: Map<string, number> | undefined;
  #selectors: { text: string; starts: number[] } | undefined;
  #selectorParts: (string[][] | undefined)[] | undefined;
  #offsets: number[] | undefined;
  #stats: EventStats | undefined;

  constructor(events: readonly IndexedEvent[]) {
    this.#events = events;
  }

  /** The recorded events (not the context's pseudo-event, index -1). */
  #recorded(): readonly IndexedEvent[] {
    return this.#events.filter(({ index }) => index >= 0);
  }

  get size(): number {
    return this.#recorded().length;
  }

  /** The event at session index `index`, when it is one of these. */
  event(index: number): IndexedEvent | undefined {
    this.#indices ??= new Map(this.#events.map((indexed) => [indexed.index, indexed]));
    return this.#indices.get(index);
  }

  /** The index of an event with URL `normal` ({@link normalUrl}). */
  urlExact(normal: string): number | undefined {
    return this.#urlIndex().full.get(normal);
  }

  /** The index of an event with path `normal` ({@link normalUrl}; for a claim that is a path; with its query, when the claim has one), or this URL with any query. */
  urlLoose(normal: string): number | undefined {
    if (normal.startsWith('/')) return this.#urlIndex().paths.get(normal);
    return normal.includes('?') ? undefined : this.#urlIndex().bare.get(normal);
  }

  /** The index of an event with the page of `normal` (a URL or path with a query) and its query's parameters among others ({@link holdsQuery}). */
  urlWithQuery(normal: string): number | undefined {
    // Insertion order is event order: the first URL that holds it is the earliest event's.
    for (const [url, index] of this.#urlIndex().full) if (holdsQuery(url, normal)) return index;
    return undefined;
  }

  #urlIndex(): { full: Map<string, number>; bare: Map<string, number>; paths: Map<string, number> } {
    if (this.#urls === undefined) {
      const urls = { full: new Map<string, number>(), bare: new Map<string, number>(), paths: new Map<string, number>() };
      for (const { index, event } of this.#events) {
        for (const url of eventUrls(event)) {
          const normal = normalUrl(url);
          if (!urls.full.has(normal)) urls.full.set(normal, index);
          const bare = withoutQuery(normal);
          if (!urls.bare.has(bare)) urls.bare.set(bare, index);
          const host = hostKey(normal);
          if (host !== undefined && !urls.bare.has(host)) urls.bare.set(host, index);
          const parent = bare.startsWith('/') ? undefined : idParentKey(bare);
          if (parent !== undefined && !urls.bare.has(parent)) urls.bare.set(parent, index);
          for (const path of pathKeys(normal, bare)) if (!urls.paths.has(path)) urls.paths.set(path, index);
        }
      }
      this.#urls = urls;
    }
    return this.#urls;
  }

  /** The index of an event one of whose texts is `needle` (texts and needle as {@link normalText} makes them). */
  textEqual(needle: string): number | undefined {
    if (this.#equal === undefined) {
      this.#equal = new Map();
      for (const { index, event } of this.#events) {
        visitEventTexts(event, (text) => {
          const normal = normalText(text);
          if (!this.#equal?.has(normal)) this.#equal?.set(normal, index);
        });
      }
    }
    return needle === '' ? undefined : this.#equal.get(needle);
  }

  /** The index of an event one of whose texts holds `needle` (normalized) as whole words. */
  textHolding(needle: string): number | undefined {
    return this.#holding(needle, indexOfWords);
  }

  /** As textHolding, for a number: one a text holds as a token of its own (see {@link indexOfAmount}), not part of a date, time or version, nor bare in a text that writes its amounts with a sign. */
  amountHolding(needle: string): number | undefined {
    return this.#holding(needle, indexOfAmount);
  }

  /** The event whose text `indexOf` finds `needle` in (whole words at least). */
  #holding(needle: string, indexOf: (text: string, needle: string) => number): number | undefined {
    this.#texts ??= joined(this.#events, (event) => eventTexts(event).map(normalText));
    if (needle === '') return undefined;
    // Most needles looked for here are not there (a later answer about a prompt asks again and
    // again): the words of the texts, made once, turn those away without a search.
    this.#words ??= wordsOf(this.#texts.text);
    if (!mayHoldWords(this.#words, needle)) return undefined;
    const found = indexOf(this.#texts.text, needle);
    return found === -1 ? undefined : eventAt(this.#events, this.#texts.starts, found);
  }

  /** The index of an event one of whose texts holds `needle` ({@link looseText}) as whole words, whatever punctuation parts the words of either. */
  textLoose(needle: string): number | undefined {
    this.#looseTexts ??= joined(this.#events, (event) => eventTexts(event).map(looseText));
    const found = needle === '' ? -1 : indexOfWords(this.#looseTexts.text, needle);
    return found === -1 ? undefined : eventAt(this.#events, this.#looseTexts.starts, found);
  }

  /** The index of an event one of whose texts holds `needle` (normalized) anywhere, inside a word too (`order` in `placeorderbtn`). */
  textPiece(needle: string): number | undefined {
    this.#texts ??= joined(this.#events, (event) => eventTexts(event).map(normalText));
    if (needle === '') return undefined;
    const found = this.#texts.text.indexOf(needle);
    return found === -1 ? undefined : eventAt(this.#events, this.#texts.starts, found);
  }

  /** The index of an event one of whose texts is most of `needle` (normalized): a quote that adds a word or two to an element's text ("the Apply coupon button"). */
  textWithin(needle: string): number | undefined {
    if (needle === '') return undefined;
    for (const { index, event } of this.#events) {
      for (const text of eventTexts(event)) {
        if (mostOf(normalText(text), needle)) return index;
      }
    }
    return undefined;
  }

  /**
   * The index of an event whose target selector holds `needle` ({@link normalSelector}), else of
   * one whose selector selects it written another way ({@link selectorPartsMatch}).
   */
  selector(needle: string): number | undefined {
    this.#selectors ??= joined(this.#events, (event) => [(event.target?.selector ?? '').toLowerCase()]);
    const found = indexOfSelector(this.#selectors.text, needle);
    if (found !== -1) return eventAt(this.#events, this.#selectors.starts, found);
    const claim = selectorParts(needle);
    if (claim === undefined || !mayMatch(this.#selectors.text, claim)) return undefined;
    this.#selectorParts ??= this.#events.map(({ event }) => (event.target?.selector === undefined ? undefined : selectorParts(event.target.selector)));
    const position = this.#selectorParts.findIndex((parts) => parts !== undefined && selectorPartsMatch(parts, claim));
    return position === -1 ? undefined : this.#events[position]?.index;
  }

  /** The totals the topic may mean over these events. */
  countTotals(topic: CountTopic): ReadonlySet<number> {
    this.#stats ??= new ListStats(this.#recorded().map(({ event }) => event));
    return topic.totals(this.#stats);
  }

  /** Whether a duration fits these events: their span, or the time between two of them (within the tolerance). */
  lasts(duration: Duration): boolean {
    this.#offsets ??= this.#recorded()
      .map(({ event }) => event.time)
      .sort((left, right) => left - right);
    return lastsOver(this.#offsets, duration);
  }
}

/** One searchable text of every event's strings, each line starting where `starts` says. */
function joined(events: readonly IndexedEvent[], texts: (event: SessionEvent) => string[]): { text: string; starts: number[] } {
  const parts: string[] = [];
  const starts: number[] = [];
  let length = 0;
  for (const { event } of events) {
    starts.push(length);
    const line = `${texts(event).join('\u0001')}\u0000`;
    parts.push(line);
    length += line.length;
  }
  return { text: parts.join(''), starts };
}

function eventAt(events: readonly IndexedEvent[], starts: readonly number[], position: number): number | undefined {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if ((starts[middle] as number) <= position) low = middle;
    else high = middle - 1;
  }
  return events[low]?.index;
}

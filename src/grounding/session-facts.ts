// What one side of a session (the events the prompt showed, or the ones it left out) can support:
// its event indices, URLs and paths, texts, selectors, counts and times. Each index is built the
// first time a claim needs it, so an answer with no URL never reads a URL.

import type { SessionEvent } from '../session/session-schema.js';
import type { IndexedEvent } from '../pipeline/indexed-event.js';
import { ListStats, type CountTopic, type EventStats } from './count-topics.js';
import { indexOfWords, mayHoldWords, mostOf, normalText, wordsOf } from './normal-text.js';
import { mayMatch, selectorParts, selectorPartsMatch } from './selector-match.js';

export { indexOfWords, mostOf, normalText };

/** A selector claim as selectors are searched: lower case, one space around `>`. */
export function normalSelector(selector: string): string {
  return selector.trim().toLowerCase().replace(/\s*>\s*/g, ' > ');
}

/** `shop.example/cart` for `https://www.shop.example/cart/`: no scheme, `www.`, trailing slash or fragment. */
export function normalUrl(url: string): string {
  return url
    .trim()
    .toLowerCase()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
    .replace(/^www\./, '')
    .replace(/#.*$/, '')
    .replace(/\/+(?=\?|$)/, '');
}

export const withoutQuery = (url: string): string => url.replace(/\?.*$/, '');

/** The site of a URL (`shop.example` for `shop.example/cart?x=1`), which a claim of the site alone (`https://shop.example`) finds it by; none for a path. */
export function hostKey(normal: string): string | undefined {
  if (normal.startsWith('/')) return undefined;
  const end = normal.search(/[/?]/);
  return end === -1 ? undefined : normal.slice(0, end);
}

/**
 * The keys a path claim finds a URL by: its path, its path with the query (`/cart`, `/cart?step=2`),
 * and each section it is under (`/c/*`, `/c/women/*` for `/c/women`), which a claim of a section
 * (`pages under /c/`) finds it by.
 */
export function pathKeys(normal: string, bare = withoutQuery(normal)): string[] {
  const slash = bare.startsWith('/') ? 0 : bare.indexOf('/');
  if (slash === -1) return [];
  const path = bare.slice(slash);
  const keys = normal.length === bare.length ? [path] : [path, normal.slice(slash)];
  for (let end = path.indexOf('/', 1); end !== -1; end = path.indexOf('/', end + 1)) keys.push(`${path.slice(0, end)}/*`);
  keys.push(`${path}/*`);
  return keys;
}

/** The key of a path claim that names a section (`/c/`, `/api/*`): `/c/*`; undefined for any other claim. */
export function sectionKey(claim: string): string | undefined {
  const section = /^(\/[^?#\s]*?)\/\*?$/.exec(claim.trim());
  return section === null || section[1] === undefined || section[1] === '' ? undefined : `${normalUrl(section[1])}/*`;
}

/** Calls `visit` with each string, number and boolean (as a string) of `value`, nested ones too. */
function visitValue(value: unknown, visit: (text: string) => void): void {
  if (typeof value === 'string') visit(value);
  else if (typeof value === 'number' || typeof value === 'boolean') visit(String(value));
  else if (Array.isArray(value)) for (const item of value) visitValue(item, visit);
  else if (value !== null && typeof value === 'object') for (const item of Object.values(value)) visitValue(item, visit);
}

const TEXT_FIELDS = ['name', 'title', 'value', 'message', 'text', 'url', 'method', 'status'] as const;

/** Calls `visit` with each string of an event a quote may come from: type, texts, values, messages, names, titles, properties. */
export function visitEventTexts(event: SessionEvent, visit: (text: string) => void): void {
  visit(event.type);
  for (const key of TEXT_FIELDS) visitValue(event[key], visit);
  visitValue(event.target?.text, visit);
  visitValue(event.target?.selector, visit);
  visitValue(event.properties, visit);
  // `failed_submissions: 4`, `status: 500`: a field or property with its value, as the prompt showed it.
  for (const key of PAIR_FIELDS) visitPairs(key, event[key], visit);
  visitPairs('', event.properties, visit);
}

const PAIR_FIELDS = ['method', 'status', 'count'] as const;

/** Calls `visit` with `key: value` for each scalar of `value` under its own key (nested ones too). */
function visitPairs(key: string, value: unknown, visit: (text: string) => void): void {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
    if (key !== '') visit(`${key}: ${String(value)}`);
  } else if (Array.isArray(value)) for (const item of value) visitPairs(key, item, visit);
  else if (value !== null && typeof value === 'object') for (const [child, item] of Object.entries(value)) visitPairs(child, item, visit);
}

/** A quote of a field with its value (`failed_submissions=4`, `"status": 500`) as the prompt's texts hold it: `failed_submissions: 4`. */
export function pairText(quote: string): string | undefined {
  const pair = /^["']?([\w.$-]+)["']?\s*(?:=|:)\s*["']?([^"'\n]*?)["']?$/.exec(quote.trim());
  return pair === null ? undefined : `${pair[1]}: ${pair[2]}`;
}

/** The strings of an event a quote may come from, in {@link visitEventTexts} order. */
function eventTexts(event: SessionEvent): string[] {
  const texts: string[] = [];
  visitEventTexts(event, (text) => texts.push(text));
  return texts;
}

/** Whether `text` starts as a URL or a path does: `http://`, `https://` (any case) or `/`. */
function isUrlLike(text: string): boolean {
  const head = text.charCodeAt(0);
  if (head === 47) return true;
  return (head === 104 || head === 72) && /^https?:\/\//i.test(text);
}

/** Calls `visit` with each URL-like string of `value`, nested ones too. */
function visitUrls(value: unknown, visit: (url: string) => void): void {
  if (typeof value === 'string') {
    if (isUrlLike(value)) visit(value);
  } else if (Array.isArray(value)) for (const item of value) visitUrls(item, visit);
  else if (value !== null && typeof value === 'object') for (const item of Object.values(value)) visitUrls(item, visit);
}

/** Calls `visit` with each URL and path an event holds: its URL, href, referrer, and URL-like texts, values and property values (a copied invite link). */
export function visitEventUrls(event: SessionEvent, visit: (url: string) => void): void {
  visitUrls(event.url, visit);
  visitUrls((event as { href?: unknown }).href, visit);
  visitUrls((event as { referrer?: unknown }).referrer, visit);
  visitUrls(event.text, visit);
  visitUrls(event.value, visit);
  visitUrls(event.properties, visit);
}

/** The URLs and paths an event holds, in {@link visitEventUrls} order. */
function eventUrls(event: SessionEvent): string[] {
  const urls: string[] = [];
  visitEventUrls(event, (url) => urls.push(url));
  return urls;
}

/** The facts of a list of events, built lazily. */
export class SessionFacts {
  readonly #events: readonly IndexedEvent[];
  #indices: Map<number, IndexedEvent> | undefined;
  #urls: { full: Map<string, number>; bare: Map<string, number>; paths: Map<string, number> } | undefined;
  #texts: { text: string; starts: number[] } | undefined;
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
    this.#texts ??= joined(this.#events, (event) => eventTexts(event).map(normalText));
    if (needle === '') return undefined;
    // Most needles looked for here are not there (a later answer about a prompt asks again and
    // again): the words of the texts, made once, turn those away without a search.
    this.#words ??= wordsOf(this.#texts.text);
    if (!mayHoldWords(this.#words, needle)) return undefined;
    const found = indexOfWords(this.#texts.text, needle);
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
    const found = this.#selectors.text.indexOf(needle);
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

/**
 * A duration an answer claims: about `seconds` ("after 2 minutes"), at most ("within 2 minutes",
 * "in under a minute") or at least ("more than 5 minutes").
 */
export interface Duration {
  readonly seconds: number;
  readonly bound: 'about' | 'at most' | 'at least';
}

/**
 * Whether a duration fits the times `offsets[from..to)` (sorted, ms), within max(5 s, 25 %): about
 * `seconds` when their span or the time between two of them is; at least `seconds` when their span
 * is; at most `seconds` when two neighbours are no further apart. `widestGap`, the largest gap
 * between neighbours when known, lets a dense list answer at once: no pair can step over a window
 * wider than every gap.
 */
export function lastsOver(offsets: ArrayLike<number>, duration: Duration, widestGap = Number.POSITIVE_INFINITY, from = 0, to = offsets.length): boolean {
  if (to <= from) return false;
  const first = offsets[from] as number;
  const last = offsets[to - 1] as number;
  const wanted = duration.seconds * 1000;
  const tolerance = Math.max(5000, wanted * 0.25);
  if (duration.bound === 'at least') return last - first >= wanted - tolerance;
  if (duration.bound === 'at most') {
    for (let index = from + 1; index < to; index++) if ((offsets[index] as number) - (offsets[index - 1] as number) <= wanted + tolerance) return true;
    return false;
  }
  if (Math.abs(last - first - wanted) <= tolerance) return true;
  if (last - first < wanted - tolerance) return false;
  // Every later event is at most `widestGap` after the one before it: the time from the first
  // event climbs through [wanted - tolerance, wanted + tolerance] without stepping over it.
  if (widestGap <= 2 * tolerance) return true;
  // Some event about `seconds` after another.
  for (let start = from, end = from; start < to; start++) {
    const target = (offsets[start] as number) + wanted;
    while (end < to && (offsets[end] as number) < target - tolerance) end++;
    if (end < to && (offsets[end] as number) <= target + tolerance) return true;
  }
  return false;
}

/** The largest gap between neighbours of sorted `offsets[from..to)`. */
export function widestGap(offsets: ArrayLike<number>, from = 0, to = offsets.length): number {
  let widest = 0;
  for (let position = from + 1; position < to; position++) widest = Math.max(widest, (offsets[position] as number) - (offsets[position - 1] as number));
  return widest;
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

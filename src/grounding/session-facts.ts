// What one side of a session (the events the prompt showed, or the ones it left out) can support:
// its event indices, URLs and paths, texts, selectors, counts and times. Each index is built the
// first time a claim needs it, so an answer with no URL never reads a URL.

import type { SessionEvent } from '../session/session-schema.js';
import type { IndexedEvent } from '../pipeline/indexed-event.js';
import type { CountTopic } from './count-topics.js';

/** Lower case, one space between words, no quotes or sentence punctuation at the ends. */
export function normalText(text: string): string {
  return text
    .toLowerCase()
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/\s+/g, ' ')
    .replace(/^[\s"'.,;:!?]+|[\s"'.,;:!?…]+$/g, '');
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

const withoutQuery = (url: string) => url.replace(/\?.*$/, '');

/** The strings of an event a quote may come from: texts, values, messages, names, titles, properties. */
function eventTexts(event: SessionEvent): string[] {
  const texts: string[] = [event.type];
  const add = (value: unknown) => {
    if (typeof value === 'string') texts.push(value);
    else if (typeof value === 'number' || typeof value === 'boolean') texts.push(String(value));
    else if (Array.isArray(value)) value.forEach(add);
    else if (value !== null && typeof value === 'object') Object.values(value).forEach(add);
  };
  for (const key of ['name', 'title', 'value', 'message', 'text', 'url', 'method', 'status'] as const) add(event[key]);
  add(event.target?.text);
  add(event.target?.selector);
  add(event.properties);
  return texts;
}

function eventUrls(event: SessionEvent): string[] {
  const urls: string[] = [];
  const add = (value: unknown) => {
    if (typeof value === 'string' && /^(?:https?:\/\/|\/)/i.test(value)) urls.push(value);
    else if (Array.isArray(value)) value.forEach(add);
    else if (value !== null && typeof value === 'object') Object.values(value).forEach(add);
  };
  add(event.url);
  add((event as { href?: unknown }).href);
  add((event as { referrer?: unknown }).referrer);
  add(event.properties);
  return urls;
}

/** The facts of a list of events, built lazily. */
export class SessionFacts {
  readonly #events: readonly IndexedEvent[];
  #indices: Map<number, IndexedEvent> | undefined;
  #urls: { full: Map<string, number>; bare: Map<string, number>; paths: Map<string, number> } | undefined;
  #texts: { text: string; starts: number[] } | undefined;
  #selectors: { text: string; starts: number[] } | undefined;
  #offsets: number[] | undefined;

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

  /** The index of an event with this URL or path (scheme, `www.`, case and trailing slash aside). */
  url(claim: string): number | undefined {
    if (this.#urls === undefined) {
      const urls = { full: new Map<string, number>(), bare: new Map<string, number>(), paths: new Map<string, number>() };
      for (const { index, event } of this.#events) {
        for (const url of eventUrls(event)) {
          const normal = normalUrl(url);
          if (!urls.full.has(normal)) urls.full.set(normal, index);
          const bare = withoutQuery(normal);
          if (!urls.bare.has(bare)) urls.bare.set(bare, index);
          const path = bare.startsWith('/') ? bare : bare.slice(bare.indexOf('/') === -1 ? bare.length : bare.indexOf('/'));
          if (path !== '' && !urls.paths.has(path)) urls.paths.set(path, index);
        }
      }
      this.#urls = urls;
    }
    const normal = normalUrl(claim);
    if (normal.startsWith('/')) return this.#urls.full.get(normal) ?? this.#urls.paths.get(withoutQuery(normal));
    return this.#urls.full.get(normal) ?? (normal.includes('?') ? undefined : this.#urls.bare.get(normal));
  }

  /** The index of an event one of whose texts holds `quote` (or, for a quote longer than it, is most of it). */
  text(quote: string): number | undefined {
    this.#texts ??= joined(this.#events, (event) => eventTexts(event).map(normalText));
    const needle = normalText(quote);
    if (needle === '') return undefined;
    const found = this.#texts.text.indexOf(needle);
    if (found !== -1) return eventAt(this.#events, this.#texts.starts, found);
    // A quote that adds a word or two to an element's text ("the Apply coupon button").
    for (const { index, event } of this.#events) {
      for (const text of eventTexts(event)) {
        const normal = normalText(text);
        if (normal.length >= 4 && normal.length >= needle.length * 0.6 && needle.includes(normal)) return index;
      }
    }
    return undefined;
  }

  /** The index of an event whose target selector holds `selector`. */
  selector(selector: string): number | undefined {
    this.#selectors ??= joined(this.#events, (event) => [(event.target?.selector ?? '').toLowerCase()]);
    const needle = selector.trim().toLowerCase().replace(/\s*>\s*/g, ' > ');
    const found = this.#selectors.text.indexOf(needle);
    return found === -1 ? undefined : eventAt(this.#events, this.#selectors.starts, found);
  }

  /** Whether `count` is one of the totals the topic may mean over these events. */
  counts(topic: CountTopic, count: number): boolean {
    return topic.totals(this.#recorded().map(({ event }) => event)).has(count);
  }

  /** Whether `seconds` fits these events: their span, or the time between two of them (within the tolerance). */
  lasts(seconds: number): boolean {
    this.#offsets ??= this.#recorded()
      .map(({ event }) => event.time)
      .sort((left, right) => left - right);
    const offsets = this.#offsets;
    const first = offsets[0];
    const last = offsets.at(-1);
    if (first === undefined || last === undefined) return false;
    const wanted = seconds * 1000;
    const tolerance = Math.max(5000, wanted * 0.25);
    if (Math.abs(last - first - wanted) <= tolerance) return true;
    // Some event about `seconds` after another.
    for (let from = 0, to = 0; from < offsets.length; from++) {
      const target = (offsets[from] as number) + wanted;
      while (to < offsets.length && (offsets[to] as number) < target - tolerance) to++;
      if (to < offsets.length && (offsets[to] as number) <= target + tolerance) return true;
    }
    return false;
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

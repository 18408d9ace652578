// What a count in an answer counts: the words models use for the event types of the spec
// ("dead clicks", "failed requests", "JS errors", "pages") and the totals each may mean. A count
// is supported when it equals one of its topic's totals over the events the prompt showed.

import { EVENT_TYPES } from '../session/event-types.js';
import type { SessionEvent } from '../session/session-schema.js';

/** What the count topics read of some events. */
export interface EventStats {
  /** How many events there are. */
  readonly length: number;
  /** How many events have this type. */
  of(type: string): number;
  /** The `count`s recorded on events of this type (how many clicks a rage click was). */
  recordedCounts(type: string): ReadonlySet<number>;
  /** How many distinct pages (URLs without query or fragment) were navigated to. */
  readonly pages: number;
  /** How many click-like events each element received (a rage click counting its clicks), and every recorded count. */
  readonly clicksPerElement: ReadonlySet<number>;
}

/** The click-like event types. */
export const CLICKS: readonly string[] = ['click', 'dead-click', 'rage-click', 'error-click'];

/** The page of a navigation, for counting distinct pages: its URL without query or fragment. */
export const pageOf = (url: string): string => url.split(/[?#]/)[0] as string;

/** Adds a click-like event to the clicks per element (`byTarget`) and the recorded counts (`totals`). */
export function countClick(event: SessionEvent, byTarget: Map<string, number>, totals: Set<number>): void {
  const key = event.target?.selector ?? event.target?.text ?? '';
  byTarget.set(key, (byTarget.get(key) ?? 0) + (event.type === 'rage-click' && typeof event.count === 'number' ? event.count : 1));
  if (typeof event.count === 'number') totals.add(event.count);
}

/**
 * The stats of a list of events, gathered in one pass: events by type and the counts recorded on
 * them; the rarer totals (pages, clicks per element) when first asked.
 */
export class ListStats implements EventStats {
  readonly #events: readonly SessionEvent[];
  readonly #byType = new Map<string, number>();
  readonly #recordedCounts = new Map<string, Set<number>>();
  #pages: number | undefined;
  #perTarget: ReadonlySet<number> | undefined;

  constructor(events: readonly SessionEvent[]) {
    this.#events = events;
    for (const event of events) {
      this.#byType.set(event.type, (this.#byType.get(event.type) ?? 0) + 1);
      if (typeof event.count !== 'number') continue;
      let counts = this.#recordedCounts.get(event.type);
      if (counts === undefined) this.#recordedCounts.set(event.type, (counts = new Set()));
      counts.add(event.count);
    }
  }

  get length(): number {
    return this.#events.length;
  }

  /** How many events have this type. */
  of(type: string): number {
    return this.#byType.get(type) ?? 0;
  }

  /** The `count`s recorded on events of this type (how many clicks a rage click was). */
  recordedCounts(type: string): ReadonlySet<number> {
    return this.#recordedCounts.get(type) ?? new Set();
  }

  /** How many distinct pages (URLs without query or fragment) were navigated to. */
  get pages(): number {
    this.#pages ??= new Set(this.#events.flatMap((event) => (event.type === 'navigate' && typeof event.url === 'string' ? [pageOf(event.url)] : []))).size;
    return this.#pages;
  }

  /** How many click-like events each element received (a rage click counting its clicks), and every recorded count. */
  get clicksPerElement(): ReadonlySet<number> {
    if (this.#perTarget === undefined) {
      const byTarget = new Map<string, number>();
      const totals = new Set<number>();
      for (const event of this.#events) {
        if (CLICKS.includes(event.type)) countClick(event, byTarget, totals);
      }
      for (const total of byTarget.values()) totals.add(total);
      this.#perTarget = totals;
    }
    return this.#perTarget;
  }
}

/** A topic of counts: its name and the totals a count of it may stand for. */
export interface CountTopic {
  readonly name: string;
  /** Every total the words may mean, over the events of `stats`. */
  totals(stats: EventStats): Set<number>;
}

const ofTypes =
  (...alternatives: readonly (readonly string[])[]) =>
  (stats: EventStats): Set<number> =>
    new Set(alternatives.map((types) => types.reduce((sum, type) => sum + stats.of(type), 0)));

/** Rage clicks are recorded with how many clicks they were (`count`): "rage-clicked 5 times". */
const clickCounts = (type: string) => {
  const ofType = ofTypes([type]);
  return (stats: EventStats): Set<number> => {
    const totals = ofType(stats);
    for (const count of stats.recordedCounts(type)) totals.add(count);
    return totals;
  };
};

const clicksOfEveryKind = ofTypes(['click'], CLICKS);
const rageClicks = clickCounts('rage-click');

/** "13 clicks" (click events, or clicks of every kind), or "5 clicks" of one rage click. */
const clicksOrRageClicks = (stats: EventStats): Set<number> => {
  const totals = clicksOfEveryKind(stats);
  for (const total of rageClicks(stats)) totals.add(total);
  return totals;
};

const navigations = ofTypes(['navigate']);
const distinctPages = (stats: EventStats): Set<number> => navigations(stats).add(stats.pages);

// Longest phrases first: the alternation takes the first that matches.
const TOPICS: readonly { readonly words: string; readonly topic: CountTopic }[] = [
  { words: 'rage[- ]?clicks?', topic: { name: 'rage-click', totals: clickCounts('rage-click') } },
  { words: 'dead[- ]?clicks?', topic: { name: 'dead-click', totals: clickCounts('dead-click') } },
  { words: 'error[- ]?clicks?', topic: { name: 'error-click', totals: ofTypes(['error-click']) } },
  { words: '(?:console|javascript|js|script|client[- ]side) errors?', topic: { name: 'console-error', totals: ofTypes(['console-error']) } },
  {
    words: '(?:network|http|api|server|request) (?:errors?|failures?)|failed (?:network |api |http |xhr |fetch )?(?:requests?|calls?)|request failures?',
    topic: { name: 'network-error', totals: ofTypes(['network-error']) },
  },
  { words: 'errors?', topic: { name: 'errors', totals: ofTypes(['console-error', 'network-error'], ['console-error', 'network-error', 'error-click'], ['console-error'], ['network-error']) } },
  { words: 'clicks?', topic: { name: 'click', totals: clicksOrRageClicks } },
  { words: 'input changes?|(?:form )?inputs?|field (?:changes|edits)', topic: { name: 'input-change', totals: ofTypes(['input-change']) } },
  { words: 'page ?views?|page loads?|navigations?|pages?', topic: { name: 'navigate', totals: distinctPages } },
  { words: 'highlights?|text selections?', topic: { name: 'highlight', totals: ofTypes(['highlight']) } },
  { words: 'mouse[- ]thrash(?:es|ing)?', topic: { name: 'mouse-thrash', totals: ofTypes(['mouse-thrash']) } },
  { words: 'pastes?|paste events?', topic: { name: 'paste', totals: ofTypes(['paste']) } },
  { words: 'cop(?:y|ies) events?', topic: { name: 'copy', totals: ofTypes(['copy']) } },
  { words: 'custom events?', topic: { name: 'custom', totals: ofTypes(['custom']) } },
  { words: 'events?', topic: { name: 'events', totals: (stats) => new Set([stats.length]) } },
];

const compiled = TOPICS.map(({ words, topic }) => ({ pattern: new RegExp(`^(?:${words})$`, 'i'), topic }));

/** "clicked Apply coupon 4 times": how many click-like events one element received. */
const CLICKS_ON_ONE_ELEMENT: CountTopic = { name: 'clicks on one element', totals: (stats) => new Set(stats.clicksPerElement) };

/** "10 element-seen events": the events of one type. */
const typeTopics = new Map<string, CountTopic>();
function typeTopic(type: string): CountTopic {
  let topic = typeTopics.get(type);
  if (topic === undefined) typeTopics.set(type, (topic = { name: type, totals: ofTypes([type]) }));
  return topic;
}

/** The count topics, as the claim finder uses them. */
export const countTopics = {
  /** The alternation of every topic's words, for a regular expression. */
  pattern: TOPICS.map(({ words }) => `(?:${words})`).join('|'),
  /**
   * The topic of the words matched, e.g. "dead clicks"; `qualifiers` are the words before them,
   * and an event type among them narrows "events" to that type ("10 element-seen events").
   */
  of(words: string, qualifiers = ''): CountTopic | undefined {
    const topic = compiled.find(({ pattern }) => pattern.test(words.trim()))?.topic;
    if (topic?.name !== 'events') return topic;
    const type = qualifiers.trim().toLowerCase().replace(/\s+/g, '-');
    return (EVENT_TYPES as readonly string[]).includes(type) ? typeTopic(type) : topic;
  },
  /** The topic of "<verb> N times": rage-clicked, dead-clicked, clicked. */
  times(verb: string): CountTopic | undefined {
    if (verb.startsWith('rage')) return TOPICS[0]?.topic;
    if (verb.startsWith('dead')) return TOPICS[1]?.topic;
    return CLICKS_ON_ONE_ELEMENT;
  },
};

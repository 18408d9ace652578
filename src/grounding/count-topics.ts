// What a count in an answer counts: the words models use for the event types of the spec
// ("dead clicks", "failed requests", "JS errors", "pages") and the totals each may mean. A count
// is supported when it equals one of its topic's totals over the events the prompt showed.

import { EVENT_TYPES } from '../session/event-types.js';
import type { SessionEvent } from '../session/session-schema.js';
import { indexOfWords, mostOf, normalText } from './normal-text.js';
import { mayMatch, selectorParts, selectorPartsMatch } from './selector-match.js';

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
  /**
   * How many events of these types each element, message or URL had (see {@link countPerTarget}),
   * only those that `accepts` (all without it), each event counting `weight`.
   */
  perTarget(types: readonly string[], accepts?: (name: string) => boolean, weight?: (event: SessionEvent) => number): ReadonlySet<number>;
}

/** The click-like event types. */
export const CLICKS: readonly string[] = ['click', 'dead-click', 'rage-click', 'error-click'];

/** The page of a navigation, for counting distinct pages: its URL without query or fragment. */
export const pageOf = (url: string): string => url.split(/[?#]/)[0] as string;

/** How many clicks a click-like event was: a rage click its recorded count, any other one. */
export const clicksOf = (event: SessionEvent): number => (event.type === 'rage-click' && typeof event.count === 'number' ? event.count : 1);

/**
 * What an event happened on, each way an answer may name it: its element's text and selector, its
 * message (a console error), its URL (a request), a custom event's name; none for an event on the
 * page as a whole.
 */
export function targetsOf(event: SessionEvent): (string | undefined)[] {
  return [event.target?.text, event.target?.selector, event.message, event.url, event.type === 'custom' ? event.name : undefined];
}

/**
 * How many of `events` each target had ("3 dead clicks on "Material"", "2 console errors on
 * "QueryError…""), grouped by each way of naming it ({@link targetsOf}), and how many had none.
 */
export function countPerTarget(events: Iterable<SessionEvent>, accepts: (name: string) => boolean = () => true, weight: (event: SessionEvent) => number = () => 1): Set<number> {
  const byName = [new Map<string, number>(), new Map<string, number>(), new Map<string, number>(), new Map<string, number>(), new Map<string, number>()];
  let untargeted = 0;
  for (const event of events) {
    const targets = targetsOf(event);
    const by = weight(event);
    if (targets.every((target) => target === undefined)) untargeted += by;
    targets.forEach((target, way) => {
      if (target !== undefined && accepts(target)) (byName[way] as Map<string, number>).set(target, ((byName[way] as Map<string, number>).get(target) ?? 0) + by);
    });
  }
  const totals = new Set(byName.flatMap((counts) => [...counts.values()]));
  if (untargeted > 0 && accepts('')) totals.add(untargeted);
  return totals;
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
  readonly #perTarget = new Map<string, ReadonlySet<number>>();
  readonly #perNamedTarget = new WeakMap<(name: string) => boolean, Map<string, ReadonlySet<number>>>();

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

  /**
   * How many events of these types each element, message or URL had. Kept for as long as the
   * stats live (a session's stats live with its index, so a later answer counts nothing again).
   */
  perTarget(types: readonly string[], accepts?: (name: string) => boolean, weight?: (event: SessionEvent) => number): ReadonlySet<number> {
    const key = `${types.join(',')}${weight === undefined ? '' : `/${weight.name}`}`;
    const byKey = accepts === undefined ? this.#perTarget : this.#perNamedTarget.get(accepts) ?? new Map<string, ReadonlySet<number>>();
    if (accepts !== undefined) this.#perNamedTarget.set(accepts, byKey);
    let totals = byKey.get(key);
    if (totals === undefined) byKey.set(key, (totals = countPerTarget(this.#events.filter((event) => types.includes(event.type)), accepts, weight)));
    return totals;
  }
}

/** A topic of counts: its name and the totals a count of it may stand for. */
export interface CountTopic {
  readonly name: string;
  /** The event types it counts: of these, a count said of one element is compared with each element's (see {@link scopedTopic}). */
  readonly types: readonly string[];
  /** Every total the words may mean, over the events of `stats`. */
  totals(stats: EventStats): Set<number>;
  /** A count of a part of the events ("after 3 clicks", "the first 2 errors"): at most a total, not one. */
  readonly part?: true;
  /** A claim that there were none ("no errors", "0 console errors"): every total it may mean is 0. */
  readonly none?: true;
  /** An upper bound ("no more than 3 console errors"): some total it may mean is at most the count (see bounded-counts.ts). */
  readonly atMost?: true;
  /** What the events were on, when the claim names it strictly ("clicked “Place order”"). */
  readonly on?: string;
  /** What the answer says the events were on, when an event may have it ("a dead click on “Apply coupon”"; see {@link scopedTopic}). */
  readonly of?: string;
  /** Why a claim of it is unsupported, given the totals the prompt shows, when the usual words do not fit (a share: see share-claims.ts). */
  readonly unsupported?: (shown: ReadonlySet<number>) => string;
}

/** Why a claim of one event of `topic` or more (`a dead click on “Apply coupon”`) holds of no event of the session. */
export function noneOfIt(topic: CountTopic): string {
  if (topic.on !== undefined) return 'no event of the session is a click on it';
  return topic.of === undefined ? `the session has no ${topic.name} event` : `no ${topic.name} event of the session is on “${topic.of}”`;
}

const partTopics = new WeakMap<CountTopic, CountTopic>();

/** The topic of a count of a part of `topic`'s events: supported by any number from 1 to its largest total. */
export function partTopic(topic: CountTopic): CountTopic {
  let part = partTopics.get(topic);
  if (part === undefined) partTopics.set(topic, (part = { ...topic, part: true }));
  return part;
}

const ofTypes =
  (...alternatives: readonly (readonly string[])[]) =>
  (stats: EventStats): Set<number> =>
    new Set(alternatives.map((types) => types.reduce((sum, type) => sum + stats.of(type), 0)));

const noneTopics = new WeakMap<CountTopic, CountTopic>();

/**
 * The topic of a claim that `topic` had no events at all: supported only when none of its types
 * has one (`no errors`: no console error and no failed request; error clicks, which `errors` may
 * count too, are clicks).
 */
export function noneTopic(topic: CountTopic): CountTopic {
  let none = noneTopics.get(topic);
  if (none === undefined) {
    const ofItsTypes = ofTypes(topic.types);
    noneTopics.set(topic, (none = { ...topic, none: true, totals: ofItsTypes }));
  }
  return none;
}

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
  { words: 'rage[- ]?(?:clicks?|taps?)', topic: { name: 'rage-click', types: ['rage-click'], totals: clickCounts('rage-click') } },
  { words: 'dead[- ]?(?:clicks?|taps?)', topic: { name: 'dead-click', types: ['dead-click'], totals: clickCounts('dead-click') } },
  { words: 'error[- ]?(?:clicks?|taps?)', topic: { name: 'error-click', types: ['error-click'], totals: ofTypes(['error-click']) } },
  { words: '(?:console|javascript|js|script|client[- ]side) errors?', topic: { name: 'console-error', types: ['console-error'], totals: ofTypes(['console-error']) } },
  {
    words: '(?:network|http|api|server|request) (?:errors?|failures?)|failed (?:network |api |http |xhr |fetch )?(?:requests?|calls?)|request failures?',
    topic: { name: 'network-error', types: ['network-error'], totals: ofTypes(['network-error']) },
  },
  { words: 'errors?', topic: { name: 'errors', types: ['console-error', 'network-error'], totals: ofTypes(['console-error', 'network-error'], ['console-error', 'network-error', 'error-click'], ['console-error'], ['network-error']) } },
  { words: 'clicks?|taps?', topic: { name: 'click', types: CLICKS, totals: clicksOrRageClicks } },
  { words: 'input changes?|(?:form )?inputs?|field (?:changes|edits)', topic: { name: 'input-change', types: ['input-change'], totals: ofTypes(['input-change']) } },
  // "5 navigations", "3 page loads" count the page loads; "4 pages" may count distinct pages too.
  { words: 'page loads?|navigations?', topic: { name: 'navigate', types: ['navigate'], totals: navigations } },
  { words: 'page ?views?|pages?', topic: { name: 'navigate', types: ['navigate'], totals: distinctPages } },
  { words: 'highlights?|text selections?', topic: { name: 'highlight', types: ['highlight'], totals: ofTypes(['highlight']) } },
  { words: 'mouse[- ]thrash(?:es|ing)?', topic: { name: 'mouse-thrash', types: ['mouse-thrash'], totals: ofTypes(['mouse-thrash']) } },
  { words: 'pastes?|paste events?', topic: { name: 'paste', types: ['paste'], totals: ofTypes(['paste']) } },
  { words: 'cop(?:y|ies) events?', topic: { name: 'copy', types: ['copy'], totals: ofTypes(['copy']) } },
  { words: 'custom events?', topic: { name: 'custom', types: ['custom'], totals: ofTypes(['custom']) } },
  { words: 'events?', topic: { name: 'events', types: EVENT_TYPES, totals: (stats) => new Set([stats.length]) } },
];

const RAGE_CLICKS = (TOPICS[0] as (typeof TOPICS)[number]).topic;
const DEAD_CLICKS = (TOPICS[1] as (typeof TOPICS)[number]).topic;

// One expression for every topic, a group each: the first topic whose words match whole, as a
// search through one expression per topic would find (one to compile instead of fifteen).
const WHOLE_TOPIC = new RegExp(`^(?:${TOPICS.map(({ words }) => `(${words})`).join('|')})$`, 'i');

/** The first topic whose words are all of `words`. */
function topicOfWords(words: string): CountTopic | undefined {
  const match = WHOLE_TOPIC.exec(words);
  if (match === null) return undefined;
  const index = match.findIndex((group, position) => position > 0 && group !== undefined);
  return TOPICS[index - 1]?.topic;
}

/** "clicked Apply coupon 4 times": how many click-like events one element received. */
const CLICKS_ON_ONE_ELEMENT: CountTopic = { name: 'clicks on one element', types: CLICKS, totals: (stats) => new Set(stats.recordedCounts('rage-click')) };

/** "10 element-seen events": the events of one type. */
const typeTopics = new Map<string, CountTopic>();
function typeTopic(type: string): CountTopic {
  let topic = typeTopics.get(type);
  if (topic === undefined) typeTopics.set(type, (topic = { name: type, types: [type], totals: ofTypes([type]) }));
  return topic;
}

/** Whether an element's text or selector, a message or a URL is the one `target` names (an answer's quote of it, or a selector). */
export function targetNamed(target: string): (name: string) => boolean {
  const wanted = normalText(target);
  // A selector written another way (`aside.facets > h3`, `[for="size-M"]`) names what its parts select.
  const parts = /[#.[]/.test(target) ? selectorParts(target) : undefined;
  return (name) => {
    const normal = normalText(name);
    if (normal === wanted || indexOfWords(normal, wanted) !== -1 || mostOf(normal, wanted)) return true;
    if (parts === undefined || !mayMatch(name.toLowerCase(), parts)) return false;
    const recorded = selectorParts(name);
    return recorded !== undefined && selectorPartsMatch(recorded, parts);
  };
}

const CUSTOM: readonly string[] = ['custom'];
const customTopics = new Map<string, CountTopic>();

/**
 * The topic of the custom events named `name`: "Checkout Started fired twice" counts them and no
 * others; "2 Coupon Entered events" counts them when the session has some, else what "events" may
 * mean (`fallback`), as the words may describe events another way ("3 checkout events").
 */
function customEventsNamed(name: string, fallback?: CountTopic): CountTopic {
  const key = `${fallback === undefined ? '' : '~'}${name}`;
  let topic = customTopics.get(key);
  if (topic === undefined) {
    const wanted = normalText(name);
    const exactly = (custom: string) => normalText(custom) === wanted;
    topic = {
      name: `“${name}”`,
      types: CUSTOM,
      totals: (stats) => {
        const named = new Set(stats.perTarget(CUSTOM, exactly));
        return named.size > 0 || fallback === undefined ? named : fallback.totals(stats);
      },
    };
    if (customTopics.size >= SCOPED_TARGETS) customTopics.clear();
    customTopics.set(key, topic);
  }
  return topic;
}

/** Scoped topics made, by topic and target (the same claim gets the same topic); at most this many targets each. */
const scopedTopics = new Map<CountTopic, Map<string | undefined, CountTopic>>();
const SCOPED_TARGETS = 1000;

/**
 * The topic of a count said of one element, message or URL ("3 dead clicks on "Material"", "2
 * failed requests to /api/coupon", "clicked `button#apply` 4 times"): how many of its events the
 * target the answer names had (none when the target had only other events of its family: a
 * click of another kind for a kind of click); when it names none that such an event has, any
 * total the topic may mean or any one target's. A click counts a rage click's clicks.
 */
export function scopedTopic(topic: CountTopic, target?: string): CountTopic {
  let byTarget = scopedTopics.get(topic);
  if (byTarget === undefined) scopedTopics.set(topic, (byTarget = new Map()));
  const known = byTarget.get(target);
  if (known !== undefined) return known;
  const accepts = target === undefined ? undefined : targetNamed(target);
  const family = topic.types.every((type) => CLICKS.includes(type)) ? CLICKS : topic.types;
  const scoped: CountTopic = {
    name: topic.name,
    types: topic.types,
    ...(target === undefined ? {} : { of: target }),
    totals: (stats) => {
      const perTarget = (only?: (name: string) => boolean) => {
        const totals = new Set(stats.perTarget(topic.types, only));
        if (topic.types.includes('rage-click')) for (const total of stats.perTarget(topic.types, only, clicksOf)) totals.add(total);
        return totals;
      };
      // The target the answer names, when an event has it (for a kind of click, a click of any
      // kind: "a dead click on “Apply coupon”" where it was only clicked had none); else any total,
      // or any one target's.
      const named = accepts === undefined ? undefined : perTarget(accepts);
      if (named !== undefined && (named.size > 0 || stats.perTarget(family, accepts).size > 0)) return named;
      const totals = topic.totals(stats);
      for (const total of perTarget()) totals.add(total);
      return totals;
    },
  };
  if (byTarget.size >= SCOPED_TARGETS) byTarget.clear();
  byTarget.set(target, scoped);
  return scoped;
}

/**
 * The topics of the friction signals a session records, whose mere mention is a claim ("a rage
 * click", "hit a JavaScript error", "no failed requests"): each is an event of its own, not a word
 * that prose uses in other senses. Errors in general count only for "no errors": "an error" is as
 * often a form's message on the page.
 */
const SIGNALS: ReadonlySet<string> = new Set(['rage-click', 'dead-click', 'error-click', 'console-error', 'network-error', 'mouse-thrash']);

const clickTopics = new Map<string, CountTopic>();

/**
 * The topic of "clicked “Place order”": the click-like events on the element the answer names, and
 * no others (an element the user only saw was not clicked; unlike scopedTopic, no fallback to any
 * element's clicks when none is on it).
 */
export function clicksOn(target: string): CountTopic {
  let topic = clickTopics.get(target);
  if (topic === undefined) {
    const accepts = targetNamed(target);
    topic = { name: 'click', types: CLICKS, on: target, totals: (stats) => new Set(stats.perTarget(CLICKS, accepts)) };
    if (clickTopics.size >= SCOPED_TARGETS) clickTopics.clear();
    clickTopics.set(target, topic);
  }
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
    const topic = topicOfWords(words.trim());
    if (topic?.name !== 'events') return topic;
    const type = qualifiers.trim().toLowerCase().replace(/\s+/g, '-');
    if ((EVENT_TYPES as readonly string[]).includes(type)) return typeTopic(type);
    // "6 navigation events", "2 error events": the words of another topic.
    const named = topicOfWords(qualifiers.trim());
    if (named !== undefined && named.name !== 'events') return named;
    // "2 Coupon Entered events": custom events of that name.
    return qualifiers.trim() === '' ? topic : customEventsNamed(qualifiers.trim(), topic);
  },
  /** The topic of words that name a friction signal (see SIGNALS), or with `orErrors` errors in general too. */
  signal(words: string, orErrors = false): CountTopic | undefined {
    const topic = topicOfWords(words.trim());
    return topic !== undefined && (SIGNALS.has(topic.name) || (orErrors && topic.name === 'errors')) ? topic : undefined;
  },
  /** The topic of "<name> fired N times": the custom events of that name. */
  fired: (name: string): CountTopic => customEventsNamed(name),
  /** The topic of "<verb> N times" (rage-clicked, dead-clicked, clicked), of `target` when the answer names it. */
  times(verb: string, target?: string): CountTopic {
    const topic = verb.startsWith('rage') ? RAGE_CLICKS : verb.startsWith('dead') ? DEAD_CLICKS : CLICKS_ON_ONE_ELEMENT;
    return scopedTopic(topic, target);
  },
};

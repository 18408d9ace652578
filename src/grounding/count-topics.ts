// What a count in an answer counts: the words models use for the event types of the spec
// ("dead clicks", "failed requests", "JS errors", "pages") and the totals each may mean. A count
// is supported when it equals one of its topic's totals over the events the prompt showed.

import { EVENT_TYPES } from '../session/event-types.js';
import type { SessionEvent } from '../session/session-schema.js';

/** A topic of counts: its name and the totals a count of it may stand for. */
export interface CountTopic {
  readonly name: string;
  /** Every total the words may mean, over `events`. */
  totals(events: readonly SessionEvent[]): Set<number>;
}

const ofTypes = (...alternatives: readonly (readonly string[])[]) => (events: readonly SessionEvent[]) => {
  const byType = new Map<string, number>();
  for (const event of events) byType.set(event.type, (byType.get(event.type) ?? 0) + 1);
  return new Set(alternatives.map((types) => types.reduce((sum, type) => sum + (byType.get(type) ?? 0), 0)));
};

const CLICKS = ['click', 'dead-click', 'rage-click', 'error-click'];

/** Rage clicks are recorded with how many clicks they were (`count`): "rage-clicked 5 times". */
const clickCounts = (type: string) => (events: readonly SessionEvent[]) => {
  const totals = ofTypes([type])(events);
  for (const event of events) if (event.type === type && typeof event.count === 'number') totals.add(event.count);
  return totals;
};

/** "13 clicks" (click events, or clicks of every kind), or "5 clicks" of one rage click. */
const clicksOrRageClicks = (events: readonly SessionEvent[]) => {
  const totals = ofTypes(['click'], CLICKS)(events);
  for (const total of clickCounts('rage-click')(events)) totals.add(total);
  return totals;
};

const distinctPages = (events: readonly SessionEvent[]) => {
  const totals = ofTypes(['navigate'])(events);
  totals.add(new Set(events.flatMap((event) => (event.type === 'navigate' && typeof event.url === 'string' ? [event.url.split(/[?#]/)[0]] : []))).size);
  return totals;
};

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
  { words: 'events?', topic: { name: 'events', totals: (events) => new Set([events.length]) } },
];

const compiled = TOPICS.map(({ words, topic }) => ({ pattern: new RegExp(`^(?:${words})$`, 'i'), topic }));

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
    return (EVENT_TYPES as readonly string[]).includes(type) ? { name: type, totals: ofTypes([type]) } : topic;
  },
  /** The topic of "<verb> N times": rage-clicked, dead-clicked, clicked. */
  times(verb: string): CountTopic | undefined {
    if (verb.startsWith('rage')) return TOPICS[0]?.topic;
    if (verb.startsWith('dead')) return TOPICS[1]?.topic;
    return { name: 'clicks on one element', totals: sameTargetClicks };
  },
};

/** "clicked Apply coupon 4 times": how many click-like events one element received. */
function sameTargetClicks(events: readonly SessionEvent[]): Set<number> {
  const byTarget = new Map<string, number>();
  const totals = new Set<number>();
  for (const event of events) {
    if (!CLICKS.includes(event.type)) continue;
    const key = event.target?.selector ?? event.target?.text ?? '';
    byTarget.set(key, (byTarget.get(key) ?? 0) + (event.type === 'rage-click' && typeof event.count === 'number' ? event.count : 1));
    if (typeof event.count === 'number') totals.add(event.count);
  }
  for (const total of byTarget.values()) totals.add(total);
  return totals;
}

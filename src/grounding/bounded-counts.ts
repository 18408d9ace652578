// Counts said as bounds: "no more than 3 console errors", "at most 2 failed requests" claim that
// some total the words may mean is no more than the number. (A lower bound, "at least 12 clicks",
// is read as a count of a part: from 1 up to the largest total; see PART_BEFORE in find-claims.ts.)
// A strict bound ("more than 3 console errors", "fewer than 2 failed requests") is the inclusive
// one past its number: at least 4, at most 1.

import type { CountTopic } from './count-topics.js';

/** Words right before a count's number that make it an upper bound. */
export const AT_MOST_BEFORE = /\b(?:no more than|not more than|at most|a maximum of)\s+$/i;

/**
 * Words right before a count's number that make it a strict bound, above or below it; not after
 * "no" or "not" ("no more than 3" is an inclusive bound, AT_MOST_BEFORE; "no fewer than" a part),
 * nor "over" right after a word for events, which spreads them ("7 clicks over 6 page views").
 */
const ABOVE_BEFORE = /(?<!\bno\s+|\bnot\s+)\b(?:more than|(?<!\b(?:clicks?|taps?|errors?|requests?|views?|loads?|pages?|events?|navigations?)\s+)over|above|upwards of)\s+$/i;
const BELOW_BEFORE = /(?<!\bno\s+|\bnot\s+)\b(?:fewer than|less than|under|below)\s+$/i;

/** The inclusive bound of a count said as a strict one (`before` is the text right before its number). */
export function strictBound(before: string, count: number): { readonly count: number; readonly atLeast: boolean } | undefined {
  if (ABOVE_BEFORE.test(before)) return { count: count + 1, atLeast: true };
  if (BELOW_BEFORE.test(before) && count > 0) return { count: count - 1, atLeast: false };
  return undefined;
}

const atMostTopics = new WeakMap<CountTopic, CountTopic>();

/** The topic of an upper bound on `topic`'s events: supported when some total is at most the number. */
export function atMostTopic(topic: CountTopic): CountTopic {
  let bounded = atMostTopics.get(topic);
  if (bounded === undefined) atMostTopics.set(topic, (bounded = { ...topic, atMost: true }));
  return bounded;
}

// Counts said as bounds: "no more than 3 console errors", "at most 2 failed requests" claim that
// some total the words may mean is no more than the number. (A lower bound, "at least 12 clicks",
// is read as a count of a part: from 1 up to the largest total; see PART_BEFORE in find-claims.ts.)

import type { CountTopic } from './count-topics.js';

/** Words right before a count's number that make it an upper bound. */
export const AT_MOST_BEFORE = /\b(?:no more than|not more than|at most|a maximum of)\s+$/i;

const atMostTopics = new WeakMap<CountTopic, CountTopic>();

/** The topic of an upper bound on `topic`'s events: supported when some total is at most the number. */
export function atMostTopic(topic: CountTopic): CountTopic {
  let bounded = atMostTopics.get(topic);
  if (bounded === undefined) atMostTopics.set(topic, (bounded = { ...topic, atMost: true }));
  return bounded;
}

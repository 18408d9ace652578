// What a count claim is compared with: the totals its words may mean, read as the claim says them
// (a total, a part of one, none, or a bound: "no more than 3 console errors").

import type { CountTopic } from './count-topics.js';

/** The counts a topic may mean, for a reason: "7", "one of 7, 3, 2, 1" (the total, and per element). */
export function describeTotals(totals: ReadonlySet<number>): string {
  const sorted = [...totals].sort((left, right) => right - left);
  if (sorted.length === 0 || (sorted.length === 1 && sorted[0] === 0)) return 'none';
  return sorted.length === 1 ? String(sorted[0]) : `one of ${sorted.slice(0, 8).join(', ')}${sorted.length > 8 ? ', …' : ''}`;
}

export function largest(totals: ReadonlySet<number>): number {
  let most = 0;
  for (const total of totals) most = Math.max(most, total);
  return most;
}

/**
 * Whether `count` of `topic` holds of `totals`: a denial when every total is 0, a part ("after 3
 * clicks", "at least 12 clicks") when it is from 1 to the largest total, an upper bound ("no more
 * than 3 console errors") when some total is no more than it, else when a total is it.
 */
export function countHolds(topic: CountTopic, count: number, totals: ReadonlySet<number>): boolean {
  if (topic.none === true) return largest(totals) === 0;
  if (topic.part === true) return count >= 1 && count <= largest(totals);
  if (topic.atMost === true) return [...totals].some((total) => total <= count);
  return totals.has(count);
}

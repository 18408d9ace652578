// An ordinal said of a citation ("the second click on “Next: payment” (#70)", "the third dead
// click (#41)"): the cited event is that one among the events of its kind the prompt showed, in
// order, on the element the answer names when an event of that kind is on it.

import type { SessionEvent } from '../session/session-schema.js';
import type { Checker } from './checker.js';
import { CLICKS, clicksOf, countTopics, targetNamed, targetsOf } from './count-topics.js';

const ORDINALS: Readonly<Record<string, number>> = {
  first: 1, second: 2, third: 3, fourth: 4, fifth: 5, sixth: 6, seventh: 7, eighth: 8, ninth: 9, tenth: 10,
  '1st': 1, '2nd': 2, '3rd': 3, '4th': 4, '5th': 5, '6th': 6, '7th': 7, '8th': 8, '9th': 9, '10th': 10,
};
const ORDINAL_WORDS = Object.keys(ORDINALS).join('|');

/**
 * "the <ordinal> <event words> [on <target>]" ending right before a citation (its bracket at
 * most between): the target is a quote or a backticked selector, or other words (`on the map`),
 * which name nothing this rule can find and leave only a bound (the fourth click on anything is at
 * least the fourth click).
 */
const ORDINAL_BEFORE = new RegExp(
  `\\bthe\\s+(${ORDINAL_WORDS})\\s+(${countTopics.pattern})(?:\\s+(?:on|of)\\s+(?:“([^”\\n]{1,80})”|"([^"\\n]{1,80})"|«\\s?([^»\\n]{1,80}?)\\s?»|„([^“”\\n]{1,80})[“”]|\`([^\`\\n]{1,80})\`|(?:the\\s+)?[\\w'’-]+(?:\\s+[\\w'’-]+){0,3}))?\\s*[([]?\\s*$`,
  'i',
);
const ORDINAL_PROBE = new RegExp(`\\b(?:${ORDINAL_WORDS})\\b`, 'i');

/** How far before a citation its ordinal may start. */
const REACH = 160;

/**
 * Why the ordinal said right before the citation of `index` (at `start` in `text`) is not true of
 * it among the kept events; undefined when none is said, the event is not of the kind named (a
 * citation for what it is not is judged elsewhere), or the rank holds. A click's rank is counted by
 * events, or by clicks (a rage click of 5 is 5 clicks).
 */
export function wrongOrdinal(text: string, start: number, index: number, checker: Checker): string | undefined {
  // One event cited alone, not a range's (`the first clicks (#3–#5)`).
  if (!/^\D*\d+\D*$/.test(text.slice(start, start + 16).split(/[\s,;)\]]/)[0] ?? '')) return undefined;
  const before = text.slice(Math.max(0, start - REACH), start);
  if (!ORDINAL_PROBE.test(before)) return undefined;
  const match = ORDINAL_BEFORE.exec(before);
  if (match === null) return undefined;
  const rank = ORDINALS[(match[1] as string).toLowerCase()] as number;
  // "the third error" may count the form's messages as well ("an error" is as often one), and "events" any kind.
  const topic = countTopics.of(match[2] as string);
  const types = topic === undefined || topic.name === 'errors' || topic.name === 'events' ? undefined : topic.types;
  const cited = checker.keptEvent(index);
  if (types === undefined || cited === undefined || !types.includes(cited.type)) return undefined;
  const target = match.slice(3).find((group) => group !== undefined);
  const named = target === undefined ? undefined : targetNamed(target);
  const isOn = (event: SessionEvent) => named !== undefined && targetsOf(event).some((name) => name !== undefined && named(name));
  // The events of the kind before the cited one, on the target and in all.
  let onTarget = 0;
  let clicksOnTarget = 0;
  let inAll = 0;
  let clicksInAll = 0;
  for (let at = 0; at < index; at++) {
    const event = checker.keptEvent(at);
    if (event === undefined || !types.includes(event.type)) continue;
    inAll++;
    clicksInAll += clicksOf(event);
    if (isOn(event)) (onTarget++, (clicksOnTarget += clicksOf(event)));
  }
  const ofClicks = types.every((type) => CLICKS.includes(type));
  const counted = (events: number, clicks: number) => rank === events + 1 || (ofClicks && rank > clicks && rank <= clicks + clicksOf(cited));
  // No target, or one the cited event is not on (its quote is judged on its own): the rank among all is at least the one said.
  if (named === undefined || !isOn(cited)) return rank <= inAll + 1 || (ofClicks && rank <= clicksInAll + clicksOf(cited)) ? undefined : `#${index} is the ${ordinalOf(inAll + 1)} ${match[2]} the prompt shows, not the ${match[1]}`;
  return counted(onTarget, clicksOnTarget) ? undefined : `#${index} is the ${ordinalOf(onTarget + 1)} ${match[2]} on “${target}” the prompt shows, not the ${match[1]}`;
}

function ordinalOf(rank: number): string {
  const word = Object.keys(ORDINALS).find((key) => ORDINALS[key] === rank && !/\d/.test(key));
  if (word !== undefined) return word;
  const suffix = rank % 100 >= 11 && rank % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][rank % 10] ?? 'th');
  return `${rank}${suffix}`;
}

// Numbers of time under the keys of a structured response: an item's offset in seconds
// (`t_offset_s`, `at_offset_s`; see item-offsets.ts) and how long something took, in seconds,
// minutes or milliseconds (`seconds_lost`, `checkout_seconds`, `duration_s`, `wait_ms`; see
// keyed-durations.ts). One pass over the answer's objects finds both.

import { EVENT_REFERENCE_KEY, EVENT_REFERENCES_KEY } from './answer-keys.js';
import type { Checker } from './checker.js';
import type { GroundingFinding } from './grounding-report.js';
import { numbersIn } from './iso-durations.js';
import { offsetFinding } from './item-offsets.js';
import { keyedDurationFinding } from './keyed-durations.js';
import { childPath, keyWords, objectsOf } from './walk-answer.js';

/** Keys of an offset in seconds: `t_offset_s`, `offset_s`, `offsetSeconds`, `time_offset_sec`, `at_offset_s`. */
const OFFSET_KEY = /^(?:t |time |at )?offset (?:s|secs?|seconds)$/;

/** A key's words that end with a unit of time (`checkout seconds`, `duration s`, `wait ms`, `time to book seconds`), or start with one (`seconds lost`). */
const UNIT_LAST = /^(.+) (s|secs?|seconds?|ms|msecs?|millis(?:econds?)?|mins|minutes?)$/;
const UNIT_FIRST = /^(secs|seconds|ms|millis(?:econds)?|mins|minutes) (.+)$/;

/**
 * The other words of a key that make its number no time something took: a moment (`start_s`,
 * `created_at_ms`, `timestamp_ms`, `event_time_s`), an offset (read above, or not at all:
 * `offset_ms`), or a figure of many (`avg_wait_s`, `clicks_per_min`, `max_gap_s`).
 */
const NOT_A_SPAN = /(?:^| )(?:at|t|ts|timestamp|time stamp|epoch|offset|since|start|started|starts|end|ended|ends|begin|began|finish|finished|clock|date|when|moment|mark|created|updated|seen)$|^time$|(?:^| )(?:start|end|event|clock) time$|(?:^| )(?:per|avg|average|mean|median|max|maximum|min|minimum|p\d\d|each|rate)(?: |$)/;

/** Seconds per unit of a key's unit of time. */
const UNIT_SECONDS: Readonly<Record<string, number>> = {
  s: 1, sec: 1, secs: 1, second: 1, seconds: 1,
  mins: 60, minute: 60, minutes: 60,
  ms: 0.001, msec: 0.001, msecs: 0.001, millis: 0.001, millisecond: 0.001, milliseconds: 0.001,
};

/** A key's unit of time and its other words (`checkout seconds`: `seconds` and `checkout`; `seconds lost`: `seconds` and `lost`). */
function unitOf(words: string): { readonly unit: string; readonly rest: string } | undefined {
  const last = UNIT_LAST.exec(words);
  if (last !== null) return { unit: last[2] as string, rest: last[1] as string };
  const first = UNIT_FIRST.exec(words);
  return first === null ? undefined : { unit: first[1] as string, rest: first[2] as string };
}

/** What a number under `key` is: an offset in seconds, or how long something took (with seconds per unit); undefined for any other key. */
export function timeKeyOf(key: string): { readonly kind: 'offset' | 'duration'; readonly scale: number } | undefined {
  const words = keyWords(key);
  if (OFFSET_KEY.test(words)) return { kind: 'offset', scale: 1 };
  const named = unitOf(words);
  const scale = named === undefined ? undefined : UNIT_SECONDS[named.unit];
  if (named === undefined || scale === undefined || NOT_A_SPAN.test(named.rest)) return undefined;
  return { kind: 'duration', scale };
}

/** Whether a raw key may end or start with a unit of time: a probe before its words are read. */
const UNIT_PROBE = /(?:s|ms|secs?|mins|minutes?|millis(?:econds?)?)$|^(?:secs|seconds|ms|millis|mins|minutes)(?:[_\-\sA-Z]|$)/i;

/** The events an object cites under keys that name them (`event_indexes: [23, 24]`, `index: 45`), ranges and nested lists included. */
export function citedByKeys(entries: readonly [string, unknown][]): number[] {
  const cited: number[] = [];
  for (const [key, inner] of entries) if (EVENT_REFERENCES_KEY.test(keyWords(key)) || EVENT_REFERENCE_KEY.test(keyWords(key))) numbersIn(inner, cited);
  return cited;
}

/**
 * Adds to `findings` the numbers of time under the keys of the objects of `value` (a structured
 * response): an item's offset (the first under a key of one, when the item cites events under keys
 * that name them; see item-offsets.ts) and how long something took (every number under a key of
 * one, cited or not; see keyed-durations.ts).
 */
export function checkTimeKeys(value: unknown, findings: GroundingFinding[], checker: Checker): void {
  const first = checker.span('kept')?.[0];
  if (first === undefined) return;
  // objectsOf visits an item's siblings last first: found in that order, pushed in the answer's.
  const found: GroundingFinding[] = [];
  for (const place of objectsOf(value)) {
    const timed: [string, number, { readonly kind: 'offset' | 'duration'; readonly scale: number }][] = [];
    for (const [key, inner] of place.entries) {
      if (typeof inner !== 'number' || !(inner >= 0) || !UNIT_PROBE.test(key)) continue;
      const time = timeKeyOf(key);
      if (time !== undefined) timed.push([key, inner, time]);
    }
    if (timed.length === 0) continue;
    const cited = citedByKeys(place.entries);
    const ofPlace: GroundingFinding[] = [];
    const offset = timed.find(([, , time]) => time.kind === 'offset');
    for (const entry of timed) {
      const [key, number, time] = entry;
      if (entry === offset && cited.length > 0) ofPlace.push(offsetFinding(childPath(place.path, key), key, number, cited, first, checker));
      // A zero says that nothing took any time: no span to hold.
      if (time.kind === 'duration' && number > 0) ofPlace.push(keyedDurationFinding(childPath(place.path, key), key, number, time.scale, cited, checker));
    }
    for (let index = ofPlace.length - 1; index >= 0; index--) found.push(ofPlace[index] as GroundingFinding);
  }
  for (let index = found.length - 1; index >= 0; index--) findings.push(found[index] as GroundingFinding);
}

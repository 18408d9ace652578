// Whether a clock reading in an answer (`10:01`, `1:51`) is a time of day, which is no claim, or
// an amount of time, which is a duration claim.

import { leadsLine } from './anchored-durations.js';
import type { Claim } from './claim.js';

// A clock reading next to another one ("10:00–10:02", "10:00 to 10:02", "between 10:00 and
// 10:02") or after a date ("2026-03-01 10:00", "March 1, 10:00") is a time of day.
const CLOCK_BEFORE = /(?:\b\d{1,2}:[0-5]\d\s*(?:[-–—]|to|and|until|till)\s*|\d{4}-\d{2}-\d{2}[t,\s]*|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{1,2}(?:st|nd|rd|th)?,?\s+(?:\d{4},?\s+)?|\b(?:between|start(?:ed|ing|s)?|began|begins|end(?:ed|ing|s)?|timestamp|logged|recorded)\s*:?\s+)$/i;
const CLOCK_AFTER = /^\s*(?:[-–—]|to|and|until|till)\s*\d{1,2}:[0-5]\d\b/i;
// What makes a reading with a two-digit first part ("10:30") elapsed time rather than a time of
// day: a word for a span before it ("lasted 10:30", "after 12:05") or after it ("the 10:30 mark").
const ELAPSED_BEFORE = /\b(?:lasted|lasting|lasts|took|taking|takes|for|after|in|spent|duration|elapsed|length|runtime|run time|time on (?:page|site|task))[:\s]+(?:(?:about|around|roughly|nearly|almost|approximately|just|only|over|under)\s+|~\s*)?(?:the\s+)?$/i;
// A plus sign glued before a reading ("T+00:47", "+01:12") marks an offset from the start, never a time of day.
const OFFSET_SIGN = /(?:^|[^\w+])T?\+$/;
/** Words before a reading that name a moment ("at 10:01", "since 9:58"): the reading is a time of day or, where the session's times cannot be one, an offset. */
const AT_BEFORE = /\b(?:at|by|until|till|since|from)\s+$/i;
const ELAPSED_AFTER = /^\s*(?:mark|into|in\b|later|long|elapsed|of (?:the )?(?:session|recording|visit))/i;

/**
 * How `minutes:seconds` at [start, end) reads: a time of day, not an amount of time, next to
 * another clock reading or after a date; an amount of time with one digit before the colon
 * ("1:51") or a word that makes it elapsed time; else ("10:01", "01:52") either, which the
 * session's times decide (see mayBeTimeOfDay): the prompt gives the session's start as a time of
 * day, and models name the times of events from it, or write a timeline of offsets.
 */
export function clockReading(text: string, start: number, end: number, firstPart: string): 'time of day' | 'elapsed' | 'either' | 'moment' {
  const before = text.slice(Math.max(0, start - 40), start);
  const after = text.slice(end, end + 24);
  if (CLOCK_BEFORE.test(before) || CLOCK_AFTER.test(after)) return 'time of day';
  if (OFFSET_SIGN.test(before)) return 'elapsed';
  // "at 01:58", "by 2:30": a time of day, unless the session's times cannot be it and it is that long (then the offset of a timeline).
  if (AT_BEFORE.test(before)) return 'moment';
  return firstPart.length === 2 && !ELAPSED_BEFORE.test(before) && !ELAPSED_AFTER.test(after) ? 'either' : 'elapsed';
}

/** Time zones are whole quarters of an hour away from UTC. */
const ZONE_STEP_MINUTES = 15;
const MINUTE = 60_000;

/**
 * Whether `minuteOfDay` (`hours * 60 + minutes` of a reading such as "09:42") may be a time of
 * day of a session whose events span `span` (ms since 1970): the minute of some moment of it, a
 * minute either way, in some time zone. A session under a quarter of an hour long has only a few
 * minutes past the quarter: "01:52" in a session from 09:41 to 09:45 UTC is a time in no zone,
 * so it is the offset 1 min 52 s.
 */
export function mayBeTimeOfDay(minuteOfDay: number, span: readonly [number, number] | undefined): boolean {
  if (span === undefined) return true;
  const first = Math.floor(span[0] / MINUTE) - 1;
  const last = Math.floor(span[1] / MINUTE) + 1;
  if (last - first + 1 >= ZONE_STEP_MINUTES) return true;
  for (let minute = first; minute <= last; minute++) if ((((minuteOfDay - minute) % ZONE_STEP_MINUTES) + ZONE_STEP_MINUTES) % ZONE_STEP_MINUTES === 0) return true;
  return false;
}

/**
 * `claims` without the clock readings that may be times of day of the session ("10:01" in a
 * session at 10:00 UTC), nor moments longer than it ("at 10:09"), nor those a text of the session shows (`shown`: "the 09:40 slot", a time
 * the page offered, in a session at 10:01 UTC): a time of day is no claim. `span` (the session's,
 * in ms) is asked for only when the claims hold such a reading.
 */
export function withoutTimesOfDay(claims: Claim[], span: () => readonly [number, number] | undefined, shown: (reading: string) => boolean = () => false, text?: string): Claim[] {
  if (!claims.some((claim) => claim.kind === 'duration' && claim.clock === true)) return claims;
  const times = span();
  // A moment longer than the whole session is no offset of it either: a time of day, if a wrong one ("signed out at 10:09" in a session of six minutes).
  const longest = times === undefined ? Number.POSITIVE_INFINITY : ((times[1] - times[0]) * 1.05 + 3000) / 1000;
  const offsets = text === undefined ? undefined : timelineOffsets(text, claims, times, longest);
  return claims.filter((claim) => claim.kind !== 'duration' || claim.clock !== true || offsets?.has(claim) === true || !(mayBeTimeOfDay(claim.seconds, times) || (claim.moment === true && claim.seconds > longest) || shown(claim.text)));
}

/** How many readings lead the lines of a timeline at least. */
const TIMELINE_LINES = 3;

/**
 * The clock readings of `text` that lead its lines (`3. 01:27 — "PIR reference must …" (#12)`)
 * when they make a timeline of offsets: three or more, in order, none longer than the session (at
 * most `longest` seconds), and one of them no time of day of it (`01:27` in a session from 20:31
 * to 20:39 UTC is a time in no zone). Then each is an offset, though another (`04:40`) may be a
 * time of day in some zone: a timeline does not mix the two.
 */
function timelineOffsets(text: string, claims: readonly Claim[], times: readonly [number, number] | undefined, longest: number): ReadonlySet<Claim> | undefined {
  const readings = claims.filter((claim) => claim.kind === 'duration' && claim.clock === true && claim.moment !== true && leadsLine(text, claim.start));
  if (readings.length < TIMELINE_LINES) return undefined;
  const seconds = readings.map((claim) => (claim.kind === 'duration' ? claim.seconds : 0));
  if (seconds.some((value, at) => value > longest || (at > 0 && value < (seconds[at - 1] as number)))) return undefined;
  return seconds.some((value) => !mayBeTimeOfDay(value, times)) ? new Set(readings) : undefined;
}

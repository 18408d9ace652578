// A duration said in a clause that cites events is of those events: "left about 20 seconds
// after copying the address (#27)", "roughly 10 minutes after they opened the dashboard (#5943)",
// and may count from the event cited last before its clause ("tapped the image (#9–#10). About
// 20 seconds later they clicked “See pricing” (#12)"). It is compared with the
// times between those events, and between each of them and the first and the last event the
// prompt shows (for `within`, only between the events its clause cites, when there are two), not
// with any two events of the session.

import type { SessionEvent } from '../session/session-schema.js';
import type { Checker } from './checker.js';
import { lastsOver, type Duration } from './durations.js';
import { eventTexts } from './event-strings.js';
import type { Claim } from './find-claims.js';
import type { GroundingVerdict } from './grounding-report.js';
import { sentenceDuration, spentOnCited } from './sentence-durations.js';


/** The verdict of a duration (at `at` of `claims`) by the kept events its clause cites, with why; undefined when it cites none. */
export function anchoredDuration(text: string, claims: readonly Claim[], at: number, checker: Checker): { readonly verdict: GroundingVerdict; readonly reason?: string } | undefined {
  const claim = claims[at];
  if (claim?.kind !== 'duration' || !claims.some((other) => other.kind === 'event')) return undefined;
  // A timeline's time ("3. 01:52 Upload failed (#32)") is of the events of its line, counted from the first event the prompt shows.
  const timeline = CLOCK.test(claim.text) && leadsLine(text, claim.start);
  const [start, end] = timeline ? lineAround(text, claim.start) : clauseAround(text, claim.start);
  const cited = new Map<number, number>();
  // "… switched to Apple Pay about 40 seconds later (#62)": an event cited after `later` in its
  // clause is where the time ends, so it counts from one before it, not to the end of the prompt
  // (`earlier` the other way round).
  // "After about 3 minutes she uploaded it (#34)", leading its clause, is a time since something, as `later` is.
  const leadingAfter = LEADING_AFTER.test(claim.text) && CLAUSE_LEAD.test(text.slice(start, claim.start));
  const relative = (/^\s*(later|earlier)\b/i.exec(text.slice(claim.end, claim.end + 12)) ?? /\s(later|earlier)$/i.exec(claim.text))?.[1]?.toLowerCase() ?? (leadingAfter ? 'later' : undefined);
  const ending: number[] = [];
  // The times of the events of a timeline's line that the prompt left out.
  const leftOut: number[] = [];
  let before: Claim | undefined;
  for (const other of claims) {
    if (other.kind !== 'event') continue;
    if (other.end <= start && checker.keptEvent(other.index) !== undefined) before = other;
    if (other.start < start || other.end > end) continue;
    const time = checker.keptEvent(other.index)?.time;
    if (time !== undefined && Number.isFinite(time)) cited.set(other.index, time);
    if (time !== undefined && Number.isFinite(time) && relative !== undefined && other.start >= claim.end) ending.push(time);
    const dropped = timeline && time === undefined ? checker.droppedEvent(other.index)?.time : undefined;
    if (dropped !== undefined && Number.isFinite(dropped)) leftOut.push(dropped);
  }
  // "| 75 | 02:01 | 503 …": a line of events the prompt left out, at their time from the first event it shows.
  if (cited.size === 0 && leftOut.length > 0) {
    return leftOut.some((time) => lastsOver([checker.span('kept')?.[0] ?? Number.NaN, time], claim))
      ? { verdict: 'dropped', reason: 'the time from the first event the prompt showed to events of its line that it left out' }
      : { verdict: 'unsupported', reason: 'not the time from the first event the prompt shows to the events of its line' };
  }
  // A clause that cites nothing, after a comma: the events its sentence cites before it (see sentence-durations.ts).
  if (cited.size === 0) return timeline || claims.some((other) => other.kind === 'event' && other.start >= start && other.end <= end) ? undefined : sentenceDuration(text, claims, claim, [start, end], checker);
  if (recordedByCitation(cited.keys(), claim, checker)) return { verdict: 'kept' };
  const spent = timeline ? undefined : spentOnCited(text, claims, claim, cited, [start, end], checker);
  if (spent !== undefined) return spent;
  // "Within 10 seconds of landing (#38) they set the quantity (#40)": between the two it names.
  const between = claim.bound === 'at most' && cited.size >= 2;
  // The events of its clause: for a time since something ("about 20 seconds later"), each pair
  // holds one of them; the event cited before and the first one the prompt shows are no pair
  // ("About 20 seconds later they searched (#10)" is not the time from the start to the clicks
  // cited before).
  const own = timeline || leadingAfter || SINCE.test(text.slice(claim.end, claim.end + 12)) || SINCE_IN_CLAIM.test(claim.text) ? [...cited.values()].filter(Number.isFinite) : [];
  if (timeline) {
    const fromStart = (over: 'kept' | 'all') => own.some((time) => lastsOver([checker.span(over)?.[0] ?? Number.NaN, time], claim));
    if (fromStart('kept')) return { verdict: 'kept' };
    if (fromStart('all')) return { verdict: 'dropped', reason: 'the time from the start of the whole session to the events of its line, not from the first event the prompt showed' };
    return { verdict: 'unsupported', reason: `not the time from the first event the prompt shows to ${[...cited.keys()].map((index) => `#${index}`).join(', ')}` };
  }
  // "About 17 seconds after the listing loaded they opened … (#10)": the event before may be what it counts from.
  const beforeTime = !between && before?.kind === 'event' && !cited.has(before.index) ? checker.keptEvent(before.index)?.time : undefined;
  if (beforeTime !== undefined) cited.set((before as Claim & { kind: 'event' }).index, beforeTime);
  // A time since the event cited before runs forward from it, one until it backward: "half a minute
  // after the first failure (#13) he dead-clicked … (#17)" is not counted from an event cited
  // before that came later (a flashback); "… earlier", "… before" the other way round.
  const backward = /(?:earlier|before)$/i.test(claim.text) || /^\s*(?:earlier|before)\b/i.test(text.slice(claim.end, claim.end + 12));
  // The event cited before in the same sentence is what the clause tells of ("tapped “Continue” (#25), about 15 seconds after the rage tap (#22)"): either way round.
  const sameSentence = before !== undefined && !SENTENCE_END.test(text.slice(before.end, start));
  const onTime = (time: number, other: number) => other !== beforeTime || sameSentence || (backward ? other >= time : other <= time);
  const times = [...cited.values()].filter(Number.isFinite);
  const ends = (over: 'kept' | 'all') => (between ? [] : (checker.span(over) ?? []));
  const fits = (over: 'kept' | 'all') => {
    const anchors = [...times, ...ends(over)].sort((left, right) => left - right);
    if (claim.bound !== 'about' || between || own.length === 0) return lastsOver(anchors, claim);
    const toward = (time: number, other: number) => (relative === 'later' ? other <= time : other >= time);
    if (ending.length > 0) return ending.some((time) => anchors.some((other) => onTime(time, other) && toward(time, other) && lastsOver(time < other ? [time, other] : [other, time], claim)));
    return own.some((time) => anchors.some((other) => onTime(time, other) && lastsOver(time < other ? [time, other] : [other, time], claim)));
  };
  if (fits('kept')) return { verdict: 'kept' };
  if (fits('all')) return { verdict: 'dropped', reason: 'true of the events its clause cites and the start or end of the whole session, not of the events the prompt showed' };
  const citations = [...cited.keys()].map((index) => `#${index}`).join(', ');
  return { verdict: 'unsupported', reason: `no two of the events it is said of (${citations}${ends('kept').length > 0 ? ', the first and the last the prompt shows' : ''}) are that far apart` };
}

/**
 * Whether a kept event cited in the clause of the duration at `at` of `claims` records how long
 * something took, and the duration fits it: "finished in 174 seconds (#49)", #49 recording
 * `duration_seconds: 174`, whatever the times of the events are.
 */
export function recordedDuration(text: string, claims: readonly Claim[], at: number, checker: Checker): boolean {
  const claim = claims[at];
  if (claim?.kind !== 'duration') return false;
  const [start, end] = clauseAround(text, claim.start);
  const cited = claims.filter((other) => other.kind === 'event' && other.start >= start && other.end <= end).map((other) => (other as Claim & { kind: 'event' }).index);
  return recordedByCitation(cited, claim, checker);
}

/** Whether a kept event of `cited` records or states how long something took, and `claim` fits it. */
export function recordedByCitation(cited: Iterable<number>, claim: Duration, checker: Checker): boolean {
  for (const index of cited) {
    const event = checker.keptEvent(index);
    if (event !== undefined && (recordsDuration(event.properties, claim) || statesDuration(event, claim))) return true;
  }
  return false;
}

/** A time written in a text: a number and a unit of time (`expires in 15 minutes`, `timeout after 15000 ms`). */
const STATED_TIME = /(?<![\w.,])(\d+(?:\.\d+)?)\s?(ms|milliseconds?|s|secs?|seconds?|mins?|minutes?|h|hrs?|hours?)\b/gi;

/** Minutes and seconds written together in a text (`6m 12s`, `7 min 48 s`, `2 minutes 9 seconds`). */
const STATED_MINUTES_SECONDS = /(?<![\w.,])(\d+)\s?(?:m|mins?|minutes?)\s*(?:and\s+)?(\d+)\s?(?:s|secs?|seconds?)\b/gi;

/**
 * Whether a text of `event` states a time that `claim` fits: "a sign-in link, which expires in 15
 * minutes (#68)", the page's message saying so, is what the event says, not a time between events.
 */
function statesDuration(event: SessionEvent, claim: Duration): boolean {
  for (const text of eventTexts(event)) {
    // "failed after 6m 12s", "passed in 7 min 48 s": minutes and seconds together are one time.
    for (const [, minutes, seconds] of text.matchAll(STATED_MINUTES_SECONDS)) if (lastsOver([0, (Number(minutes) * 60 + Number(seconds)) * 1000], claim)) return true;
    for (const [, number, unit] of text.matchAll(STATED_TIME)) {
      const scale = /^(?:ms|milli)/i.test(unit as string) ? 1 : /^m/i.test(unit as string) ? 60_000 : /^h/i.test(unit as string) ? 3_600_000 : 1000;
      if (lastsOver([0, Number(number) * scale], claim)) return true;
    }
  }
  return false;
}

/** The clause around `position`: from after the end of the one before to its own end; a comma inside brackets (`(#3, #12)`) ends none. */
function clauseAround(text: string, position: number): [number, number] {
  let start = 0;
  for (let at = position - 1, depth = 0; at >= 0; at--) {
    const code = text.charCodeAt(at);
    if (code === 0x29 || code === 0x5d) depth++;
    else if (code === 0x28 || code === 0x5b) depth = Math.max(0, depth - 1);
    else if (endsClause(text, at, code, depth)) {
      start = at + 1;
      break;
    }
  }
  let end = text.length;
  for (let at = position, depth = 0; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if (code === 0x28 || code === 0x5b) depth++;
    else if (code === 0x29 || code === 0x5d) depth = Math.max(0, depth - 1);
    else if (endsClause(text, at, code, depth)) {
      end = at;
      break;
    }
  }
  return [start, end];
}

/** The end of a sentence: `.`, `!`, `?`, `;` before a space or the end, or a line's end. */
const SENTENCE_END = /[.!?;](?:\s|$)|\n/;
/** A duration said as a time since or until something: "… later", "… after", "… earlier", "… before". */
const SINCE = /^\s*(?:later|after|afterwards|earlier|before)\b/i;
/** The same word as the last of the claim itself ("A couple of minutes later", "Twenty seconds later"). */
const SINCE_IN_CLAIM = /\s(?:later|after|earlier|before)$/i;
/** A duration said after `after` (`After about 3 minutes`), and what may come before it at the start of its clause (a bullet, a list's number, emphasis). */
const LEADING_AFTER = /^after\b/i;
const CLAUSE_LEAD = /^[\s\-*+•>|_]*(?:\d{1,3}[.)][\s*_]*)?$/;
/** A clock reading (`0:42`, `01:15`), or the prompt's offset (`+16.5s`, see offset-readings.ts), as a timeline's times are written. */
const CLOCK = /^(?:\d{1,2}:[0-5]\d|\+\d{1,5}(?:\.\d{1,3})?[ \t]?s)$/;

/**
 * What may come before a time that leads a line of a timeline: a list's bullet or number, a table's
 * bar and a first cell of event numbers, brackets and emphasis (`1. 0:42 — …`, `- [01:15] …`, `| 00:58 | #22 | …`,
 * `| 75 | 02:01 | …`, `**0:42** …`).
 */
const LINE_LEAD = /(?:^|\n)[ \t]*(?:(?:[-*+•>|]|\d{1,3}[.)])[ \t]*)*(?:#?\d{1,7}(?:[ \t]*(?:[-–—,]|and)[ \t]*#?\d{1,7})*[ \t]*\|[ \t]*)?[[(*_]*$/;

/** Whether the claim at `position` leads its line, as the times of a timeline do: it is said of the whole line. */
export function leadsLine(text: string, position: number): boolean {
  return LINE_LEAD.test(text.slice(Math.max(0, position - 24), position));
}

/** The line around `position`. */
function lineAround(text: string, position: number): [number, number] {
  const end = text.indexOf('\n', position);
  return [text.lastIndexOf('\n', position - 1) + 1, end === -1 ? text.length : end];
}

/** A line's end, or `.`, `!`, `?`, `;` or (outside brackets) `,` before a space or the end. */
function endsClause(text: string, at: number, code: number, depth: number): boolean {
  if (code === 0x0a) return true;
  if (code !== 0x2e && code !== 0x21 && code !== 0x3f && code !== 0x3b && !(code === 0x2c && depth === 0)) return false;
  // The dot of a citation's abbreviation ("7m 48s (ev. 63)") ends nothing.
  if (code === 0x2e && /\bevt?$/i.test(text.slice(Math.max(0, at - 4), at))) return false;
  const next = text.charCodeAt(at + 1);
  return Number.isNaN(next) || next === 0x20 || next === 0x0a || next === 0x09 || next === 0x0d;
}

/**
 * A property that records how long something took: `duration`, `duration_seconds`, `elapsed_ms`,
 * `time_on_page`, `wait_minutes`, and a page's or a request's load or response time
 * (`load_time_ms`, `page_load_time`, `responseTimeMs`, `latency_ms`); and any amount whose name
 * ends with a unit of time (`validity_seconds`, `ttlSeconds`, `timeout_ms`, `retry_after_secs`).
 */
const DURATION_KEY = /^(?:[a-z]+[_-]?)?(?:duration|elapsed|time[_-]?on[_-]?page|time[_-]?spent|time[_-]?taken|wait|(?:load|loading|response|render)[_-]?time|latency)(?:[_-]?(?:s|secs?|seconds|ms|millis(?:econds)?|mins?|minutes))?$/i;
const TIME_UNIT_KEY = /\w[_-](?:secs?|seconds|ms|millis(?:econds)?|mins?|minutes|hours?|hrs?)$/i;
const CAMEL_TIME_UNIT_KEY = /[a-z0-9](?:Secs?|Seconds|Ms|Millis(?:econds)?|Mins?|Minutes|Hours?|Hrs?)$/;
const isDurationKey = (key: string): boolean => DURATION_KEY.test(key) || TIME_UNIT_KEY.test(key) || CAMEL_TIME_UNIT_KEY.test(key);

/** Whether `properties` (a cited event's) record a duration that `claim` fits: seconds, or milliseconds or minutes as the key says. */
function recordsDuration(properties: unknown, claim: Duration): boolean {
  if (properties === null || typeof properties !== 'object') return false;
  for (const [key, value] of Object.entries(properties)) {
    if (typeof value !== 'number' || !(value >= 0) || !isDurationKey(key)) continue;
    const milliseconds = /ms$|millis/i.test(key) ? value : /mins?$|minutes$/i.test(key) ? value * 60_000 : /hours?$|hrs?$/i.test(key) ? value * 3_600_000 : value * 1000;
    if (lastsOver([0, milliseconds], claim)) return true;
  }
  return false;
}

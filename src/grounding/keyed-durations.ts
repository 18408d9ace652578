// How long something took, as a number under a key of a structured response that names a unit of
// time (found by checkTimeKeys, time-keys.ts). Said in an item that cites events under keys that
// name them, it is of those events, as a sentence's duration is of the events its clause cites:
// `{ "event_indexes": [23, 24], "seconds_lost": 25 }` says that the two dead taps took about 25 s
// (an ISO `duration` of such an item is held the same way, iso-durations.ts). Said outside such
// an item (`"durations": { "checkout_seconds": 150 }`), it is a figure of the part the prompt
// shows, held to any two of its events.

import { recordedByCitation } from './anchored-durations.js';
import type { Checker } from './checker.js';
import { lastsOver, type Duration } from './durations.js';
import type { GroundingFinding } from './grounding-report.js';
import { citedSpanVerdict } from './iso-durations.js';
import { normalText } from './normal-text.js';

type Judged = Pick<GroundingFinding, 'verdict' | 'reason' | 'event'>;

/**
 * The finding of `value` units (of `scale` seconds each) under `key` at `path`, in an object that
 * cites the events `cited` under keys that name them:
 * - `kept` when an event the prompt shows records the same field with the same value
 *   (`retry_after_seconds: 30` of a failed request), or a kept event cited records or states a
 *   time it fits (`{ "event": 52, "latency_ms": 2140 }`);
 * - of two cited events or more, as long as they take (their span, or the time between two);
 * - of one, as a sentence's duration citing it is: the times between it and the first and the
 *   last event the prompt shows;
 * - of none, any two events the prompt shows that far apart; never `dropped` by the whole
 *   session's times alone, as a duration said of the part shown is not (sentence-durations.ts).
 */
export function keyedDurationFinding(path: string, key: string, value: number, scale: number, cited: readonly number[], checker: Checker): GroundingFinding {
  const text = `${key}: ${value}`;
  const duration: Duration = { seconds: value * scale, bound: 'about' };
  const field = normalText(text);
  let judged = keyedVerdict(field, duration, cited, checker);
  // `retry_after_seconds: 30` that only an event the prompt left out records.
  const leftOut = judged.verdict === 'unsupported' ? checker.textEqual('dropped', field) : undefined;
  if (leftOut !== undefined) judged = { verdict: 'dropped', event: leftOut, reason: `#${leftOut} records it, but ${checker.reasonOf(leftOut) ?? 'the prompt left it out'}` };
  const { verdict, event, reason } = judged;
  return { kind: 'duration', text, path, verdict, ...(event !== undefined && event >= 0 ? { event } : {}), ...(reason === undefined ? {} : { reason }) };
}

/** The verdict of `duration`, written as `field` (normalised), in an object that cites `cited`, before what the events the prompt left out record. */
function keyedVerdict(field: string, duration: Duration, cited: readonly number[], checker: Checker): Judged {
  const recorded = checker.textEqual('kept', field);
  if (recorded !== undefined) return { verdict: 'kept', event: recorded };
  if (cited.length > 0 && recordedByCitation(cited, duration, checker)) return { verdict: 'kept' };
  if (cited.length > 1) return citedSpanVerdict(cited, duration, checker);
  if (cited.length === 1) return oneCitedVerdict(cited[0] as number, duration, checker);
  if (checker.lasts('kept', duration)) return { verdict: 'kept' };
  return { verdict: 'unsupported', reason: 'no two of the events the prompt shows are that far apart' };
}

/**
 * The verdict of a duration an item says of the one event it cites, as a sentence's citing it
 * (anchored-durations.ts): `kept` when two of it and the first and the last event the prompt
 * shows are about that far apart, `dropped` when that holds with the start or end of the whole
 * session instead, else `unsupported`.
 */
function oneCitedVerdict(index: number, duration: Duration, checker: Checker): Judged {
  const time = checker.keptEvent(index)?.time;
  const own = time !== undefined && Number.isFinite(time) ? [time] : [];
  const fits = (over: 'kept' | 'all') => lastsOver([...own, ...(checker.span(over) ?? [])].sort((left, right) => left - right), duration);
  if (fits('kept')) return { verdict: 'kept' };
  if (fits('all')) return { verdict: 'dropped', reason: 'true of the event the item cites and the start or end of the whole session, not of the events the prompt showed' };
  return { verdict: 'unsupported', reason: `no two of the events it is said of (#${index}, the first and the last the prompt shows) are that far apart` };
}

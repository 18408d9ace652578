// Durations written as ISO 8601 says (`PT1M30S`, `PT18S`, `PT2H`, `PT1.5S`), as structured
// responses often give them, and how long an item of one took: `{ "events": [[62, 63], [66, 67]],
// "duration": "PT1M30S" }` says that the events the item cites span that long, not that some two
// events of the session are that far apart.

import { EVENT_REFERENCE_KEY, EVENT_REFERENCES_KEY } from './answer-keys.js';
import type { Checker, Side } from './checker.js';
import type { Claim } from './claim.js';
import { lastsOver, type Duration } from './durations.js';
import type { GroundingFinding } from './grounding-report.js';
import { childPath, keyWords, objectsOf } from './walk-answer.js';

/** `PT1M30S`: hours, minutes and seconds after `PT`, at least one of them. */
const ISO_DURATION = /(?<![\w-])PT(?=\d)(?:(\d{1,3})H)?(?:(\d{1,4})M)?(?:(\d{1,5}(?:\.\d+)?)S)?(?![\w-])/g;

/** The ISO 8601 durations of `text`. */
export function isoDurations(text: string): Extract<Claim, { kind: 'duration' }>[] {
  const found: Extract<Claim, { kind: 'duration' }>[] = [];
  for (const match of text.matchAll(ISO_DURATION)) {
    const [hours, minutes, seconds] = [match[1], match[2], match[3]].map((part) => Number(part ?? 0)) as [number, number, number];
    // Minutes and seconds together are stated to the second, as `2 minutes 9 seconds` is.
    found.push({ kind: 'duration', text: match[0], start: match.index, end: match.index + match[0].length, seconds: hours * 3600 + minutes * 60 + seconds, bound: 'about', precise: match[2] !== undefined && match[3] !== undefined });
  }
  return found;
}

/** Keys of how long an item took: `duration`, `elapsed`, `time_spent`, `took`, `length`. */
const DURATION_KEY = /^(?:duration|elapsed(?: time)?|time (?:spent|taken)|took|length)$/;

/** The whole numbers under `value` (a number, or lists of them, nested too). */
export function numbersIn(value: unknown, into: number[]): void {
  if (Number.isSafeInteger(value)) into.push(value as number);
  else if (Array.isArray(value)) for (const inner of value) numbersIn(inner, into);
}

/**
 * Judges again, in `findings` (a structured response's, by JSON path), the duration of each item
 * that cites two events or more under keys that name them and gives an ISO 8601 duration under a
 * key of how long it took: `kept` when the kept events it cites span about that long (or two of
 * them are that far apart), `dropped` when only those it cites with the ones the prompt left out
 * do, else `unsupported`.
 */
export function checkItemDurations(value: unknown, findings: GroundingFinding[], checker: Checker): void {
  for (const place of objectsOf(value)) {
    const { entries } = place;
    const took = entries.find(([key, inner]) => typeof inner === 'string' && DURATION_KEY.test(keyWords(key)));
    if (took === undefined) continue;
    const iso = isoDurations(took[1] as string);
    const at = findings.findIndex((finding) => finding.kind === 'duration' && finding.path === childPath(place.path, took[0]));
    if (iso.length !== 1 || at === -1) continue;
    const cited: number[] = [];
    for (const [key, inner] of entries) if (EVENT_REFERENCES_KEY.test(keyWords(key)) || EVENT_REFERENCE_KEY.test(keyWords(key))) numbersIn(inner, cited);
    if (cited.length < 2) continue;
    const found = findings[at] as GroundingFinding;
    findings[at] = { kind: found.kind, text: found.text, path: found.path, ...citedSpanVerdict(cited, iso[0] as Duration, checker) };
  }
}

/**
 * The verdict of a duration an item says of the events it cites (two or more): `kept` when the
 * kept ones span about that long (or two of them are that far apart), `dropped` when only they
 * with those the prompt left out do, else `unsupported`.
 */
export function citedSpanVerdict(cited: readonly number[], duration: Duration, checker: Checker): Pick<GroundingFinding, 'verdict' | 'reason'> {
  const fits = (sides: readonly Side[]) => {
    const times = cited.flatMap((index) => sides.map((side) => (side === 'kept' ? checker.keptEvent(index) : checker.droppedEvent(index))?.time).filter((time): time is number => time !== undefined));
    return times.length > 1 && lastsOver(times.sort((left, right) => left - right), duration);
  };
  if (fits(['kept'])) return { verdict: 'kept' };
  if (fits(['kept', 'dropped'])) return { verdict: 'dropped', reason: 'the events the item cites span that long with those the prompt left out' };
  return { verdict: 'unsupported', reason: `the events the item cites do not span ${duration.seconds} s` };
}

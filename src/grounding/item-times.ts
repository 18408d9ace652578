// The time an item of a structured response gives the event it cites: `{ "event": 82, "at":
// "02:57", "what": "payment confirmed" }` says that #82 came 2 min 57 s after the first event the
// prompt shows, as a timeline's line does (see anchored-durations.ts), not that some two events of
// the session are that far apart.

import { EVENT_REFERENCE_KEY } from './answer-keys.js';
import type { Checker } from './checker.js';
import { lastsOver } from './durations.js';
import type { GroundingFinding } from './grounding-report.js';
import { childPath, keyWords, objectsOf } from './walk-answer.js';
import { checkItemDurations } from './iso-durations.js';
import { keepRecordedItemDurations } from './item-text-durations.js';

/** Keys of an item's time: `at`, `time`, `t`, `offset`, `when`. */
const TIME_KEY = /^(?:at|time|t|offset|when)$/;
/** A clock reading as a timeline writes it, after a plus sign at most: `02:57`, `+1:24`, `T+00:09`. */
const READING = /^(?:T?\+)?(\d{1,2}):([0-5]\d)$/;

/**
 * Judges again, in `findings` (a structured response's, by JSON path), the time of each item
 * that cites one event under a key that names one and gives a clock reading under a key of its
 * time, when that reading is a claim (not a time of day): `kept` when it is the cited event's
 * time from the first event the prompt shows, `dropped` when it is that of an event the prompt
 * left out, else `unsupported`.
 */
export function checkItemTimes(value: unknown, findings: GroundingFinding[], checker: Checker): void {
  if (!findings.some((finding) => finding.kind === 'duration')) return;
  // `{ "events": [[62, 63], [66, 67]], "duration": "PT1M30S" }`: how long the events cited took.
  checkItemDurations(value, findings, checker);
  // `{ "event_index": 60, "what": "session extended by 10 minutes" }` where #60 records `extended_by_minutes: 10`.
  keepRecordedItemDurations(value, findings, checker);
  const first = checker.span('kept')?.[0];
  if (first === undefined) return;
  for (const place of objectsOf(value)) {
    const { entries } = place;
    const cited = entries.find(([key, inner]) => Number.isSafeInteger(inner) && EVENT_REFERENCE_KEY.test(keyWords(key)))?.[1] as number | undefined;
    const time = entries.find(([key, inner]) => typeof inner === 'string' && TIME_KEY.test(keyWords(key)) && READING.test(inner.trim()));
    if (cited === undefined || time === undefined) continue;
    const at = findings.findIndex((finding) => finding.kind === 'duration' && finding.path === childPath(place.path, time[0]));
    if (at === -1) continue;
    const [, minutes, seconds] = READING.exec((time[1] as string).trim()) as RegExpExecArray;
    const duration = { seconds: Number(minutes) * 60 + Number(seconds), bound: 'about' as const, precise: Number(minutes) > 0 };
    const kept = checker.keptEvent(cited)?.time;
    const dropped = kept === undefined ? checker.droppedEvent(cited)?.time : undefined;
    const fits = (moment: number | undefined) => moment !== undefined && lastsOver([first, moment], duration);
    const found = findings[at] as GroundingFinding;
    const judged: Pick<GroundingFinding, 'verdict' | 'reason'> = fits(kept)
      ? { verdict: 'kept' }
      : fits(dropped)
        ? { verdict: 'dropped', reason: `the time from the first event the prompt showed to #${cited}, which it left out` }
        : { verdict: 'unsupported', reason: `not the time from the first event the prompt shows to #${cited}` };
    findings[at] = { kind: found.kind, text: found.text, path: found.path, ...judged };
  }
}

// The offset in seconds an item of a structured response gives the events it cites: `{ "event_ids":
// [57, 59], "t_offset_s": 226 }` says they came 226 s after the first event the prompt shows, as an
// item's clock reading does (see item-times.ts).

import { EVENT_REFERENCE_KEY, EVENT_REFERENCES_KEY } from './answer-keys.js';
import type { Checker } from './checker.js';
import { lastsOver } from './durations.js';
import type { GroundingFinding } from './grounding-report.js';
import { numbersIn } from './iso-durations.js';
import { childPath, keyWords, objectsOf } from './walk-answer.js';

/** Keys of an offset in seconds: `t_offset_s`, `offset_s`, `offsetSeconds`, `time_offset_sec`, `at_offset_s`. */
const OFFSET_KEY = /^(?:t |time |at )?offset (?:s|secs?|seconds)$/;

/**
 * Adds to `findings` the offset of each item that cites events under keys that name them and gives
 * a number of seconds under a key of its offset: `kept` when a kept event it cites came that long
 * after the first event the prompt shows (as `2:57` is held, within max(3 s, 5 %)), `dropped` when
 * only one the prompt left out did, else `unsupported`.
 */
export function checkItemOffsets(value: unknown, findings: GroundingFinding[], checker: Checker): void {
  const first = checker.span('kept')?.[0];
  if (first === undefined) return;
  // objectsOf visits an item's siblings last first: found in that order, pushed in the answer's.
  const found: GroundingFinding[] = [];
  for (const place of objectsOf(value)) {
    const offset = place.entries.find(([key, inner]) => typeof inner === 'number' && inner >= 0 && OFFSET_KEY.test(keyWords(key)));
    if (offset === undefined) continue;
    const cited: number[] = [];
    for (const [key, inner] of place.entries) if (EVENT_REFERENCES_KEY.test(keyWords(key)) || EVENT_REFERENCE_KEY.test(keyWords(key))) numbersIn(inner, cited);
    if (cited.length === 0) continue;
    const [key, seconds] = offset as [string, number];
    const duration = { seconds, bound: 'about' as const, precise: true };
    const fits = (moment: number | undefined) => moment !== undefined && lastsOver([first, moment], duration);
    const judged: Pick<GroundingFinding, 'verdict' | 'reason'> = cited.some((index) => fits(checker.keptEvent(index)?.time))
      ? { verdict: 'kept' }
      : cited.some((index) => fits(checker.droppedEvent(index)?.time))
        ? { verdict: 'dropped', reason: `the time from the first event the prompt showed to an event it left out (${cited.map((index) => `#${index}`).join(', ')})` }
        : { verdict: 'unsupported', reason: `not the time from the first event the prompt shows to ${cited.map((index) => `#${index}`).join(', ')}` };
    found.push({ kind: 'duration', text: `${key}: ${seconds}`, path: childPath(place.path, key), ...judged });
  }
  for (let index = found.length - 1; index >= 0; index--) findings.push(found[index] as GroundingFinding);
}

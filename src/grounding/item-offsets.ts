// The offset in seconds an item of a structured response gives the events it cites: `{ "event_ids":
// [57, 59], "t_offset_s": 226 }` says they came 226 s after the first event the prompt shows, as an
// item's clock reading does (see item-times.ts). Found by checkTimeKeys (time-keys.ts).

import type { Checker } from './checker.js';
import { lastsOver } from './durations.js';
import type { GroundingFinding } from './grounding-report.js';

/**
 * The finding of an item's offset, `seconds` under `key` at `path`, of the events it cites: `kept`
 * when a kept event it cites came that long after the first event the prompt shows (`first`, as
 * `2:57` is held, within max(3 s, 5 %)), `dropped` when only one the prompt left out did, else
 * `unsupported`.
 */
export function offsetFinding(path: string, key: string, seconds: number, cited: readonly number[], first: number, checker: Checker): GroundingFinding {
  const duration = { seconds, bound: 'about' as const, precise: true };
  const fits = (moment: number | undefined) => moment !== undefined && lastsOver([first, moment], duration);
  const judged: Pick<GroundingFinding, 'verdict' | 'reason'> = cited.some((index) => fits(checker.keptEvent(index)?.time))
    ? { verdict: 'kept' }
    : cited.some((index) => fits(checker.droppedEvent(index)?.time))
      ? { verdict: 'dropped', reason: `the time from the first event the prompt showed to an event it left out (${cited.map((index) => `#${index}`).join(', ')})` }
      : { verdict: 'unsupported', reason: `not the time from the first event the prompt shows to ${cited.map((index) => `#${index}`).join(', ')}` };
  return { kind: 'duration', text: `${key}: ${seconds}`, path, ...judged };
}

// Counts written after their type on a line of their own, as models write terse summaries:
//
//   - Dead clicks: 3 (#50, #51, #52)
//   Errors — 2
//   **Rage clicks:** 1 (7 clicks)
//
// The label must be words for events and nothing else (`Invitations sent: 3` is no count), the
// number ends the line or comes before a bracket, a comma or a dash that starts a note
// (`Rage clicks: 2, both on “Continue to cancel” (#27)`). A single word
// followed by a colon (`Errors: 2`) is a `key: value` line and is read there (key-value-lines.ts).

import { matchesOf, type Ranges } from './claim-ranges.js';
import type { Claim } from './claim.js';
import { countTopics, noneTopic } from './count-topics.js';

const LABEL_COUNT =
  /^[ \t]*(?:[-*•][ \t]+)?(?:\*\*)?([A-Za-z][A-Za-z-]*(?:[ \t]+[A-Za-z][A-Za-z-]*){0,3})(?:\*\*)?(?:[ \t]*:|[ \t]+[—–-])(?:\*\*)?[ \t]*(?:\*\*)?(\d{1,6})(?:\*\*)?(?=[ \t]*$|[ \t]*[([,;]|[ \t]+[—–-][ \t])/gm;

/** Whether `text` may hold such a line (a cheap test before LABEL_COUNT runs): a number after a colon or a dash. */
export function mayHoldLabelCounts(text: string): boolean {
  return /(?::|[—–-])(?:\*\*)?[ \t]*(?:\*\*)?\d/.test(text);
}

/** The count claims of the labelled count lines of `text` that overlap no claim taken before. */
export function labelCountClaims(text: string, taken: Ranges, quantities: Ranges, add: (claim: Claim) => void): void {
  for (const match of matchesOf(LABEL_COUNT, text)) {
    const label = match[1] as string;
    const topic = countTopics.of(label.toLowerCase());
    if (topic === undefined) continue;
    const start = match.index + match[0].indexOf(label);
    const end = match.index + match[0].length;
    if (taken.overlaps(start, end) || quantities.overlaps(start, end)) continue;
    const count = Number(match[2]);
    add({ kind: 'count', text: text.slice(start, end), start, end, count, topic: count === 0 ? noneTopic(topic) : topic });
  }
}

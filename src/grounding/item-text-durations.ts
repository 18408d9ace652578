// A duration in a text of an item that cites events under keys that name them is said of those
// events: `{ "event_index": 60, "what": "session extended by 10 minutes" }`, where #60 records
// `extended_by_minutes: 10`, says what #60 records, as "the session was extended by 10 minutes
// (#60)" does in a sentence (anchored-durations.ts), not that two events are that far apart.

import { recordedByCitation } from './anchored-durations.js';
import type { Checker } from './checker.js';
import { findClaims } from './find-claims.js';
import type { GroundingFinding } from './grounding-report.js';
import { citedByKeys } from './time-keys.js';
import { childPath, objectsOf } from './walk-answer.js';

/**
 * Judges again, in `findings` (a structured response's, by JSON path), each duration not found
 * `kept` in a string of an item that cites events under keys that name them: `kept` when a kept
 * event the item cites records or states a time it fits.
 */
export function keepRecordedItemDurations(value: unknown, findings: GroundingFinding[], checker: Checker): void {
  if (!findings.some((finding) => finding.kind === 'duration' && finding.verdict !== 'kept')) return;
  for (const place of objectsOf(value)) {
    const strings = place.entries.filter(([, inner]) => typeof inner === 'string');
    if (strings.length === 0) continue;
    const cited = citedByKeys(place.entries);
    if (cited.length === 0) continue;
    const paths = new Set(strings.map(([key]) => childPath(place.path, key)));
    findings.forEach((found, at) => {
      if (found.kind !== 'duration' || found.verdict === 'kept' || !paths.has(found.path)) return;
      // The finding quotes the duration as the answer words it ("by 10 minutes"): read again for its seconds.
      const claim = findClaims(found.text).find((other) => other.kind === 'duration');
      if (claim?.kind === 'duration' && recordedByCitation(cited, claim, checker)) findings[at] = { kind: found.kind, text: found.text, path: found.path, verdict: 'kept' };
    });
  }
}

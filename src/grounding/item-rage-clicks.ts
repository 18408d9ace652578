// The clicks of a rage click an item of a structured response cites: `{ "kind": "rage_click",
// "description": "\"Next\" clicked 5 times in a burst", "events": [13] }`, #13 a rage click of 5
// clicks. In a text answer the citation beside the count makes it the rage click's (see
// cited-count.ts); in an item the citation is under its own key, and the count in its text is of
// the events the item cites all the same.

import { EVENT_REFERENCE_KEY, EVENT_REFERENCES_KEY } from './answer-keys.js';
import type { Checker } from './checker.js';
import { isWithin } from './cited-kind.js';
import type { GroundingFinding } from './grounding-report.js';
import { numbersIn } from './iso-durations.js';
import { childPath, keyWords, objectsOf } from './walk-answer.js';

const WORDS: Readonly<Record<string, number>> = { twice: 2, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10 };
/** The number of times a count of clicks says: `clicked 5 times`, `×5`, `5x`, `clicked twice`. */
const TIMES = /\b(\d{1,3}|two|three|four|five|six|seven|eight|nine|ten)\s+times\b|[×x]\s?(\d{1,3})\b|\b(\d{1,3})x\b|\b(twice)\b/i;

/**
 * Judges again, in `findings` (a structured response's, by JSON path), each count of clicks found
 * not kept in a string of an item that cites, under a key that names events, a kept rage click
 * whose clicks are that many: `kept`, as the rage click's own count is.
 */
export function checkItemRageClicks(value: unknown, findings: GroundingFinding[], checker: Checker): void {
  if (!findings.some((finding) => finding.kind === 'count' && finding.verdict !== 'kept')) return;
  for (const place of objectsOf(value)) {
    const { entries } = place;
    const cited: number[] = [];
    for (const [key, inner] of entries) if (EVENT_REFERENCES_KEY.test(keyWords(key)) || EVENT_REFERENCE_KEY.test(keyWords(key))) numbersIn(inner, cited);
    const clicks = new Set(cited.map((index) => checker.keptEvent(index)).filter((event) => event?.type === 'rage-click' && event.count !== undefined).map((event) => event?.count));
    if (clicks.size === 0) continue;
    findings.forEach((found, at) => {
      if (found.kind !== 'count' || found.verdict === 'kept' || !isWithin(found.path, place.path) || !/click|tap|press/i.test(found.text)) return;
      const times = TIMES.exec(found.text);
      const said = times === null ? undefined : (times[2] ?? times[3] ?? times[1] ?? times[4] ?? '').toLowerCase();
      const count = said === undefined ? undefined : (WORDS[said] ?? Number(said));
      if (count !== undefined && clicks.has(count)) findings[at] = { kind: found.kind, text: found.text, path: found.path, verdict: 'kept' };
    });
  }
}

// An item of a structured response that cites one event under its key and says what it was in a
// text that starts with the event's type: `{ "event_index": 60, "what": "dead click on the
// declaration checkbox" }` where #60 is a custom event.

import type { Checker } from './checker.js';
import { anyTypes, isWithin, KIND_KEY, markItems, typeSaid, type Item } from './cited-kind.js';
import { countTopics } from './count-topics.js';
import { EVENT_REFERENCE_KEY } from './answer-keys.js';
import type { GroundingFinding } from './grounding-report.js';
import { keyWords, objectsOf } from './walk-answer.js';

/** Up to three words of letters (and `-`, `_`) that start a text, as a type would (`dead click on …`, `rage_click: …`). */
const LEADING_WORDS = /^[ \t]*([a-z]+(?:[ _-][a-z]+){0,2})/i;
const ERRORS = countTopics.of('errors');

/** The type said by the words a text starts with, or undefined; `error`, as often a form's message as an event, is none. */
function typeLeading(text: string): string | undefined {
  const words = LEADING_WORDS.exec(text)?.[1];
  const said = words === undefined ? undefined : typeSaid(words.replace(/_/g, ' '), false);
  return said === undefined || countTopics.of(said) === ERRORS ? undefined : said;
}

/**
 * Marks unsupported, in `findings` (a structured response's, with JSON paths), the event an item
 * cites under a key that names one event (`event_index`, `event`) when a text of the item starts
 * with a type of event (`"what": "dead click on …"`) and none of the events the item cites is of
 * it. Items that name their kind (`kind`, `type`) are left to markWrongKinds.
 */
export function markItemTextKinds(value: unknown, findings: GroundingFinding[], checker: Checker): void {
  if (!findings.some((finding) => finding.kind === 'event' && finding.verdict === 'kept')) return;
  const items: Item[] = [];
  for (const { path, entries } of objectsOf(value)) {
    const words = entries.map(([key]) => keyWords(key));
    if (path === '' || words.some((key) => KIND_KEY.test(key))) continue;
    if (!entries.some(([key, inner]) => typeof inner === 'number' && EVENT_REFERENCE_KEY.test(keyWords(key)))) continue;
    for (const [, inner] of entries) {
      const kind = typeof inner === 'string' ? typeLeading(inner) : undefined;
      if (kind === undefined) continue;
      // A type leading an item's text (no article, no number) is no count of its own, so a signal the
      // prompt shows none of is compared too (`"what": "dead click on …"` citing a click).
      items.push({ kind, holds: (finding) => isWithin(finding.path, path), naming: "the item's text", typesOf: anyTypes, shown: () => true });
      break;
    }
  }
  markItems(items, findings, checker);
}

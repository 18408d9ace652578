// `key: value` lines of a text answer, as models write notes or YAML without a fence:
//
//   dead_clicks: 2          a count, as under a key of a structured response (`errors: 0` denies)
//   events: [10, 13, 15]    events cited, as under a key that names events
//   event: 41               one event cited
//   export_id: exp_40918    a field with its value, as a backticked `export_id=exp_40918` is
//
// Only a whole line (after `- ` or `* ` at most, before a `# comment` at most) whose value is a
// number, a list of numbers or one token with a digit (no space, no colon): `Outcome: abandoned`
// and `Browser: Edge 131 on Windows 10` are prose. A field is a claim only when an event of the
// session has a field or property of that name (see ground-answer.ts).

import { countTopicOfKey, EVENT_REFERENCE_KEY, EVENT_REFERENCES_KEY } from './answer-keys.js';
import { matchesOf, type Ranges } from './claim-ranges.js';
import type { Claim } from './claim.js';
import { noneTopic } from './count-topics.js';
import { keyWords } from './walk-answer.js';
import { normalText } from './normal-text.js';
import type { Checker } from './checker.js';
import { ITEM_COUNT_KEY } from './item-counts.js';
import { inYamlItem } from './yaml-items.js';

const LINE =
  /^[ \t]*(?:[-*][ \t]+)?([A-Za-z_][A-Za-z0-9_]*(?:[-.][A-Za-z0-9_]+)*)[ \t]*:[ \t]*(?:(\[[ \t]*\d{1,7}(?:[ \t]*,[ \t]*\d{1,7})*[ \t]*\])|(\d{1,9}(?:\.\d+)?)|([A-Za-z0-9_][\w.-]*))(?=[ \t]+#|[ \t]*$)/gm;
const NUMBER_IN_LIST = /\d{1,7}/g;

/** Whether `text` may hold such a line (a cheap test before LINE runs): whether a line starts with a key and a colon. */
export function mayHoldKeyValueLines(text: string): boolean {
  for (let start = 0; start < text.length; start = text.indexOf('\n', start) + 1) {
    if (startsKeyLine(text, start)) return true;
    if (text.indexOf('\n', start) === -1) return false;
  }
  return false;
}

const isKeyStart = (code: number) => (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || code === 95;
const isKeyPart = (code: number) => isKeyStart(code) || (code >= 48 && code <= 57) || code === 45 || code === 46;

/** Whether the line at `start` begins as LINE does: spaces, a bullet, a key and a colon. */
function startsKeyLine(text: string, start: number): boolean {
  let at = start;
  while (text.charCodeAt(at) === 32 || text.charCodeAt(at) === 9) at++;
  if ((text.charCodeAt(at) === 45 || text.charCodeAt(at) === 42) && (text.charCodeAt(at + 1) === 32 || text.charCodeAt(at + 1) === 9)) at += 2;
  while (text.charCodeAt(at) === 32 || text.charCodeAt(at) === 9) at++;
  if (!isKeyStart(text.charCodeAt(at))) return false;
  while (isKeyPart(text.charCodeAt(at))) at++;
  while (text.charCodeAt(at) === 32 || text.charCodeAt(at) === 9) at++;
  return text.charCodeAt(at) === 58;
}

/** The claims of the `key: value` lines of `text` that overlap no claim taken before. */
export function keyValueClaims(text: string, taken: Ranges, quantities: Ranges, add: (claim: Claim) => void, addEvent: (claim: Claim & { kind: 'event' }) => void): void {
  for (const match of matchesOf(LINE, text)) {
    const key = match[1] as string;
    const valueText = match[2] ?? match[3] ?? match[4] ?? '';
    const end = match.index + match[0].length;
    const valueStart = end - valueText.length;
    const start = match.index + match[0].indexOf(key);
    if (taken.overlaps(start, end) || quantities.overlaps(start, end)) continue;
    const words = keyWords(key);
    if (match[2] !== undefined) {
      if (!EVENT_REFERENCES_KEY.test(words)) continue;
      for (const number of matchesOf(NUMBER_IN_LIST, valueText)) {
        const at = valueStart + number.index;
        addEvent({ kind: 'event', text: `#${number[0]}`, start: at, end: at + number[0].length, index: Number(number[0]) });
      }
      continue;
    }
    const written = text.slice(start, end);
    if (match[3] !== undefined && /^\d+$/.test(valueText)) {
      const number = Number(valueText);
      if (EVENT_REFERENCE_KEY.test(words)) {
        addEvent({ kind: 'event', text: `#${valueText}`, start: valueStart, end, index: number });
        continue;
      }
      const topic = countTopicOfKey(words);
      if (topic !== undefined) {
        add({ kind: 'count', text: written, start, end, count: number, topic: number === 0 ? noneTopic(topic) : topic });
        continue;
      }
    }
    // A token without a digit (`frequency: weekly`) says too little to be a field's value.
    if (match[4] !== undefined && !/\d/.test(valueText)) continue;
    // `count: 2` of a YAML item with a kind is its number of events (see yaml-items.ts), not an event's `count`.
    if (ITEM_COUNT_KEY.test(words) && inYamlItem(text, start)) continue;
    add({ kind: 'text', text: written, start, end, quote: written, field: key });
  }
}

/** A `key: value` line's field that no event of the session has (`range: last_12m`, where `range` is only a URL's parameter): no claim. */
export function unknownField(claim: Claim, checker: Checker): boolean {
  if (claim.kind !== 'text' || claim.field === undefined) return false;
  const key = `${normalText(claim.field)}: `;
  return checker.textPiece('kept', key) === undefined && checker.textPiece('dropped', key) === undefined;
}

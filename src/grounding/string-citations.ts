// Models write an event's index as a string as often as a number in a structured response
// (`"event_ids": [12, "14"]`, `"event_id": "37"`): under a key that names events, a string of
// digits alone is the index it spells, and is read as the number would be.

import { EVENT_REFERENCE_KEY, EVENT_REFERENCES_KEY } from './answer-keys.js';
import { keyWords, objectsOf } from './walk-answer.js';

const DIGITS = /^\d{1,7}$/;

const isCitingKey = (key: string): boolean => {
  const words = keyWords(key);
  return EVENT_REFERENCE_KEY.test(words) || EVENT_REFERENCES_KEY.test(words);
};

/** Whether `value`, or an array in it at any depth, is a string of digits alone. */
const spellsIndex = (value: unknown): boolean => (typeof value === 'string' ? DIGITS.test(value) : Array.isArray(value) && value.some(spellsIndex));

/** `value` with its strings of digits read as numbers, in arrays at any depth. */
const asNumbers = (value: unknown): unknown => (typeof value === 'string' && DIGITS.test(value) ? Number(value) : Array.isArray(value) ? value.map(asNumbers) : value);

/**
 * `answer` with every string of digits under a key that names events (alone or in its lists) read
 * as a number; the same object when it has none, as almost every answer has (its JSON paths stay
 * as they are either way).
 */
export function withNumberCitations(answer: unknown): unknown {
  let spelled = false;
  for (const { entries } of objectsOf(answer)) if (entries.some(([key, inner]) => isCitingKey(key) && spellsIndex(inner))) spelled = true;
  if (!spelled) return answer;
  return JSON.parse(JSON.stringify(answer), function (this: unknown, key: string, value: unknown) {
    return key !== '' && !Array.isArray(this) && isCitingKey(key) ? asNumbers(value) : value;
  }) as unknown;
}

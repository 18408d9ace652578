// What the keys of a structured answer (or of a `key: value` line of a text answer) name: one
// event, a list of events, or a count of events.

import { countTopics, type CountTopic } from './count-topics.js';

/**
 * A key whose number cites one event (`event: 33`, `eventIndex: 33`, `first_event: 0`), and one
 * whose list of numbers cites events (`events: [0, 16, 33]`, `key_events`, `event_ids`); a number
 * alone under `events` is a count. Both are read of a key's words (see keyWords).
 */
export const EVENT_REFERENCE_KEY = /^(?:[a-z]+ ){0,3}event(?: (?:index|id|ref|reference|number|no))?$|^(?:event )?index$/;
export const EVENT_REFERENCES_KEY = /^(?:[a-z]+ ){0,3}events?(?: (?:index(?:es)?|indices|ids?|refs?|references|numbers?|cited))?$|^(?:event )?ind(?:ices|exes)$|^(?:cited|evidence|refs|references|citations)$/;

/** What a number under a key with these words counts (`dead clicks`, `error count`, `num dead clicks`, `total errors`), if it counts events. */
export function countTopicOfKey(words: string): CountTopic | undefined {
  return countTopics.of(words.replace(/ count$|^count of |^num |^number of | total$|^total /g, ''));
}

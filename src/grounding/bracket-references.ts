// Citations without `#` that models write for events all the same: a number in square brackets,
// as footnotes are cited (`the toast [15]`, `[4][5]`, Markdown's `the toast[^15]`), and the numbers of a list after the word
// `events` or its abbreviation (`(events 45, 46 and 47)`, `(ev. 57, 58)`; its first number is read as `events 12` is, see find-claims.ts),
// and `e` glued to an index in round brackets that hold only such (`(e62)`, `(e55, e56)`).

import { matchesOf } from './claim-ranges.js';

/**
 * `[15]`, `[4][5]`: not an index glued to a name (`claims[0]`, `items[2]`), a Markdown link's
 * text (`[1](https://…)`), a footnote's definition (`[1]: …`) or a number with more after it. A
 * Markdown footnote's marker (`[^41]`) may be glued to the word it follows (`uploaded[^44]`).
 */
const BRACKETED = /(?<![\w[])\[(\d{1,7})\](?![(:\w])|\[\^(\d{1,7})\](?![(:\w])/g;
/** `events 45, 46 and 47`, `events 8, 9 & 12`: group 1 the numbers after the first (not a measure after them: `events 3, 4 and 5 seconds apart`). */
const EVENT_LIST = /\b(?:events|evts?\.?|ev\.)\s+#?\d{1,7}((?:\s*(?:,|&|\band\b)\s*#?\d{1,7}){1,40})(?![\w-]|[.,]\d|\s*(?:times?|x|seconds?|minutes?|s|ms|%)\b)/gi;
const LISTED = /\d{1,7}/g;
/** `(e12)`, `(e55, e56)`, `(e9 and e10)`, `(evt-47, e99)`, `(E12, E14)`: an `e` in either case and an event's index, in round brackets that hold only citations. */
const E_LISTED = /(?<=\((?:(?:e|evt?-|#)\d{1,7}(?:\s*,\s*|\s+and\s+))*)e(\d{1,7})(?=(?:(?:\s*,\s*|\s+and\s+)(?:e|evt?-|#)\d{1,7})*\))/gi;

/** A citation as find-claims reads a reference's match: the text, group 1 the event's index, `index` where it starts. */
const citation = (text: string, event: string, index: number): RegExpExecArray => Object.assign([text, event], { index, input: '', groups: undefined }) as RegExpExecArray;

/** The bracketed citations and the further numbers of event lists of `text`. */
export function bracketCitations(text: string): RegExpExecArray[] {
  const found: RegExpExecArray[] = [];
  if (text.includes('[')) {
    for (const match of matchesOf(BRACKETED, text)) found.push(citation(match[0], (match[1] ?? match[2]) as string, match.index));
  }
  if (/(?:events|\bevts?\.?|\bev\.)\s/i.test(text)) {
    for (const match of matchesOf(EVENT_LIST, text)) {
      const list = match[1] as string;
      const listStart = match.index + match[0].length - list.length;
      for (const number of matchesOf(LISTED, list)) found.push(citation(number[0], number[0], listStart + number.index));
    }
  }
  if (/\(e/i.test(text)) for (const match of matchesOf(E_LISTED, text)) found.push(citation(match[0], match[1] as string, match.index));
  return found;
}

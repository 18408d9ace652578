// The citations without `#` of a bracketed list that starts with one: "(#33, 34, 40)".

import { matchesOf } from './claim-ranges.js';

/**
 * A bracketed list of citations that starts with `#N` ("(#33, 34, 40)", "[#3; 5–7 and 9]"): the
 * numbers without `#` after it cite events too. Looked for only in texts holding `(#` or `[#`.
 */
const CITATION_GROUP = /[([]#\d{1,7}(?:\s*(?:[-–—]|\.\.|to)\s*#?\d{1,7})?(?:\s*(?:,|;|&|and)\s*#?\d{1,7}(?:\s*(?:[-–—]|\.\.|to)\s*#?\d{1,7})?)+\s*[)\]]/g;
/** A number of a citation group without `#` (a range's end after `#` is part of its reference). */
const BARE_REFERENCE = /(?<=[([,;&]\s*|\band\s+)(\d{1,7})(?:\s*(?:[-–—]|\.\.|to)\s*#?(\d{1,7}))?(?!\d)/g;

/** The references without `#` of the citation groups of `text`, placed in it. */
export function bareReferences(text: string): RegExpExecArray[] {
  const found: RegExpExecArray[] = [];
  for (const group of matchesOf(CITATION_GROUP, text)) {
    for (const match of matchesOf(BARE_REFERENCE, group[0])) {
      match.index += group.index;
      found.push(match);
    }
  }
  return found;
}

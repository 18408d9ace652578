// What every preset provides: a cheap pre-check and a finder of spans, both over one text's facts.

import type { TextFacts } from './text-facts.js';

/** A span of a text [start, end). */
export interface Span {
  readonly start: number;
  readonly end: number;
}

/** One preset's detector of personal data in free text. */
export interface Detector {
  /** A cheap test: when false, `find` could not match anything. */
  readonly mayMatch: (facts: TextFacts) => boolean;
  readonly find: (facts: TextFacts) => Span[];
}

/**
 * Every match of a global `regex` in `text`, as `text.matchAll(regex)` finds them, without the
 * copy of the regular expression that matchAll makes on each call (most of the cost on a short
 * text). The regex's `lastIndex` is 0 before and after.
 */
export function matchesOf(regex: RegExp, text: string): RegExpExecArray[] {
  const matches: RegExpExecArray[] = [];
  regex.lastIndex = 0;
  for (let match = regex.exec(text); match !== null; match = regex.exec(text)) {
    matches.push(match);
    // As matchAll does, an empty match moves the search on by one character.
    if (match[0] === '') regex.lastIndex++;
  }
  regex.lastIndex = 0;
  return matches;
}

/** The spans of every match of a global `regex` in `text`. */
export function spansOf(regex: RegExp, text: string): Span[] {
  const spans: Span[] = [];
  for (const match of matchesOf(regex, text)) spans.push({ start: match.index, end: match.index + match[0].length });
  return spans;
}

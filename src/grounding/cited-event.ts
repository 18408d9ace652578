// Whether an event an answer cites is what the words citing it say: "a dead click (#35)" where #35
// is a rage click, "“Apply coupon” (#30)" where #30 is what was typed into the coupon field,
// "/api/coupon (#34)" where #34 is a console error. Each cited event exists and the prompt showed
// it, so an event reference alone is kept; but what the answer says of it was never recorded.
//
// Only words that describe one event are compared with a citation: a signal or a click said of
// one ("a dead click on the total (#36)", "clicked “Apply coupon” (#31)", in its clause and near
// it), and a URL, quote or selector written right before it ("`POST /api/coupon` (#33)",
// "“TypeError: total is undefined”, #34"); or right after a citation that starts its line ("- #35:
// a rage click on …"). A count of many ("7 dead clicks … (#41)") or a quote further away ("put
// „Trailhead Rain Jacket“ in the cart (#16)", the product of an Add to cart click) says what
// happened around the event, not what it is. The citation is wrong only when the prompt supports
// such words and none of them is true of the cited event.

import type { SessionEvent } from '../session/session-schema.js';
import type { Checker } from './checker.js';
import { eventTexts, eventUrls } from './event-strings.js';
import type { Claim } from './find-claims.js';
import { normalText } from './normal-text.js';
import { normalSelector } from './session-facts.js';
import { selectorParts, selectorPartsMatch } from './selector-match.js';
import { normalUrl } from './url-keys.js';

/** The end of a clause: a sentence's end (`.`, `;`, `!`, `?` before a space or the end), a line's end. */
const CLAUSE_END = /[.;!?](?=\s|$)|\n/g;
/** What may start a line before a citation that leads it: a list's marker, a bracket, "event". */
const LEADING = /^[\s\-*•+>(\[]*(?:\d+[.)]\s*)?(?:events?\s*)?$/i;
/** Between a URL, quote or selector and the citation right after it: closing quotes, `(`, `,`, `:`, a dash. */
const ADJACENT_BEFORE = /^[\s"'”’»“`*]*[(,:\u2013\u2014-]?\s*$/;
/** Between a leading citation and the words right after it: `)`, `:`, a dash. */
const ADJACENT_AFTER = /^[\s)*]*[:\u2013\u2014-]?\s*[\s"'“‘«„`*]*$/;
/** How far a signal or click said of one event may be from the citation. */
const NEAR = 60;

/** A claim of the answer, and whether the prompt supports it. */
export interface CheckedClaim {
  readonly claim: Claim;
  readonly kept: boolean;
}

/**
 * Why the event cited by `checked[at]` (a single event reference the prompt showed) is not what
 * the words describing it say, or undefined when one of them is true of it or there are none.
 */
export function wrongCitation(text: string, checked: readonly CheckedClaim[], at: number, checker: Checker): string | undefined {
  const citation = checked[at]?.claim;
  if (citation?.kind !== 'event' || !isSingle(citation)) return undefined;
  const event = checker.keptEvent(citation.index);
  if (event === undefined) return undefined;
  // "to /pricing (#12, #13)": the words describe the group, and one of its events is enough.
  const [first, last] = groupAround(text, checked, at);
  const head = (checked[first] as CheckedClaim).claim;
  const clauseStart = lastClauseEnd(text, head.start);
  let claims = describing(checked, first, -1, text, clauseStart, head.start);
  if (claims.length === 0 && LEADING.test(text.slice(clauseStart, head.start))) claims = describing(checked, last, 1, text, (checked[last] as CheckedClaim).claim.end, nextClauseEnd(text, (checked[last] as CheckedClaim).claim.end));
  if (claims.length === 0) return undefined;
  for (let position = first; position <= last; position++) {
    const member = (checked[position] as CheckedClaim).claim;
    if (member.kind === 'event' && isSingle(member) && claims.some((claim) => isTrueAt(claim, member.index, checker))) return undefined;
  }
  const said = claims.map((claim) => (/^["'“‘«„`]/.test(claim.text) ? claim.text : `“${claim.text}”`)).join(', ');
  return `#${citation.index} is ${/^[aeiou]/.test(event.type) ? 'an' : 'a'} ${event.type} event, not what the answer says of it (${said})`;
}

/** A reference to one event: `#35`, not a range or an event inside one. */
const isSingle = (claim: Claim & { kind: 'event' }): boolean => claim.inside !== true && claim.text.replace(/^#\d+/, '') === '';

/** Between two references of one group: `, `, ` and `, ` & `. */
const BETWEEN_REFERENCES = /^[\s,&]*(?:and\s*)?$/;

/** The positions in `checked` of the first and last references of the group the reference at `at` is in (`#12, #13`, `#4 and #6`). */
function groupAround(text: string, checked: readonly CheckedClaim[], at: number): [number, number] {
  const joined = (left: number, right: number) => {
    const a = checked[left]?.claim;
    const b = checked[right]?.claim;
    return a?.kind === 'event' && b?.kind === 'event' && BETWEEN_REFERENCES.test(text.slice(a.end, b.start));
  };
  let first = at;
  while (first > 0 && joined(first - 1, first)) first--;
  let last = at;
  while (last + 1 < checked.length && joined(last, last + 1)) last++;
  return [first, last];
}

/**
 * The kept claims that describe one event, from `from` to `to` of the text, walking `checked`
 * from `at` in `step` up to another reference: a count of one near the citation, a URL, quote or
 * selector adjacent to it.
 */
function describing(checked: readonly CheckedClaim[], at: number, step: 1 | -1, text: string, from: number, to: number): Claim[] {
  const claims: Claim[] = [];
  const citation = (checked[at] as CheckedClaim).claim;
  for (let position = at + step; position >= 0 && position < checked.length; position += step) {
    const { claim, kept } = checked[position] as CheckedClaim;
    if (claim.start < from || claim.end > to) {
      if (step === 1 ? claim.start >= to : claim.end <= from) break;
      continue;
    }
    if (claim.kind === 'event') break;
    if (!kept) continue;
    const between = step === -1 ? text.slice(claim.end, citation.start) : text.slice(citation.end, claim.start);
    if (claim.kind === 'count') {
      if (claim.count === 1 && claim.topic.none !== true && between.length <= NEAR) claims.push(claim);
    } else if (claim.kind === 'url' || claim.kind === 'text' || claim.kind === 'selector') {
      if ((step === -1 ? ADJACENT_BEFORE : ADJACENT_AFTER).test(between)) claims.push(claim);
    }
  }
  return claims;
}

/** How far back a clause is looked for: a citation's words are near it. */
const CLAUSE_WINDOW = 300;

function lastClauseEnd(text: string, before: number): number {
  const from = Math.max(0, before - CLAUSE_WINDOW);
  let end = from;
  CLAUSE_END.lastIndex = from;
  for (let match = CLAUSE_END.exec(text); match !== null && match.index < before; match = CLAUSE_END.exec(text)) end = match.index + 1;
  CLAUSE_END.lastIndex = 0;
  return end;
}

function nextClauseEnd(text: string, after: number): number {
  // "#35: a rage click…", "#35 — a rage click…": the separator after a leading citation ends nothing.
  CLAUSE_END.lastIndex = after + (/^[\s):\u2013\u2014-]*/.exec(text.slice(after, after + 8))?.[0].length ?? 0);
  const match = CLAUSE_END.exec(text);
  CLAUSE_END.lastIndex = 0;
  return match === null ? text.length : match.index;
}

/** Kept events a click's page load or request may come after it, and a page load after its click. */
const CAUSE_DISTANCE = 2;
const CLICKS: ReadonlySet<string> = new Set(['click', 'rage-click', 'dead-click', 'error-click']);

/**
 * Whether `claim` holds of the kept event at `index`, or of what it caused or was caused by: "opened
 * /cart (#19)" citing the click on View cart whose page load (#20) opened /cart, "clicked “View
 * cart” (#20)" citing that page load. A type (a dead click, a console error) holds of the event itself only.
 */
function isTrueAt(claim: Claim, index: number, checker: Checker): boolean {
  const event = checker.keptEvent(index);
  if (event === undefined) return false;
  if (isTrueOf(claim, event)) return true;
  if (claim.kind === 'count') return false;
  for (let distance = 1; distance <= CAUSE_DISTANCE; distance++) {
    if (CLICKS.has(event.type) && claim.kind === 'url') {
      const after = checker.keptEvent(index + distance);
      if (after !== undefined && isTrueOf(claim, after)) return true;
    }
    if (event.type === 'navigate' && claim.kind !== 'url') {
      const before = checker.keptEvent(index - distance);
      if (before !== undefined && CLICKS.has(before.type) && isTrueOf(claim, before)) return true;
    }
  }
  return false;
}

/** Whether `claim` holds of `event`: its type for a count, a URL, text or selector it holds. */
function isTrueOf(claim: Claim, event: SessionEvent): boolean {
  switch (claim.kind) {
    case 'count':
      // "clicked “In stock”": a click, and on that element.
      return claim.topic.types.includes(event.type) && (claim.topic.on === undefined || isTrueOf({ ...claim, kind: 'text', quote: claim.topic.on }, event));
    case 'url': {
      const wanted = normalUrl(claim.url);
      return eventUrls(event).some((url) => {
        const normal = normalUrl(url);
        return normal.includes(wanted) || wanted.includes(normal);
      });
    }
    case 'text': {
      const wanted = normalText(claim.quote);
      return eventTexts(event).some((value) => {
        const normal = normalText(value);
        return normal.includes(wanted) || (normal.length >= 4 && wanted.includes(normal));
      });
    }
    case 'selector': {
      const selector = event.target?.selector;
      if (selector === undefined) return false;
      if (normalSelector(selector).includes(normalSelector(claim.selector))) return true;
      const recorded = selectorParts(selector);
      const wanted = selectorParts(claim.selector);
      return recorded !== undefined && wanted !== undefined && selectorPartsMatch(recorded, wanted);
    }
    default:
      return true;
  }
}

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
import { eventTexts, eventUrls, holdsPair } from './event-strings.js';
import type { Claim } from './find-claims.js';
import { indexOfAmount, indexOfWords, looseText, normalText, withoutInnerHyphens } from './normal-text.js';
import { elidedPieces, holdsPieces } from './elided-quotes.js';
import { normalSelector } from './session-facts.js';
import { selectorParts, selectorPartsMatch } from './selector-match.js';
import { holdsQuery, normalUrl } from './url-keys.js';

/** What may start a line before a citation that leads it: a list's marker, a bracket, "event". */
const LEADING = /^[\s\-*•+>(\[]*(?:\d+[.)]\s*)?(?:events?\s*)?$/i;
/** The most characters of such a start. */
const LEADING_MAX = 16;
/** Between a URL, quote or selector and the citation right after it, on one line: closing quotes, `(`, `,`, `:`, a dash. */
const ADJACENT_BEFORE = /^[ \t"'”’»“`*]*[(,:\u2013\u2014-]?[ \t]*$/;
/** Between a leading citation and the words right after it: `)`, `:`, a dash. */
const ADJACENT_AFTER = /^[ \t)*]*[:\u2013\u2014-]?[ \t"'“‘«„`*]*$/;
/** The end of a clause: a sentence's end (`.`, `;`, `!`, `?` before a space or the end), a line's end. */
const CLAUSE_END = /[.;!?](?:\s|$)|\n/;
/**
 * Whether a comma between a signal and a citation ends the signal's clause: one with words after
 * it (`after a JavaScript error, they gave up on /quote (#65)`), not the last mark before the
 * citation (`a dead click on the banner, #12`).
 */
function endsClauseWithComma(between: string): boolean {
  const comma = between.indexOf(',');
  return comma !== -1 && /[\p{L}\p{N}]/u.test(between.slice(comma + 1));
}

/** How far a signal or click said of one event may be from the citation. */
const NEAR = 60;
/** How far back a claim may start and still end next to a citation (a long quote). */
const WINDOW = 400;

/** A claim of the answer with its finding. */
export interface CheckedClaim {
  readonly claim: Claim;
  readonly found: { readonly verdict: string };
}

/** What the words describing a group of citations say wrongly of it, once per group; null when nothing. */
interface GroupWords {
  /** The claims the answer makes of the group, as the message quotes them. */
  readonly said: string;
  /** Whether it is the page written before the group that none of its events is on. */
  readonly wrongPage: boolean;
}

/** The groups of an answer's citations by their first position, each judged once (a clause of 10,000 citations is one group). */
const judgedGroups = new WeakMap<readonly CheckedClaim[], Map<number, GroupWords | null>>();

/**
 * Why the event cited by `checked[at]` (a single event reference the prompt showed) is not what
 * the words describing it say, or undefined when one of them is true of it or there are none.
 * `checked` is in the order of the claims' starts.
 */
export function wrongCitation(text: string, checked: readonly CheckedClaim[], at: number, checker: Checker): string | undefined {
  const citation = checked[at]?.claim;
  if (citation?.kind !== 'event' || !isSingle(citation)) return undefined;
  // "to /pricing (#12, #13)": the words describe the group, and one of its events is enough.
  const [first, last] = groupAround(text, checked, at);
  let judged = judgedGroups.get(checked);
  if (judged === undefined) judgedGroups.set(checked, (judged = new Map()));
  let words = judged.get(first);
  if (words === undefined) judged.set(first, (words = groupWords(text, checked, first, last, checker)));
  if (words === null) return undefined;
  const event = checker.keptEvent(citation.index);
  if (event === undefined) return undefined;
  const page = words.wrongPage ? pageOf(citation.index, checker) : undefined;
  return `#${citation.index} is ${/^[aeiou]/.test(event.type) ? 'an' : 'a'} ${event.type} event${page === undefined ? '' : ` on ${page}`}, not what the answer says of it (${words.said})`;
}

/** What the words describing the group of citations `first`..`last` say that is true of none of its events; null when nothing. */
function groupWords(text: string, checked: readonly CheckedClaim[], first: number, last: number, checker: Checker): GroupWords | null {
  const head = (checked[first] as CheckedClaim).claim;
  let claims = describingBefore(checked, first, text, head.start);
  if (claims.length === 0 && leadsItsLine(text, head.start)) claims = describingAfter(checked, last, text, (checked[last] as CheckedClaim).claim.end);
  if (claims.length === 0) claims = pageLoadedAfter(checked, last, text);
  if (claims.length === 0) return null;
  const members: number[] = [];
  for (let position = first; position <= last; position++) {
    const member = (checked[position] as CheckedClaim).claim;
    if (member.kind === 'event' && isSingle(member)) members.push(member.index);
  }
  const trueOfGroup = (claim: Claim) => members.some((index) => isTrueAt(claim, index, checker));
  // A URL written right before the citation is the page of its event (`on /cart (#36)`): wrong
  // when it is of none of them, whatever else is said of them (`a dead click on /cart (#36)`).
  const wrongPage = claims.find((claim) => claim.kind === 'url' && !trueOfGroup(claim));
  if (wrongPage === undefined && claims.some(trueOfGroup)) return null;
  const said = (wrongPage === undefined ? claims : [wrongPage]).map((claim) => (/^["'“‘«„`]/.test(claim.text) ? claim.text : `“${claim.text}”`)).join(', ');
  return { said, wrongPage: wrongPage !== undefined };
}

/** How many kept events back the page an event happened on is looked for. */
const PAGE_REACH = 200;

/**
 * The URL of the page the kept event at `index` happened on: its own if it is a page load, else
 * that of the last page load the prompt showed before it in its tab (within PAGE_REACH kept
 * events); undefined when none is shown that close.
 */
export function pageOf(index: number, checker: Checker): string | undefined {
  const cited = checker.keptEvent(index);
  if (cited === undefined) return undefined;
  for (let at = index, seen = 0; at >= 0 && seen <= PAGE_REACH; at--) {
    const event = checker.keptEvent(at);
    if (event === undefined) continue;
    seen++;
    if (event.type === 'navigate' && inSameTab(event, cited)) return typeof event.url === 'string' ? event.url : undefined;
  }
  return undefined;
}

/** The tab an event happened in, as its session records it: `tab`, or `window` (an rrweb import's); undefined when not recorded. */
function tabOf(event: SessionEvent): unknown {
  const fields = event as Readonly<Record<string, unknown>>;
  return fields['tab'] ?? fields['window'];
}

/** Whether two events happened in one tab, as far as the session tells (a session that records no tab is one). */
function inSameTab(left: SessionEvent, right: SessionEvent): boolean {
  const tab = tabOf(left);
  const other = tabOf(right);
  return tab === undefined || other === undefined || tab === other;
}

/** A reference to one event: `#35`, not a range or an event inside one. */
// One event cited: `#12`, or in square brackets as footnotes cite it (`[12]`, `[^12]`).
const isSingle = (claim: Claim & { kind: 'event' }): boolean => claim.inside !== true && claim.text.replace(/^(?:#\d+|\[\^?\d+\])/, '') === '';

/** Between two references of one group: `, `, ` and `, ` & `, and the word glued to the next one's `#` (`event#11, event#12`). */
const BETWEEN_REFERENCES = /^[\s,&]*(?:and\s*)?(?:event)?$/i;

/** The groups found so far of an answer's citations, by position: each group is walked once. */
const groupsAt = new WeakMap<readonly CheckedClaim[], (readonly [number, number] | undefined)[]>();

/** The positions in `checked` of the first and last references of the group the reference at `at` is in (`#12, #13`, `#4 and #6`). */
function groupAround(text: string, checked: readonly CheckedClaim[], at: number): readonly [number, number] {
  const known = groupsAt.get(checked)?.[at];
  if (known !== undefined) return known;
  const joined = (left: number, right: number) => {
    const a = checked[left]?.claim;
    const b = checked[right]?.claim;
    return a?.kind === 'event' && b?.kind === 'event' && BETWEEN_REFERENCES.test(text.slice(a.end, b.start));
  };
  let first = at;
  while (first > 0 && joined(first - 1, first)) first--;
  let last = at;
  while (last + 1 < checked.length && joined(last, last + 1)) last++;
  const group = [first, last] as const;
  if (last > first) {
    let groups = groupsAt.get(checked);
    if (groups === undefined) groupsAt.set(checked, (groups = []));
    for (let position = first; position <= last; position++) groups[position] = group;
  }
  return group;
}

/** Whether the citation at `start` leads its line or sentence ("- #35: …", "1. #35 — …"). */
function leadsItsLine(text: string, start: number): boolean {
  // The line's start, when it is within LEADING_MAX characters (looked for that far back only: an answer may be one long line).
  let from = start;
  const reach = Math.max(0, start - LEADING_MAX);
  while (from > reach && text.charCodeAt(from - 1) !== 0x0a) from--;
  if (from > 0 && text.charCodeAt(from - 1) !== 0x0a) {
    // A sentence's end within the few characters before: the citation leads the next sentence.
    const piece = text.slice(from, start);
    const end = Math.max(piece.lastIndexOf('. '), piece.lastIndexOf('; '));
    if (end === -1) return false;
    from += end + 2;
  }
  return LEADING.test(text.slice(from, start));
}

/**
 * The kept claims that describe one event and end right before `start` (the citation), walking
 * back from `first`: a count of one within NEAR characters in the same clause, a URL, quote or
 * selector adjacent to it on its line.
 */
function describingBefore(checked: readonly CheckedClaim[], first: number, text: string, start: number): Claim[] {
  const claims: Claim[] = [];
  for (let position = first - 1; position >= 0; position--) {
    const { claim, found } = checked[position] as CheckedClaim;
    if (claim.start < start - WINDOW) break;
    if (claim.kind === 'event') break;
    if (claim.end > start || found.verdict !== 'kept' || isSaidOfCitationBefore(checked, position, text)) continue;
    if (describes(claim, text.slice(claim.end, start), ADJACENT_BEFORE)) claims.push(claim);
  }
  return claims;
}

/** Between a citation and a count said of it: `#33 was a network error`, `#33: a network error`. */
const SAID_OF_CITATION = /^[ \t*)\]]*(?:(?:is|was|were|are)[ \t]+|:[ \t]*)$/i;

/**
 * Whether the claim at `position` is a count said of the citation right before it (`#33 was a
 * network error and #34 …`): it describes that one, not the citation after it.
 */
function isSaidOfCitationBefore(checked: readonly CheckedClaim[], position: number, text: string): boolean {
  const claim = (checked[position] as CheckedClaim).claim;
  const before = checked[position - 1]?.claim;
  return claim.kind === 'count' && before?.kind === 'event' && SAID_OF_CITATION.test(text.slice(before.end, claim.start));
}

/** The same after a citation that leads its line, from `end`: up to the next reference. */
function describingAfter(checked: readonly CheckedClaim[], last: number, text: string, end: number): Claim[] {
  const claims: Claim[] = [];
  for (let position = last + 1; position < checked.length; position++) {
    const { claim, found } = checked[position] as CheckedClaim;
    if (claim.kind === 'event' || claim.start - end > WINDOW) break;
    if (found.verdict !== 'kept') continue;
    if (describes(claim, text.slice(end, claim.start), ADJACENT_AFTER)) claims.push(claim);
  }
  return claims;
}

/** Between a citation and the URL it is said to have loaded: `loaded`, `opened`, `went to`, `navigated to`, `redirected to`, `led to`, `landed on`. */
const LOADED_AFTER = /^[ \t)*]*(?:loaded|opened|went to|navigated to|redirected to|led to|landed on)[ \t]+[`"'“‘]?$/i;

/** The URL a citation anywhere is said to have loaded right after it (`#20 loaded /checkout`), if it is a kept claim. */
function pageLoadedAfter(checked: readonly CheckedClaim[], last: number, text: string): Claim[] {
  const next = checked[last + 1];
  if (next === undefined || next.claim.kind !== 'url' || next.found.verdict !== 'kept') return [];
  return LOADED_AFTER.test(text.slice((checked[last] as CheckedClaim).claim.end, next.claim.start)) ? [next.claim] : [];
}

/** Whether `claim`, `between` it and the citation, describes the cited event. */
function describes(claim: Claim, between: string, adjacent: RegExp): boolean {
  if (claim.kind === 'count') return claim.count === 1 && claim.topic.none !== true && between.length <= NEAR && !CLAUSE_END.test(between) && !endsClauseWithComma(between);
  // A device (`in Chrome 131 on Linux (#19)`) is the session's, not one event's.
  if (claim.kind === 'text' && claim.device !== undefined) return false;
  if (claim.kind === 'url' || claim.kind === 'text' || claim.kind === 'selector') return adjacent.test(between);
  return false;
}

/** Kept events a click's page load or request may come after it, and a page load after its click. */
const CAUSE_DISTANCE = 2;

/** Clicks that may cause what follows them: a dead click and a rage click are clicks the page did not answer. */
const CAUSING_CLICKS: readonly string[] = ['click', 'error-click'];

/**
 * Whether `claim` holds of the kept event at `index`, or of what it caused or was caused by: "opened
 * /cart (#19)" citing the click on View cart whose page load (#20) opened /cart, "clicked “View
 * cart” (#20)" citing that page load; a value typed, of the message the page shows right after the
 * input ("rejected “85k” (#44)"). A type (a dead click, a console error) holds of the event itself only.
 */
export function isTrueAt(claim: Claim, index: number, checker: Checker): boolean {
  const event = checker.keptEvent(index);
  if (event === undefined) return false;
  if (isTrueOf(claim, event)) return true;
  if (claim.kind === 'count') return false;
  // "on /checkout (#36)": the page the event happened on (unknown when the prompt shows no page load close before it).
  if (claim.kind === 'url' && event.type !== 'navigate') {
    const page = pageOf(index, checker);
    if (page === undefined || isTrueOf(claim, { type: 'navigate', url: page } as SessionEvent)) return true;
  }
  if (event.type === 'input-change' && claim.kind === 'url' && leadsToSearch(claim, index, event, checker)) return true;
  for (let distance = 1; distance <= CAUSE_DISTANCE; distance++) {
    if (CAUSING_CLICKS.includes(event.type) && claim.kind === 'url') {
      const after = checker.keptEvent(index + distance);
      if (after !== undefined && (inSameTab(after, event) || opensItsTab(index + distance, checker)) && isTrueOf(claim, after)) return true;
    }
    if (event.type === 'navigate' && claim.kind !== 'url') {
      const before = checker.keptEvent(index - distance);
      if (before !== undefined && CAUSING_CLICKS.includes(before.type) && inSameTab(before, event) && isTrueOf(claim, before)) return true;
    }
    // "the salary field rejected “85K” (#44)": a message the page shows right after an input answers the value typed.
    if (event.type === 'element-seen' && claim.kind === 'text') {
      const before = checker.keptEvent(index - distance);
      if (before?.type === 'input-change' && inSameTab(before, event) && isTrueOf(claim, before)) return true;
    }
  }
  return false;
}

/**
 * Whether the kept event at `index` is a page load that opens its tab (no kept event of that tab
 * within PAGE_REACH before it): a click just before it in another tab opened it (a ctrl-click, a
 * link to a new tab).
 */
function opensItsTab(index: number, checker: Checker): boolean {
  const load = checker.keptEvent(index);
  const tab = load === undefined ? undefined : tabOf(load);
  if (load?.type !== 'navigate' || tab === undefined) return false;
  for (let at = index - 1, seen = 0; at >= 0 && seen < PAGE_REACH; at--) {
    const event = checker.keptEvent(at);
    if (event === undefined) continue;
    seen++;
    if (tabOf(event) === tab) return false;
  }
  return true;
}

/** Kept events after an input its submitted page may load (the input, a click on Search, a custom event, the page load). */
const SUBMIT_DISTANCE = 4;

/**
 * Whether the URL `claim` is of a page loaded in the same tab shortly after the input at `index`
 * whose address holds the value typed (`the query (#3) led to /search?q=m8+hex+bolt (#6)`).
 */
function leadsToSearch(claim: Claim, index: number, input: SessionEvent, checker: Checker): boolean {
  const typed = typeof input.value === 'string' ? input.value.trim().toLowerCase() : '';
  if (typed.length < 2) return false;
  for (let distance = 1; distance <= SUBMIT_DISTANCE; distance++) {
    const after = checker.keptEvent(index + distance);
    if (after === undefined || after.type !== 'navigate' || !inSameTab(after, input) || typeof after.url !== 'string') continue;
    if (isTrueOf(claim, after) && decodedQuery(after.url).includes(typed)) return true;
  }
  return false;
}

/** A URL's text with its escapes and `+` read as the characters they stand for, in lower case. */
function decodedQuery(url: string): string {
  try {
    return decodeURIComponent(url.replace(/\+/g, ' ')).toLowerCase();
  } catch {
    return url.replace(/\+/g, ' ').toLowerCase();
  }
}

/** A quote of a status code, alone or with words of its reason phrase: `409 conflict`, `413 payload too large`. */
const STATUS_QUOTE = /^([45]\d\d)(?: [a-z]+){0,4}$/;

/** Whether `claim` holds of `event`: its type for a count, a URL, text or selector it holds. */
function isTrueOf(claim: Claim, event: SessionEvent): boolean {
  switch (claim.kind) {
    case 'count':
      // "clicked “In stock”": a click, and on that element.
      return claim.topic.types.includes(event.type) && (claim.topic.on === undefined || isTrueOf({ ...claim, kind: 'text', quote: claim.topic.on }, event));
    case 'url': {
      const wanted = normalUrl(claim.url);
      if (
        eventUrls(event).some((url) => {
          const normal = normalUrl(url);
          return normal.includes(wanted) || wanted.includes(normal) || holdsQuery(normal, wanted);
        })
      )
        return true;
      // A URL a text of the event shows as written (a console error's `POST https://… 429`).
      const written = normalText(claim.url);
      return event.type !== 'navigate' && eventTexts(event).some((text) => indexOfWords(normalText(text), written) !== -1);
    }
    case 'text': {
      // An amount (`A$399`) holds of an event with one of the ways a session writes it (`399`) as a value or a word of one.
      // A size (`48.6 MB (#13)`) is the file's or payload's, not necessarily the cited event's.
      if (claim.size === true) return true;
      if (claim.amounts !== undefined) {
        const forms = claim.amounts.map(normalText);
        return eventTexts(event).some((value) => {
          const normal = normalText(value);
          return forms.some((form) => normal === form || indexOfAmount(normal, form) !== -1);
        });
      }
      const pieces = elidedPieces(claim.quote);
      if (pieces !== undefined) return holdsPieces(event, pieces);
      const wanted = normalText(claim.quote);
      // "« 409 Conflict » (#44)": a status and its reason phrase hold of a failed request with that status.
      if (event.status !== undefined && STATUS_QUOTE.exec(wanted)?.[1] === String(event.status)) return true;
      // "`attempt=3` (#33)": a field with its value holds of the event that records it (`attempt: 3`).
      if (holdsPair(event, claim.quote)) return true;
      // "non-profits" for "nonprofits", as the quote's own finding reads it.
      const unhyphened = withoutInnerHyphens(wanted);
      // …and with other punctuation between its words, as the quote's own finding reads it (see looseText).
      let loose: string | undefined;
      return eventTexts(event).some((value) => {
        const normal = normalText(value);
        return normal.includes(wanted) || (normal.length >= 4 && wanted.includes(normal)) || (unhyphened !== wanted && normal.includes(unhyphened)) || (wanted.includes(' ') && indexOfWords(looseText(value), (loose ??= looseText(claim.quote))) !== -1);
      });
    }
    case 'selector': {
      // `#eng-planning`, a Slack channel a property names, reads as an id's selector.
      if (isTrueOf({ ...claim, kind: 'text', quote: claim.selector }, event)) return true;
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

// Claims that a friction signal happened, or did not, without a number: "a rage click on “Apply
// coupon”", "hit a JavaScript error", "rage-clicked the button", and "no failed requests",
// "without any console errors", "didn't hit any errors". A mention claims at least one such
// event (checked as a count of a part, from 1 up to the largest total); a denial claims none of
// the event types the words name. Hedged words ("could indicate a dead click", "if a request
// fails") claim nothing, nor does a denial of others than those named ("no other errors") or one
// with exceptions ("no errors except one console error").

import { isClause, matchesOf, targetOf, unquotedNameAt, type Ranges, type Targets } from './claim-ranges.js';
import { clicksOn, countTopics, noneTopic, partTopic, scopedTopic, type CountTopic } from './count-topics.js';
import { isNegatedBefore } from './denial.js';
import type { Claim } from './find-claims.js';

/** A piece every claim found here holds: a probe run before the patterns. */
export const SIGNAL_PROBE = /click|tap|error|fail|thrash/i;
/** A piece every click said of a named element holds (see clickClaims). */
export const CLICK_PROBE = /clicked|tapped|pressed/i;

// A signal's words that start a compound noun name something else: "an error message", "a dead
// click rate", "no error handling".
const HEADS =
  'messages?|banners?|toasts?|popups?|pop-ups?|modals?|dialogs?|pages?|screens?|states?|fields?|icons?|labels?|links?|buttons?|handling|handlers?|tracking|logs?|logging|reports?|reporting|monitoring|rates?|codes?|types?|detection|patterns?|budgets?|thresholds?|signals?|boundar(?:y|ies)|scenarios?|cases?|checks?';
const DETERMINERS = 'an?|any|no|without(?:\\s+any)?|not\\s+(?:a\\s+single|any|one)';
const MENTION = new RegExp(
  `(?<![\\w-])(${DETERMINERS})\\s+(?:single\\s+)?(${countTopics.pattern})(?![\\w-])(?!\\s+(?:${HEADS}|${countTopics.pattern})(?![\\w-]))`,
  'gi',
);
// Taps as clicks: "rage-tapped", "dead-tapped".
const SIGNAL_VERB = /\b(?:rage|dead)[- ]?(?:click(?:ed|ing)|tapp(?:ed|ing))\b/gi;

/** Words before a mention that make it a guess or a condition: "could indicate a dead click", "if a request fails". */
const HEDGED =
  /\b(?:if|unless|whether|could|might|may|would|should|potential(?:ly)?|possibl[ey]|likely|perhaps|maybe|suggest(?:s|ing|ed)?|indicat(?:es?|ing|ed)|signs? of|instead of|rather than|expect(?:s|ed|ing)?|watch for|look for|check for|avoid(?:s|ed|ing)?|prevent(?:s|ed|ing)?|risk of)\s+(?:[\w-]+\s+){0,3}$/i;
/** What after a denial says it is of a part of the session or of one thing ("no errors after the coupon", "no clicks on Next"): not checked. */
const DENIAL_SCOPE = /^\s+(?:on|to|after|before|during|until|till|while|when|since|following|from|for|with|at)\b/i;
/**
 * What after a denial says it is of what was done about the signals, not of whether they happened:
 * "without any console errors being fixed", "no errors were shown to the user".
 */
const DENIAL_OF_HANDLING =
  /^\s+(?:being|been|(?:were|was|are|is|got|get)\s+(?:\w+\s+)?(?:fixed|resolved|handled|addressed|shown|displayed|surfaced|reported|explained|retried|caught)|(?:fixed|resolved|handled|addressed|shown|displayed|surfaced|explained))\b/i;

/** What after a denial makes exceptions to it ("no errors except one console error", "any errors apart from the chat widget's"): it denies not all. */
const DENIAL_EXCEPT = /^\s*,?\s*(?:except|excepting|other than|apart from|aside from|besides|save for|barring|outside of)\b/i;

/** "clicked “Place order”", "tapped on the `button#buy`": a click verb right before the element it names. */
// Not the end of a signal's verb: "dead-clicked “Filter”" is a dead click (see SIGNAL_VERB), not a click ("ctrl-clicked" is one).
const CLICK_VERB = /(?<!(?:dead|rage|error)[- ]?)\b(?:clicked|tapped|pressed)\s+(?:on\s+)?(?:the\s+)?$/i;

/**
 * "clicked the Place order button", "tapped on the Add to cart link": a click verb, an element's
 * name without quotes (one to six words, the first not a determiner), and the kind of element it
 * is. Group 1 is the name.
 */
const UNQUOTED_CLICK =
  /(?<!(?:dead|rage|error)[- ]?)\b(?:clicked|tapped|pressed)\s+(?:on\s+)?(?:the\s+)?((?!(?:a|an|the|this|that|its|their|his|her|some|every|each|another|other|same)\s)[\p{L}\p{N}\p{Sc}][\p{L}\p{N}\p{Sc}'’&.,-]*(?:\s+[\p{L}\p{N}\p{Sc}'’&.,-]+){0,5}?)\s+(?:buttons?|links?|tabs?|icons?|checkbox(?:es)?|toggles?|switch(?:es)?|menu items?|options?|tiles?|banners?|CTAs?)(?![\w-])/giu;

/** A piece every UNQUOTED_CLICK match holds besides its verb: its kind of element. */
const ELEMENT_KIND_PROBE = /button|link|tab|icon|checkbox|toggle|switch|menu item|option|tile|banner|cta/i;

/** "a rage click on “Apply coupon”", "rage-clicked the Run button": the claim or name right after is what the signal happened on. */
const MENTION_SCOPE = /^\s+(?:on\s+|at\s+)?(?:the\s+)?/i;

/** Adds the mentions and denials of friction signals in `text` that no other claim holds. */
export function signalClaims(text: string, add: (claim: Claim) => void, quantities: Ranges, taken: Ranges, targets: Targets): void {
  for (const match of matchesOf(MENTION, text)) {
    const start = match.index;
    const end = start + match[0].length;
    if (quantities.overlaps(start, end) || taken.overlaps(start, end)) continue;
    const before = text.slice(Math.max(0, start - 40), start);
    if (HEDGED.test(before)) continue;
    const determiner = (match[1] ?? '').toLowerCase();
    const negated = isNegatedBefore(text, start);
    // "any" claims only after a negation ("didn't hit any errors"); "a" after one only with "single"
    // ("did not make a single dead click": "did not end with an error" may deny something else).
    let denial = true;
    if (determiner === 'any') {
      if (!negated) continue;
    } else if (/^an?$/.test(determiner)) {
      if (negated && !/\ssingle\s/i.test(match[0])) continue;
      denial = negated;
    }
    const topic = countTopics.signal(match[2] ?? '', denial);
    if (topic === undefined) continue;
    if (denial) {
      const after = text.slice(end, end + 40);
      if (!DENIAL_SCOPE.test(after) && !DENIAL_OF_HANDLING.test(after) && !DENIAL_EXCEPT.test(after)) add({ kind: 'count', text: match[0], start, end, count: 0, topic: noneTopic(topic) });
    } else add({ kind: 'count', text: match[0], start, end, count: 1, topic: partTopic(onTarget(topic, text, end, targets)) });
  }
  for (const match of matchesOf(SIGNAL_VERB, text)) {
    const start = match.index;
    const end = start + match[0].length;
    if (quantities.overlaps(start, end) || taken.overlaps(start, end)) continue;
    const before = text.slice(Math.max(0, start - 40), start);
    if (HEDGED.test(before) || isNegatedBefore(text, start)) continue;
    const topic = countTopics.signal(match[0].replace(/p?(?:ed|ing)$/i, 's')) as CountTopic;
    add({ kind: 'count', text: match[0], start, end, count: 1, topic: partTopic(onTarget(topic, text, end, targets)) });
  }
}

/**
 * "clicked “Place order”": that the element the answer names was clicked (a click of any kind on
 * it, at least one), not only that its text is in the session. Only a quote or a selector right
 * after the verb; "clicked “Apply coupon” 5 times" is a count of its own.
 */
export function clickClaims(text: string, claims: readonly Claim[], add: (claim: Claim) => void, quantities: Ranges): void {
  for (const named of claims) {
    if (named.kind !== 'text' && named.kind !== 'selector') continue;
    const before = text.slice(Math.max(0, named.start - 24), named.start);
    const verb = CLICK_VERB.exec(before);
    if (verb === null) continue;
    const start = named.start - before.length + verb.index;
    const context = text.slice(Math.max(0, start - 40), start);
    if (quantities.overlaps(start, named.end) || HEDGED.test(context) || isNegatedBefore(text, start)) continue;
    add({ kind: 'count', text: text.slice(start, named.end), start, end: named.end, count: 1, topic: partTopic(clicksOn(targetOf(named) as string)) });
  }
  // An element named without quotes: whether a text of the session is that name is known only
  // against the session (see `named`), so "clicked the next button" claims nothing of a session
  // without a "next" element.
  if (ELEMENT_KIND_PROBE.test(text)) for (const match of matchesOf(UNQUOTED_CLICK, text)) {
    const start = match.index;
    const end = start + match[0].length;
    // An amount in the name ("the Subtotal €129.00 link") is a claim of its own beside the click.
    if (quantities.overlaps(start, end) || claims.some((claim) => claim.start < end && claim.end > start && !(claim.kind === 'text' && claim.amounts !== undefined))) continue;
    const context = text.slice(Math.max(0, start - 40), start);
    if (HEDGED.test(context) || isNegatedBefore(text, start)) continue;
    const name = match[1] as string;
    if (isClause(name)) continue;
    add({ kind: 'count', text: match[0], start, end, count: 1, topic: partTopic(clicksOn(name)), named: name });
  }
}

/**
 * `topic` of the element, message or URL the claim right after `end` names, or the element named
 * without quotes there (`the Run button`), if one does.
 */
function onTarget(topic: CountTopic, text: string, end: number, targets: Targets): CountTopic {
  const scope = MENTION_SCOPE.exec(text.slice(end, end + 12));
  const at = end + (scope?.[0].length ?? 0);
  const named = targets.at(at);
  const target = named === undefined ? (scope === null ? undefined : unquotedNameAt(text, at)) : targetOf(named);
  return target === undefined ? topic : scopedTopic(topic, target);
}

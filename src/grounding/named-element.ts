// An element an answer names without quotes ("clicked the Place order button"): the words may be
// the element's label, or describe it another way ("the blue button", "the hamburger icon"). The
// claim is checked only when the session settles it: a text of the session is that name, or the
// name reads as a label and the session has no word of it, or has no click on an element it does
// not name.

import type { SessionEvent } from '../session/session-schema.js';
import type { Checker } from './checker.js';
import { CLICKS, type CountTopic } from './count-topics.js';
import { normalText } from './normal-text.js';

/** Whether some event of the session (or its context) has the text `name`, in any case and spacing. */
export function namesText(name: string, checker: Checker): boolean {
  const normal = normalText(name);
  return checker.textEqual('kept', normal) !== undefined || checker.textEqual('dropped', normal) !== undefined;
}

/**
 * Words that describe an element rather than name it: colours, places, sizes, order, and what an
 * element is (`the blue button`, `the top link`, `the Close icon`). A name of such words alone
 * tells nothing of a label.
 */
const DESCRIBING_WORDS: ReadonlySet<string> = new Set(
  (
    'blue red green orange yellow purple pink grey gray black white dark light bright primary secondary tertiary main big small large tiny ' +
    'top bottom left right upper lower middle center centre first second third last final previous next other same new old ' +
    'header footer nav navigation sidebar menu modal dialog popup pop banner form page site app hamburger kebab burger ' +
    'floating sticky fixed cta call action close back submit ok okay cancel yes no'
  ).split(' '),
);

/** The element kinds after which a name is read as a label; icons seldom have one. */
const LABELLED_KIND = /\b(?:buttons?|links?|tabs?|options?|menu items?|tiles?)$/i;

/**
 * Whether the session has no element `name` could be: the name is written as a label (its first
 * word starts with a capital), `claimText` (the whole claim, `clicked the Place order button`)
 * ends with a kind of element that has labels, and one of the name's words of 3 letters or more
 * that do not merely describe (`place` or `order` of `Place order`) is held by no text of the
 * session, kept or dropped (texts, values, selectors, URLs, properties), inside a word neither
 * (`placeOrderBtn` holds both).
 */
export function namesNothingThere(name: string, claimText: string, checker: Checker): boolean {
  const words = labelWords(name, claimText);
  return words.some((word) => {
    // A plural is looked for as its singular, which the plural holds too (`orders`: `order`).
    const piece = word.length > 4 && word.endsWith('s') ? word.slice(0, -1) : word;
    return checker.textPiece('kept', piece) === undefined && checker.textPiece('dropped', piece) === undefined;
  });
}

/** The words of `name` that may be a label's (3 letters or more, not describing), when `claimText` names it as a label; none when it does not. */
function labelWords(name: string, claimText: string): string[] {
  if (!/^\p{Lu}/u.test(name) || !LABELLED_KIND.test(claimText)) return [];
  return normalText(name)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length >= 3 && !DESCRIBING_WORDS.has(word));
}

/** A field's selector: its last compound is an input, a select, a text area, a label or an option (`form#signup input#full-name`). */
const FIELD_SELECTOR = /(?:^|[\s>+~])(?:input|select|textarea|label|option)(?:[.#[:][^\s>+~]*)?$/i;

/** 1 for a click-like event on an element its record does not name (no text, and not a field), else 0. */
const unnamedClick = (event: SessionEvent): number => (CLICKS.includes(event.type) && (event.target?.text ?? '').trim() === '' && !FIELD_SELECTOR.test(event.target?.selector ?? '') ? 1 : 0);

/** The clicks of the session on elements their records do not name: some total above 0 when there is one. */
const UNNAMED_CLICKS: CountTopic = { name: 'clicks on unnamed elements', types: CLICKS, totals: (stats) => new Set(stats.perTarget(CLICKS, undefined, unnamedClick)) };

/**
 * Whether the session has no click on an element `name` could be, where a click on such an
 * element (`claimText`, `pressed the Verify button`) was found in no event: the name is written as
 * a label (see namesNothingThere), every click of the session, kept or dropped, is on an element
 * its record names, by a text or as a field, so a button of that name would have been recorded
 * with it; and no click's text or selector holds a word of the name (`the Coupon apply button`
 * may be “Apply coupon” named another way). A click on an element without a text (an icon,
 * `button.btn-3`) may be the one the answer names, and then nothing is known.
 */
export function noClickOnIt(name: string, claimText: string, checker: Checker): boolean {
  const words = labelWords(name, claimText);
  if (words.length === 0 || hasSome(checker.countTotals('all', UNNAMED_CLICKS))) return false;
  // A click on an element whose text or selector holds a word of the name may be on it, named another way (`the Coupon apply button`).
  return words.every((word) => {
    const piece = word.length > 4 && word.endsWith('s') ? word.slice(0, -1) : word;
    const holding: CountTopic = { name: `clicks on “${piece}”`, types: CLICKS, totals: (stats) => new Set(stats.perTarget(CLICKS, (target) => normalText(target).includes(piece))) };
    return !hasSome(checker.countTotals('all', holding));
  });
}

const hasSome = (totals: ReadonlySet<number>): boolean => [...totals].some((total) => total > 0);

// An element an answer names without quotes ("clicked the Place order button"): the words may be
// the element's label, or describe it another way ("the blue button", "the hamburger icon"). The
// claim is checked only when the session settles it: a text of the session is that name, or the
// name reads as a label and the session has no word of it.

import type { Checker } from './checker.js';
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
  if (!/^\p{Lu}/u.test(name) || !LABELLED_KIND.test(claimText)) return false;
  const words = normalText(name)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length >= 3 && !DESCRIBING_WORDS.has(word));
  if (words.length === 0) return false;
  return words.some((word) => {
    // A plural is looked for as its singular, which the plural holds too (`orders`: `order`).
    const piece = word.length > 4 && word.endsWith('s') ? word.slice(0, -1) : word;
    return checker.textPiece('kept', piece) === undefined && checker.textPiece('dropped', piece) === undefined;
  });
}

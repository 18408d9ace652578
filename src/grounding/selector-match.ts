// Whether a selector an answer names selects what a recorded selector does, written another way:
// models drop tag names (`#cookie-banner .accept-all` for `div#cookie-banner button.accept-all`),
// write a child for a descendant (`aside > span.total`), and quote attributes their own way
// (`label[for=size-M]`, `button[id="add-to-cart"]`).

/** `[A-Za-z0-9_-]`: what a tag, an id or a class name is made of. */
const isNameCode = (code: number): boolean => (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a) || (code >= 0x30 && code <= 0x39) || code === 0x5f || code === 0x2d;

/** What may come before a compound: white space, a combinator, or the separators of joined selectors (control characters). */
const startsCompound = (code: number): boolean => code <= 0x20 || code === 0x3e || code === 0x2b || code === 0x7e;

/**
 * Where `haystack` (recorded selectors) holds `needle` with whole names at its ends, from `from`;
 * -1 if nowhere: `button#apply` is not in `button#apply-coupon`, nor `span.total` in
 * `span.total-amount`, nor `summary span` in `aside.summary span` (an end of the needle that is
 * no name's character, `]` or a space, may touch anything).
 */
export function indexOfSelector(haystack: string, needle: string, from = 0): number {
  const startsName = needle.length > 0 && isNameCode(needle.charCodeAt(0));
  const endsName = needle.length > 0 && isNameCode(needle.charCodeAt(needle.length - 1));
  for (let found = haystack.indexOf(needle, from); found !== -1; found = haystack.indexOf(needle, found + 1)) {
    const end = found + needle.length;
    // A needle that starts with a tag starts a compound: after a space, a combinator or nothing (not `.summary` for `summary`).
    if (startsName && found > 0 && !startsCompound(haystack.charCodeAt(found - 1))) continue;
    if (endsName && end < haystack.length && isNameCode(haystack.charCodeAt(end))) continue;
    return found;
  }
  return -1;
}

/** The simple selectors of each compound of a selector (`div#a.b [x='1']` → `[[div, #a, .b], [[x=1]]]`), or undefined when it is not one. */
export function selectorParts(selector: string): string[][] | undefined {
  const compounds = selector
    .trim()
    .toLowerCase()
    .split(/\s*[\s>+~]\s*/)
    .filter((compound) => compound !== '');
  const parts: string[][] = [];
  for (const compound of compounds) {
    const tokens = compound.match(/^(?:[a-z][\w-]*|\*)|#[\w-]+|\.[\w-]+|\[[^\]]*\]|::?[\w-]+(?:\([^)]*\))?/g);
    if (tokens === null || tokens.join('') !== compound) return undefined;
    parts.push(tokens.filter((token) => token !== '*').map(canonicalToken));
  }
  return parts.length === 0 ? undefined : parts;
}

/** An attribute as one form: `[for=size-m]`, `[for="size-m"]` and `[for='size-m']` alike, `[id=x]` as `#x`. */
function canonicalToken(token: string): string {
  const attribute = /^\[\s*([\w-]+)\s*(?:([~|^$*]?=)\s*(?:"([^"]*)"|'([^']*)'|([^\]\s]*))\s*)?\]$/.exec(token);
  if (attribute === null) return token;
  const [, name, operator, double, single, bare] = attribute;
  const value = double ?? single ?? bare;
  if (operator === undefined || value === undefined) return `[${name}]`;
  if (name === 'id' && operator === '=') return `#${value}`;
  if (name === 'class' && operator === '~=') return `.${value}`;
  return `[${name}${operator}${value}]`;
}

/**
 * Whether `claim` (parts) names what `recorded` (parts) selects or an element on its path: each
 * compound of the claim is part of a compound of the recorded selector, in order (the
 * combinators between them aside).
 */
export function selectorPartsMatch(recorded: readonly (readonly string[])[], claim: readonly (readonly string[])[]): boolean {
  let at = 0;
  for (const compound of claim) {
    while (at < recorded.length && !compound.every((token) => (recorded[at] as readonly string[]).includes(token))) at++;
    if (at === recorded.length) return false;
    at++;
  }
  return true;
}

/** Whether a text of recorded selectors (lower case) may hold a match of `claim`: each of its names occurs in it (a cheap test before the parts are compared). */
export function mayMatch(recorded: string, claim: readonly (readonly string[])[]): boolean {
  return claim.every((compound) => compound.every((token) => token.startsWith('[') || recorded.includes(token.replace(/^[#.]/, ''))));
}

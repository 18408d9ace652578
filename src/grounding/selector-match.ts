// Whether a selector an answer names selects what a recorded selector does, written another way:
// models drop tag names (`#cookie-banner .accept-all` for `div#cookie-banner button.accept-all`),
// write a child for a descendant (`aside > span.total`), and quote attributes their own way
// (`label[for=size-M]`, `button[id="add-to-cart"]`).

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

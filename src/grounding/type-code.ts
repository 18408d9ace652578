// An event type written as code (`dead_click`, `network_error`, `rage-clicks`) names the type, as
// its words do: an answer is read with such names spelled as words, so that they are no quotes of
// the page and counts ("2 `dead_click` events") and citations ("the `rage_click` (#57)") read them.

import type { Claim } from './claim.js';

// The event types of two words, in snake_case or kebab-case, singular or plural.
const TYPE_CODE = /`((?:dead|rage|error)[_-]clicks?|(?:network|console)[_-]errors?|mouse[_-]thrash(?:es)?|input[_-]changes?)`/gi;

/**
 * `text` with each event type written as code spelled as words, at the same length (so claims keep
 * their places): the words where the code starts, one blank before them as before the code, the
 * two blanks the backticks leave after them (`the rage click   (#57)`).
 */
export function spelledTypeCode(text: string): string {
  if (!text.includes('`')) return text;
  return text.replace(TYPE_CODE, (_, name: string) => `${name.replace(/[_-]/g, ' ')}  `);
}

/**
 * `claims` of `spelled` with their texts as `original` writes them, where spelling changed them; a
 * claim that ends inside a spelled name ends with it (`a rage click` is `a \`rage_click\``).
 */
export function withOriginalTexts(claims: Claim[], spelled: string, original: string): Claim[] {
  if (spelled === original) return claims;
  const names = [...original.matchAll(TYPE_CODE)].map((match) => ({ start: match.index, end: match.index + match[0].length }));
  return claims.map((claim) => {
    if (spelled.slice(claim.start, claim.end) !== claim.text) return claim;
    const end = names.find((name) => claim.end > name.start && claim.end < name.end)?.end ?? claim.end;
    return { ...claim, text: original.slice(claim.start, end), end };
  });
}

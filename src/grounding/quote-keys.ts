// A string under a key that names a quote (`"quote": "Thanks for your feedback!"`, `exact_quote`,
// `quoted_text`, `verbatim`) is a quote of the page as a whole, as the same words in quotation
// marks are in a text: models leave the marks out when the key already says so.

import { keyWords, objectsOf } from './walk-answer.js';

/** Keys whose string is a quote: `quote`, `exact_quote`, `quoteText`, `quoted_text`, `verbatim`. */
const QUOTE_KEY = /^(?:(?:exact|verbatim|page|ui|shown) )?(?:quote(?: text)?|quoted(?: text)?)$|^verbatim(?: text)?$/;
/** Marks that already quote (some of) the string, and what is no quote of a text: a URL or a path. */
const NOT_BARE = /["“”«»„「」]|^\s*(?:\/|https?:)/;

const isBareQuote = (key: string, value: unknown): value is string =>
  typeof value === 'string' && value.trim() !== '' && QUOTE_KEY.test(keyWords(key)) && !NOT_BARE.test(value);

/**
 * `answer` with every string under a key that names a quote, and that has no quotation marks of
 * its own (nor is a URL), put in quotation marks; the same object when it has none (its JSON paths
 * stay as they are either way: a string's findings are placed by its path).
 */
export function withQuotedValues(answer: unknown): unknown {
  let bare = false;
  for (const { entries } of objectsOf(answer)) if (entries.some(([key, inner]) => isBareQuote(key, inner))) bare = true;
  if (!bare) return answer;
  return JSON.parse(JSON.stringify(answer), function (this: unknown, key: string, value: unknown) {
    return key !== '' && !Array.isArray(this) && isBareQuote(key, value) ? `“${value}”` : value;
  }) as unknown;
}

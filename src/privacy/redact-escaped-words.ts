// Words of a text outside any URL that hold a URL's escapes: a value a log prints as
// encodeURIComponent left it (`lookup to=%2B44%2020%207946%200958 failed`), a query's value alone
// (`q=%7B%22phone%22%3A%22%2B44…%7D`, a JSON object escaped), a `data:` URL's text
// (`data:text/plain,ada%40example.com`). Each is read as a URL's pieces are (redactEscaped): what
// the presets find in a piece decoded is replaced, and the piece is escaped again around the placeholder.

import type { PrivacyRules } from './privacy-rules.js';
import { redactEscaped, type PrivacyCounts } from './redact-text.js';

/**
 * A run of characters that may belong to a URL (as URL_IN_TEXT's end them) holding an escape `%XX`;
 * not across a `:`, `,` or `;`, so that what comes before one stays as written (`tel:%2B44…`,
 * `data:text/plain,ada%40…` keep their scheme and type).
 */
const ESCAPED_WORD = /[^\s"'<>`\\:,;]*%[0-9A-Fa-f]{2}[^\s"'<>`\\:,;]*/g;

/** Whether `text` holds an escape `%XX` (then redactEscapedWords may change it). */
export const holdsEscapedWord = (text: string): boolean => text.includes('%') && /%[0-9A-Fa-f]{2}/.test(text);

/**
 * `text` with what escapes hide in its words redacted, as a URL's pieces are; `text` itself when
 * nothing changed. A word that is (or holds) a URL a caller rewrote already is read again, and
 * changes no more: its escaped pieces that hid a match are placeholders now.
 */
export function redactEscapedWords(text: string, rules: PrivacyRules, counts: PrivacyCounts): string {
  if (!holdsEscapedWord(text)) return text;
  return text.replace(ESCAPED_WORD, (word) => redactEscaped(word, rules, counts));
}

// Redaction of a text that may hold URLs (a console message, a custom property such as
// `landing_url` or `link`, an element's text): every http(s) URL in it, and every relative one
// with a query or fragment (`GET /reset?token=abc 404`), loses its stripped query parameters and
// has what escapes hide redacted, as a URL field's value does; then the presets and patterns run
// over the whole text.

import type { PrivacyRules } from './privacy-rules.js';
import { redactEscapedWords } from './redact-escaped-words.js';
import { redactText, rewriteUrl, type PrivacyCounts } from './redact-text.js';

/**
 * Characters that end a URL inside a text besides white space (PLAIN_URL_CHARACTER holds the others): quotes, angle brackets, a backtick,
 * a backslash that escapes neither a `/` nor a character by its code (a URL inside JSON or HTML
 * text ends with its string or attribute), and the punctuation of Chinese, Japanese and Korean
 * text and the full-width forms (`…?uid=1，然后登录`).
 */
const PLAIN_URL_CHARACTER = String.raw`[^\s"'<>\`\\\u3000-\u303f\uff01-\uff0f\uff1a-\uff20\uff3b-\uff40\uff5b-\uff65]`;
/** Whether a URL found in a text is a form's body (FORM_BODY), whose parameters are a query's without its `?`. */
function isFormBody(url: string): boolean {
  return !/^(?:[/?#]|https?:)/i.test(url);
}

/** JSON's escape of `/` or of a character by its code. */
const JSON_ESCAPE_IN_URL = String.raw`\\(?:\/|u00[0-9a-fA-F]{2})`;
/** The characters of a URL: runs of plain ones, with JSON's escapes between (written so, a run costs one class's scan). */
const URL_CHARACTERS = `${PLAIN_URL_CHARACTER}*(?:${JSON_ESCAPE_IN_URL}${PLAIN_URL_CHARACTER}*)*`;

/** Where a relative URL may start: the start of the text, or after white space, a quote, `(`, `=`, `[` or a backtick. */
const RELATIVE_START = String.raw`(?<![^\s"'(=[\`])`;

/** The start of a form's body: a parameter, `&`, and the next one's name and `=` (a name has no `=`, a value no `&`). */
const FORM_BODY = String.raw`[\w.%[\]-]+=[^\s"'<>\`\\&=]*&[\w.%[\]-]+=`;

/**
 * A relative URL inside a text (`/reset?token=abc`, `//cdn.example/x#a=1`, `/api/customers/%2B4477…`):
 * a `/` where a relative URL may start (RELATIVE_START), then a path, then `?`, `#` or an escape; or
 * a query or a fragment alone holding a parameter, as analytics tools record a page's `search` and
 * `hash` (`?invite=abc&utm_source=mail`, `#/join?uid=42`); or a form's body, parameters joined by `&`
 * as a query's are (`name=Ada&phone=%2B14155550100`, a POST's body that a log or a request records).
 */
const RELATIVE_URL = String.raw`${RELATIVE_START}(?:\/[^\s"'<>\`\\?#%]*(?:[?#]|%[0-9A-Fa-f]{2})|[?#][^\s"'<>\`\\=]*=|${FORM_BODY})`;

/**
 * An http(s) URL inside a text, or a relative one (see RELATIVE_URL): it ends at white space or
 * another character PLAIN_URL_CHARACTER leaves out. JSON's escapes of `/` and of characters by their
 * code are part of it (`https:\/\/app.example\/join?a=1\u0026invite=abc`).
 */
const URL_IN_TEXT = new RegExp(String.raw`https?:(?:\/\/|\\\/\\\/)${URL_CHARACTERS}|(?=${RELATIVE_URL})${URL_CHARACTERS}`, 'gi');

/** Whether a text holds a relative URL that redactTextWithUrls rewrites (RELATIVE_URL). */
const RELATIVE_URL_IN_TEXT = new RegExp(RELATIVE_URL);

/** Whether a text holds a URL that redactTextWithUrls rewrites: an http(s) one, or a relative one with a query, a fragment or an escape (see RELATIVE_URL). */
export function holdsUrl(text: string): boolean {
  return text.includes('://') || text.includes(':\\/\\/') || ((text.includes('?') || text.includes('#') || text.includes('%') || text.includes('&')) && RELATIVE_URL_IN_TEXT.test(text));
}
/** Punctuation that ends a sentence or a parenthesis after a URL rather than belonging to it. */
const TRAILING_PUNCTUATION = /[.,;:!?)\]}]+$/;
/** A stack trace's line and column after a script's URL (`https://app.example/app.js?v=2:12:5`). */
const TRAILING_POSITION = /(?::\d+){1,2}$/;

/**
 * Replaces what the rules match in `text`, as {@link redactText} does, after rewriting every http(s)
 * URL in it, and every relative URL with a query or a fragment, as {@link redactUrl} does: its `strip_url_params` removed (each counted `url_param`)
 * and escaped matches redacted. A text that is one URL is that URL whole; a URL inside a longer
 * text leaves out the punctuation after it (`see https://x.test/?token=1.` keeps its period). A word
 * outside the URLs that holds escapes is read as a URL's pieces are (see redactEscapedWords).
 *
 * @returns The redacted text; `text` itself when nothing changed.
 */
export function redactTextWithUrls(text: string, rules: PrivacyRules, counts: PrivacyCounts): string {
  if (!holdsUrl(text)) return redactText(redactEscapedWords(text, rules, counts), rules, counts);
  const rewritten = text.replace(URL_IN_TEXT, (url: string, at: number) => {
    const whole = at === 0 && url.length === text.length;
    const punctuation = whole ? '' : (TRAILING_PUNCTUATION.exec(url)?.[0] ?? '');
    const withoutPunctuation = url.slice(0, url.length - punctuation.length);
    const position = /\/[^/]/.test(withoutPunctuation) ? (TRAILING_POSITION.exec(withoutPunctuation)?.[0] ?? '') : '';
    const trailing = position + punctuation;
    const bare = url.slice(0, url.length - trailing.length);
    const redacted = isFormBody(bare) ? rewriteUrl(`?${bare}`, rules, counts).slice(1) : bare.includes('\\') ? rewriteJsonEscapedUrl(bare, rules, counts) : rewriteUrl(bare, rules, counts);
    return redacted === bare ? url : redacted + trailing;
  });
  // Escapes outside the URLs (`to=%2B44%2020%207946%200958`) hide as much as theirs.
  return redactText(redactEscapedWords(rewritten, rules, counts), rules, counts);
}

/** A JSON escape in a URL: `\/`, or a character by its code (`\u0026`). */
const JSON_ESCAPE = /\\(?:\/|u00([0-9a-fA-F]{2}))/g;

/**
 * A URL written with JSON's escapes (`https:\/\/app.example\/join?src=mail\u0026invite=abc`, as
 * PHP's json_encode and Go's encoding/json write them) rewritten as {@link rewriteUrl} rewrites it
 * unescaped; then each character that was escaped is escaped again as it was.
 */
function rewriteJsonEscapedUrl(url: string, rules: PrivacyRules, counts: PrivacyCounts): string {
  const escapes = new Map<string, string>();
  const plain = url.replace(JSON_ESCAPE, (escape: string, code: string | undefined) => {
    const character = code === undefined ? '/' : String.fromCharCode(Number.parseInt(code, 16));
    escapes.set(character, escape);
    return character;
  });
  const rewritten = rewriteUrl(plain, rules, counts);
  if (rewritten === plain) return url;
  let escaped = '';
  for (const character of rewritten) escaped += escapes.get(character) ?? character;
  return escaped;
}

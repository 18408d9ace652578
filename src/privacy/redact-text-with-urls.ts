// Redaction of a text that may hold URLs (a console message, a custom property such as
// `landing_url` or `link`, an element's text): every http(s) URL in it, and every relative one
// with a query or fragment (`GET /reset?token=abc 404`), loses its stripped query parameters and
// has what escapes hide redacted, as a URL field's value does; then the presets and patterns run
// over the whole text.

import type { PrivacyRules } from './privacy-rules.js';
import { redactText, rewriteUrl, type PrivacyCounts } from './redact-text.js';

/**
 * An http(s) URL inside a text, or a relative one with a query or a fragment (see
 * RELATIVE_URL_IN_TEXT): it ends at white space, a quote, an angle bracket, a backtick or a
 * backslash (a URL inside JSON or HTML text ends with its string or attribute).
 */
const URL_IN_TEXT = /https?:\/\/[^\s"'<>`\\]+|(?<![^\s"'(=[`])\/[^\s"'<>`\\?#]*[?#][^\s"'<>`\\]*/gi;

/**
 * A relative URL with a query or a fragment inside a text (`/reset?token=abc`, `//cdn.example/x#a=1`):
 * a `/` at the start of the text or after white space, a quote, `(`, `=`, `[` or a backtick, then a
 * path, then `?` or `#`. As URL_IN_TEXT's second half, without its `g` flag.
 */
const RELATIVE_URL_IN_TEXT = /(?<![^\s"'(=[`])\/[^\s"'<>`\\?#]*[?#]/;

/** Whether a text holds a URL that redactTextWithUrls rewrites: an http(s) one, or a relative one with a query or a fragment. */
export function holdsUrl(text: string): boolean {
  return text.includes('://') || ((text.includes('?') || text.includes('#')) && RELATIVE_URL_IN_TEXT.test(text));
}
/** Punctuation that ends a sentence or a parenthesis after a URL rather than belonging to it. */
const TRAILING_PUNCTUATION = /[.,;:!?)\]}]+$/;

/**
 * Replaces what the rules match in `text`, as {@link redactText} does, after rewriting every http(s)
 * URL in it, and every relative URL with a query or a fragment, as {@link redactUrl} does: its `strip_url_params` removed (each counted `url_param`)
 * and escaped matches redacted. A text that is one URL is that URL whole; a URL inside a longer
 * text leaves out the punctuation after it (`see https://x.test/?token=1.` keeps its period).
 *
 * @returns The redacted text; `text` itself when nothing changed.
 */
export function redactTextWithUrls(text: string, rules: PrivacyRules, counts: PrivacyCounts): string {
  if (!holdsUrl(text)) return redactText(text, rules, counts);
  const rewritten = text.replace(URL_IN_TEXT, (url: string, at: number) => {
    const whole = at === 0 && url.length === text.length;
    const trailing = whole ? '' : (TRAILING_PUNCTUATION.exec(url)?.[0] ?? '');
    const bare = url.slice(0, url.length - trailing.length);
    const redacted = rewriteUrl(bare, rules, counts);
    return redacted === bare ? url : redacted + trailing;
  });
  return redactText(rewritten, rules, counts);
}

// Escaping of text put into the HTML report: element content, attribute values and SVG text.

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * What is dropped from the page's text: the control characters and noncharacters HTML forbids
 * (C0 but whitespace, DEL, C1, U+FDD0–U+FDEF, U+FFFE, U+FFFF), and the bidi embedding, override
 * and isolate controls, which would show a recorded label in another order than it is
 * (`invoice\u202efdp.exe` reads as "invoiceexe.pdf").
 */
// eslint-disable-next-line no-control-regex
const DROPPED = /[\u0000-\u0008\u000b\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\ufdd0-\ufdef\ufffe\uffff]/g;

/**
 * Text as HTML (or inline SVG) character data or a quoted attribute value. Control characters
 * HTML forbids and bidi controls are dropped, so a label copied from a recorded page can neither
 * break the document nor disguise itself.
 *
 * @param text - any text: a label, a session id, a model's answer.
 * @returns the text with `&`, `<`, `>`, `"` and `'` replaced by character references.
 */
export function escapeHtml(text: string): string {
  return text.replace(DROPPED, '').replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character);
}

/**
 * A link target as an escaped attribute value. A link that is not `http:`, `https:` or a path
 * becomes `#`: session links come from results files, which a report reader did not write.
 *
 * @param href - the link as the caller built it (a server URL, a relative file path).
 * @returns the escaped link, or `#` for a refused one.
 */
export function escapeHref(href: string): string {
  return isRefusedHref(href) ? '#' : escapeHtml(href);
}

/**
 * Whether a link is refused, as browsers read it once escaped (whitespace and control characters
 * inside a scheme are ignored, a backslash is a slash): any scheme but `http:` and `https:` (`javascript:`,
 * `data:`, `file:`, an app's own such as `ms-msdt:`), and a path that names a host (`//host/x`),
 * which in a report opened from disk is a `file://host/x` share.
 *
 * @param href - a link target.
 */
export function isRefusedHref(href: string): boolean {
  // What escapeHtml drops first: `java\u202escript:` is written `javascript:`.
  // eslint-disable-next-line no-control-regex
  const link = href.replace(DROPPED, '').replace(/[\u0000-\u0020]/g, '');
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(link)?.[1]?.toLowerCase();
  if (scheme !== undefined) return scheme !== 'http' && scheme !== 'https';
  return /^[/\\]{2}/.test(link);
}

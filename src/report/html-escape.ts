// Escaping of text put into the HTML report: element content, attribute values and SVG text.

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Text as HTML (or inline SVG) character data or a quoted attribute value. Control characters
 * HTML forbids are dropped, so a label copied from a recorded page cannot break the document.
 *
 * @param text - any text: a label, a session id, a model's answer.
 * @returns the text with `&`, `<`, `>`, `"` and `'` replaced by character references.
 */
export function escapeHtml(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u0008\u000b\u000e-\u001f\u007f]/g, '').replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character);
}

/**
 * A link target as an escaped attribute value. Schemes that run code or embed content
 * (`javascript:`, `vbscript:`, `data:`) become `#`: session links come from results files, which
 * a report reader did not write.
 *
 * @param href - the link as the caller built it (a server URL, a relative file path).
 * @returns the escaped link, or `#` for a refused scheme.
 */
export function escapeHref(href: string): string {
  return isRefusedHref(href) ? '#' : escapeHtml(href);
}

/**
 * Whether a link's scheme runs code or embeds content (`javascript:`, `vbscript:`, `data:`), as
 * browsers read it: whitespace and control characters inside a scheme are ignored.
 *
 * @param href - a link target.
 */
export function isRefusedHref(href: string): boolean {
  // eslint-disable-next-line no-control-regex
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(href.replace(/[\u0000-\u0020]/g, ''))?.[1]?.toLowerCase();
  return scheme === 'javascript' || scheme === 'vbscript' || scheme === 'data';
}

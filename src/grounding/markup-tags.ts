// Answers written as HTML (`<ul><li>…</li></ul>`, `<b>…</b>`) or XML: a closing tag is markup, not a
// path, and so is an XML declaration's quoted values.

/**
 * Whether the path at `start..end` of `text` is the name of a closing tag (`</li>`) whose opening
 * tag (`<li>`, `<li class="…">`) comes before it in the answer. A `</session>` with no opening
 * tag, copied from a page title, stays a path.
 */
export function isClosingTag(text: string, start: number, end: number): boolean {
  if (text[start - 1] !== '<' || text[end] !== '>') return false;
  const name = text.slice(start + 1, end);
  // XML's names hold hyphens, dots and underscores too (`</session-summary>`, `</ride.step>`).
  return /^[a-z][\w.-]*$/i.test(name) && new RegExp(`<${name.replace(/\./g, '\\.')}[\\s>/]`, 'i').test(text.slice(0, start));
}

/**
 * Whether `start` of `text` is inside an XML declaration or processing instruction (`<?xml
 * version="1.0" encoding="UTF-8"?>`): an answer written as XML starts so, and its quoted values
 * are markup, not the page's texts.
 */
export function isInDeclaration(text: string, start: number): boolean {
  const open = text.lastIndexOf('<?', start);
  return open !== -1 && !text.slice(open, start).includes('?>') && text.indexOf('?>', start) !== -1;
}

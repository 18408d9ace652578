// Answers written as HTML (`<ul><li>…</li></ul>`, `<b>…</b>`): a closing tag is markup, not a path.

/**
 * Whether the path at `start..end` of `text` is the name of a closing tag (`</li>`) whose opening
 * tag (`<li>`, `<li class="…">`) comes before it in the answer. A `</session>` with no opening
 * tag, copied from a page title, stays a path.
 */
export function isClosingTag(text: string, start: number, end: number): boolean {
  if (text[start - 1] !== '<' || text[end] !== '>') return false;
  const name = text.slice(start + 1, end);
  return /^[a-z][a-z0-9]*$/i.test(name) && new RegExp(`<${name}[\\s>]`, 'i').test(text.slice(0, start));
}

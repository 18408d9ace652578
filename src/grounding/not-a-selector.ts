// Names that look like CSS selectors in an answer but are none: hex colours (`#fff`),
// abbreviations (`a.m.`), files (`main.js`) and method calls (`form.submit()`).

/**
 * A colour written in hex (`#fff`, `#1a73e8`, `#000`): neither an element id nor an event. One of
 * digits only is an event unless it starts with 0 (`#000`, `#0066`); one of letters only is a colour
 * when it repeats one letter (`#fff`, `#eeeeee`), so that `#add` or `#cafe` stay element ids.
 */
export function isHexColour(token: string): boolean {
  const hex = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i.exec(token)?.[1];
  if (hex === undefined) return false;
  if (/^\d+$/.test(hex)) return hex.startsWith('0');
  return /\d/.test(hex) || /^(.)\1*$/i.test(hex);
}

/** File types a name like `main.js` or `app.css` ends with: a file, not a tag with a class. */
const FILE_TYPES = new Set(['js', 'mjs', 'cjs', 'jsx', 'ts', 'tsx', 'css', 'scss', 'html', 'htm', 'json', 'md', 'txt', 'pdf', 'png', 'jpg', 'jpeg', 'gif', 'svg', 'webp', 'xml', 'yaml', 'yml', 'csv', 'zip', 'map']);

/**
 * Whether a bare `tag.class` is prose rather than a selector: an abbreviation with one-letter parts
 * (`a.m.`, `a.k.a.`, `p.s.`), a file (`main.js`), or a method call (`form.submit()`).
 */
export function isNoSelector(found: string, next: string): boolean {
  if (next === '(') return true;
  if (found.includes('#')) return false;
  const parts = found.split('.').slice(1);
  return parts.length > 0 && (parts.every((part) => part.length === 1) || FILE_TYPES.has((parts.at(-1) as string).toLowerCase()));
}

// Quoting for everything that comes from the recorded page or the customer's data.

// JSON string syntax keeps quotes and line breaks inside one line; `<` and `>` are escaped too so
// no value can write the tag that closes the session block, and U+2028/2029 so no value can
// start a line of its own in readers that break there. A surrogate that is not half of a pair is
// escaped as JSON.stringify escapes it (`\ud83d`), so a prompt is always well-formed Unicode.
const UNSAFE = /[<>\u2028\u2029]/g;
const NEEDS_ESCAPING = /["\\\u0000-\u001f<>\u2028\u2029]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const ESCAPES: Record<string, string> = { '<': '\\u003c', '>': '\\u003e', '\u2028': '\\u2028', '\u2029': '\\u2029' };

/** A string as one line of escaped JSON that cannot end the session block. */
export function quoteString(value: string): string {
  // Most recorded text needs no escaping at all; skip JSON.stringify for it (a hot path).
  if (!NEEDS_ESCAPING.test(value)) return `"${value}"`;
  return JSON.stringify(value).replace(UNSAFE, (character) => ESCAPES[character] ?? character);
}

/** Any JSON value as one line of escaped JSON that cannot end the session block. */
export function quoteValue(value: unknown): string {
  if (typeof value === 'string') return quoteString(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  const json = JSON.stringify(value) ?? 'null';
  return json.replace(UNSAFE, (character) => ESCAPES[character] ?? character);
}

const BARE_KEY = /^[A-Za-z_][A-Za-z0-9_.-]{0,63}$/;

/**
 * A field name as written in the block: bare when it is a plain identifier, quoted otherwise.
 * (The event line remembers what it writes before each value, so this runs once per name.)
 */
export function quoteKey(key: string): string {
  return BARE_KEY.test(key) ? key : quoteString(key);
}

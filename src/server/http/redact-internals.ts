// What the server says about a failure to an API client or in its log never shows an internal
// address (a model endpoint, a database host), a key or data from a request: vendor and driver
// messages are useful, but they name hosts, ports and sometimes values.

const PATTERNS: readonly (readonly [RegExp, string])[] = [
  // URLs and origins: http://10.0.0.5:8787/v1beta, postgres://user:password@db:5432/recap
  [/\b[a-z][a-z0-9+.-]*:\/\/[^\s"'<>)]*[^\s"'<>).,:;]/gi, '[address]'],
  // IPv6 and IPv4 addresses, with or without a port
  [/\[[0-9a-f:.]+\](?::\d+)?/gi, '[address]'],
  [/\b\d{1,3}(?:\.\d{1,3}){3}(?::\d+)?\b/g, '[address]'],
  // host:port (localhost:8787, db.internal:5432)
  [/\b[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*:\d{2,5}\b/gi, '[address]'],
  // keys: Bearer tokens, Google API keys, OpenAI-style keys, recap's own keys
  [/\bBearer\s+[^\s"']+/gi, 'Bearer [key]'],
  [/\bAIza[0-9A-Za-z_-]{20,}/g, '[key]'],
  [/\bsk-[0-9A-Za-z_-]{16,}/g, '[key]'],
  [/\b(?:na1|eu1)?\.?rk_[0-9a-f]{16}_[0-9A-Za-z_-]+/g, '[key]'],
  // values a database error quotes: Key (uid)=(alice); value "4294967296" is out of range for
  // type integer; invalid input syntax for type integer: "abc" (PostgreSQL quotes a value after
  // a colon, an identifier before one: relation "users" does not exist)
  [/\(([^()]*)\)=\(([^()]*)\)/g, '($1)=(…)'],
  [/\bvalue "[^"\n]*"/g, 'value "…"'],
  [/: "[^\n]*"/g, ': "…"'],
  // the bytes of text a database could not read: invalid byte sequence for encoding "UTF8": 0xe9 0x22
  [/\b0x[0-9a-f]{2}(?: 0x[0-9a-f]{2})*\b/gi, '0x…'],
];

/** `text` without internal addresses, keys or quoted values. */
export function redactInternals(text: string): string {
  let redacted = text;
  for (const [pattern, replacement] of PATTERNS) redacted = redacted.replace(pattern, replacement);
  return redacted;
}

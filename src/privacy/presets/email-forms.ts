// Two more ways of writing an email address that mail systems accept (RFC 5321), part of the
// `email` preset (see email-detector.ts): a quoted local part (`"ada lovelace"@example.com`) and a
// domain written as an address in brackets (`ada@[192.168.0.1]`, `ada@[IPv6:2001:db8::1]`).

import { matchesOf, type Span } from './detector.js';
import { isIP } from './ip-detector.js';

/**
 * A local part in double quotes (1 to 64 characters, without a quote, a backslash, a line break or
 * an `@`), then `@` and a domain with a dot in it, as EMAIL reads one (a TLD of letters).
 */
const QUOTED_LOCAL = /"[^"\\\n@]{1,64}"@(?:[\p{L}\p{M}\p{N}-]{1,63}\.){1,8}[\p{L}\p{M}]{2,24}(?![\p{L}\p{M}\p{N}-])/gu;

/**
 * A local part as EMAIL reads one, then `@` and an IPv4 or IPv6 address in brackets (`[IPv6:…]`):
 * group 1 the address, which must be one (see isIP).
 */
const ADDRESS_LITERAL = /(?<![\p{L}\p{M}\p{N}_%+-])[\p{L}\p{N}_%+-][\p{L}\p{M}\p{N}._%+'-]{0,63}@\[(?:IPv6:)?([0-9A-Fa-f:.]{2,45})\]/gu;

/** Addresses with a quoted local part or a domain in brackets, looked for only in texts holding `"@` or `@[`. */
export function findOtherAddressForms(text: string): Span[] {
  const spans: Span[] = [];
  if (text.includes('"@')) for (const match of matchesOf(QUOTED_LOCAL, text)) spans.push({ start: match.index, end: match.index + match[0].length });
  if (text.includes('@[')) {
    for (const match of matchesOf(ADDRESS_LITERAL, text)) {
      const address = match[1] ?? '';
      const version = isIP(address);
      if (version === 0 || (version === 6) !== match[0].includes('[IPv6:')) continue;
      spans.push({ start: match.index, end: match.index + match[0].length });
    }
  }
  return spans;
}

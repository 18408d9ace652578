// The `email` preset: `local@domain.tld`, with a dot in the domain and a TLD of 2+ letters (or an
// internationalised one in its `xn--` form); local parts and domains in any script (`josé@`,
// `@münchen.de`), as mail systems accept them (RFC 6531).

import { spansOf, type Detector } from './detector.js';

/**
 * A local part of letters, digits and `._%+-` not starting with a dot (at most 64 characters), `@`,
 * 1 to 8 domain labels each followed by a dot, and a TLD of letters or `xn--…`. Letters and digits
 * of any script. The look-behind makes a match start where a run of local-part characters starts
 * (or after a dot), so a long run is scanned once, not from each of its characters.
 */
const EMAIL = /(?<![\p{L}\p{N}_%+-])[\p{L}\p{N}_%+-][\p{L}\p{N}._%+-]{0,63}@(?:[\p{L}\p{N}-]{1,63}\.){1,8}(?:\p{L}{2,24}|xn--[a-z0-9-]{1,59})(?![\p{L}\p{N}-])/giu;

export const emailDetector: Detector = {
  mayMatch: (facts) => facts.text.length >= 6 && facts.ats > 0,
  find: (facts) => spansOf(EMAIL, facts.text),
};

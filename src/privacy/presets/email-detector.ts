// The `email` preset: `local@domain.tld`, with a dot in the domain and a TLD of 2+ letters.

import { spansOf, type Detector } from './detector.js';

/**
 * A local part starting with a letter or digit (at most 64 characters), `@`, 1 to 8 domain labels
 * each followed by a dot, and a TLD of letters. The look-behind makes a match start where a run of
 * local-part characters starts (or after a dot), so a long run is scanned once, not from each of
 * its characters.
 */
const EMAIL = /(?<![A-Za-z0-9_%+-])[A-Za-z0-9][A-Za-z0-9._%+-]{0,63}@(?:[A-Za-z0-9-]{1,63}\.){1,8}[A-Za-z]{2,24}(?![A-Za-z0-9-])/g;

export const emailDetector: Detector = {
  mayMatch: (facts) => facts.text.length >= 6 && facts.ats > 0,
  find: (facts) => spansOf(EMAIL, facts.text),
};

// The `iban` preset: IBANs compact or grouped by 4 with spaces, with a valid mod-97 checksum
// (ISO 13616); in upper case, or, as a form may record what someone typed, in lower or mixed case
// for a country of the IBAN registry at its IBAN's length.

import { matchesOf, type Detector, type Span } from './detector.js';
import { isDigitCode } from './is-digit-code.js';

/**
 * Two letters, two check digits, then 11–30 letters or digits either compact or in space-separated
 * blocks of 4 (the last block 1–3 long). Blocks are separated by a space, so they can be split
 * only one way.
 */
const IBAN = /(?<![A-Za-z0-9])[A-Za-z]{2}\d{2}(?:[A-Za-z0-9]{11,30}|(?: [A-Za-z0-9]{4}){2,7}(?: [A-Za-z0-9]{1,3})?)(?![A-Za-z0-9])/g;

/**
 * The length of each country's IBAN (SWIFT's IBAN registry): an IBAN not all in upper case is one
 * only at its country's length, which keeps lower-case codes and ids (`de12…`) that pass the
 * checksum by chance (one in 97) out.
 */
const IBAN_LENGTHS: ReadonlyMap<string, number> = new Map(
  Object.entries({
    AD: 24, AE: 23, AL: 28, AT: 20, AZ: 28, BA: 20, BE: 16, BG: 22, BH: 22, BR: 29, BY: 28, CH: 21, CR: 22, CY: 28, CZ: 24,
    DE: 22, DK: 18, DO: 28, EE: 20, EG: 29, ES: 24, FI: 18, FO: 18, FR: 27, GB: 22, GE: 22, GI: 23, GL: 18, GR: 27, GT: 28,
    HR: 21, HU: 28, IE: 22, IL: 23, IQ: 23, IS: 26, IT: 27, JO: 30, KW: 30, KZ: 20, LB: 28, LC: 32, LI: 21, LT: 20, LU: 20,
    LV: 21, LY: 25, MC: 27, MD: 24, ME: 22, MK: 19, MR: 27, MT: 31, MU: 30, NL: 18, NO: 15, PK: 24, PL: 28, PS: 29, PT: 25,
    QA: 29, RO: 24, RS: 22, SA: 24, SC: 31, SE: 24, SI: 19, SK: 24, SM: 27, ST: 25, SV: 28, TL: 23, TN: 24, TR: 26, UA: 29,
    VA: 22, VG: 24, XK: 20,
  }),
);

const IBAN_MIN_LENGTH = 15;
/** Digits an IBAN has at the least: its 2 check digits, and the 7 its shortest account part holds. */
export const IBAN_MIN_DIGITS = 9;
const IBAN_MAX_LENGTH = 34;

export const ibanDetector: Detector = {
  mayMatch: (facts) => facts.digits >= IBAN_MIN_DIGITS && facts.text.length >= IBAN_MIN_LENGTH,
  find: (facts) => findIbans(facts.text),
};

function findIbans(text: string): Span[] {
  const spans: Span[] = [];
  for (const match of matchesOf(IBAN, text)) {
    const length = validIbanLength(match[0]);
    if (length !== undefined) spans.push({ start: match.index, end: match.index + length });
  }
  return spans;
}

/**
 * The length of the longest valid IBAN that `candidate` starts with, dropping trailing blocks
 * (a grouped IBAN may be followed by a code or an amount that looks like one more block).
 */
function validIbanLength(candidate: string): number | undefined {
  let end = candidate.length;
  while (end > 0) {
    const piece = candidate.slice(0, end);
    const upper = piece.toUpperCase();
    const compact = upper.replaceAll(' ', '');
    if (compact.length < IBAN_MIN_LENGTH) return undefined;
    // Not all in upper case: only a registry country's IBAN at its length.
    const typed = upper !== piece;
    if ((!typed || IBAN_LENGTHS.get(compact.slice(0, 2)) === compact.length) && hasValidIbanChecksum(compact)) return end;
    end = candidate.lastIndexOf(' ', end - 1);
  }
  return undefined;
}

/** ISO 13616: the country code and check digits moved to the end, letters as 10–35, mod 97 is 1. */
function hasValidIbanChecksum(compact: string): boolean {
  if (compact.length < IBAN_MIN_LENGTH || compact.length > IBAN_MAX_LENGTH) return false;
  const rearranged = compact.slice(4) + compact.slice(0, 4);
  let remainder = 0;
  for (let index = 0; index < rearranged.length; index++) {
    remainder = appendIbanCharacter(remainder, rearranged.charCodeAt(index));
  }
  return remainder === 1;
}

function appendIbanCharacter(remainder: number, code: number): number {
  if (isDigitCode(code)) return (remainder * 10 + (code - 48)) % 97;
  const letterValue = code - 55; // 'A' is 10
  return (remainder * 100 + letterValue) % 97;
}

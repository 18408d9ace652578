// The `iban` preset: IBANs compact or grouped by 4 with spaces or dashes, with a valid mod-97
// checksum (ISO 13616); in upper case, or, as a form may record what someone typed, in lower or
// mixed case when it is valid for its country in SWIFT's IBAN registry (read from ibantools).

import { createRequire } from 'node:module';
import { matchesOf, type Detector, type Span } from './detector.js';
import { isDigitCode } from './is-digit-code.js';

/**
 * Two letters, two check digits, then 11–30 letters or digits either compact or in blocks of 4
 * each after a space (or two, as a page or a PDF may space them: `DE89  3704  …`) or a dash (the
 * last block 1–3 long). Blocks are separated by what no block holds, so they can be split only one way.
 */
const IBAN = /(?<![A-Za-z0-9])[A-Za-z]{2}\d{2}(?:[A-Za-z0-9]{11,30}|(?: {1,2}[A-Za-z0-9]{4}|-[A-Za-z0-9]{4}){2,7}(?: {1,2}[A-Za-z0-9]{1,3}|-[A-Za-z0-9]{1,3})?)(?![A-Za-z0-9])/g;

const SEPARATORS = /[ -]/g;

let registryIsValidIban: ((iban: string, options: { allowQRIBAN: boolean }) => boolean) | undefined;

/**
 * Whether an IBAN in upper case is valid for its country in SWIFT's IBAN registry: its length,
 * the format of its account part and, where a country has them, its national check digits. An
 * IBAN not all in upper case must be one, which keeps lower-case codes and ids (`de12…`) that pass
 * the checksum by chance (one in 97) out. ibantools is required when a text first holds such a
 * candidate: importing it is about 4 ms of every command's start-up.
 */
function isRegistryIban(compact: string): boolean {
  registryIsValidIban ??= ibantools().isValidIBAN;
  return registryIsValidIban(compact, { allowQRIBAN: true });
}

let ibanCountries: ReadonlySet<string> | undefined;

/**
 * Whether the first two letters of an IBAN in upper case are a country that issues IBANs (not
 * `RF`, which starts an ISO 11649 creditor reference checked by the same sum: `RF18 5390 0754 7034`).
 */
function isIbanCountry(compact: string): boolean {
  ibanCountries ??= new Set(Object.entries(ibantools().getCountrySpecifications()).flatMap(([country, spec]) => (spec.chars === undefined ? [] : [country])));
  return ibanCountries.has(compact.slice(0, 2));
}

function ibantools(): typeof import('ibantools') {
  return createRequire(import.meta.url)('ibantools') as typeof import('ibantools');
}

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
    const compact = upper.replace(SEPARATORS, '');
    if (compact.length < IBAN_MIN_LENGTH) return undefined;
    // Not all in upper case: only an IBAN valid for its country in the registry.
    const typed = upper !== piece;
    if (hasValidIbanChecksum(compact) && (typed ? isRegistryIban(compact) : isIbanCountry(compact))) return end;
    end = Math.max(candidate.lastIndexOf(' ', end - 1), candidate.lastIndexOf('-', end - 1));
    if (candidate[end - 1] === ' ') end--;
  }
  return undefined;
}

/** A whole text that is one IBAN in upper case, compact or grouped by 4. */
const WHOLE_IBAN = /^[A-Z]{2}\d{2}(?:[A-Z0-9]{11,30}|(?:[ -][A-Z0-9]{4}){2,7}(?:[ -][A-Z0-9]{1,3})?)$/;

/** Whether `text` is, whole, an IBAN in upper case that the preset finds (a quick answer for a value typed into an IBAN's field). */
export function isWholeIban(text: string): boolean {
  return WHOLE_IBAN.test(text) && text.replace(/\D+/g, '').length >= IBAN_MIN_DIGITS && hasValidIbanChecksum(text.replace(SEPARATORS, ''));
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

// The `phone` preset: `+<country> ...` numbers (9–15 digits, the whole run of digit groups after
// the `+`), and national numbers with separators in the shapes `(415) 555-0100`, `415-555-0100`,
// `1-415-555-0100` or `020 7946 0958` (trunk prefix 0).

import { CARD_MIN_DIGITS, passesLuhn } from './card-detector.js';
import type { Detector } from './detector.js';
import { hasCleanEdges, hasOneSeparator, passingWindows, startsAtPlus, windowGroups, windowSpan, type DigitGroup, type DigitRun, type GroupWindow } from './digit-runs.js';

export const PHONE_MIN_DIGITS = 9;
const PHONE_MAX_DIGITS = 15;

export const phoneDetector: Detector = {
  mayMatch: (facts) => facts.digits >= PHONE_MIN_DIGITS,
  find: (facts) => passingWindows(facts.text, facts.digitRuns, PHONE_MAX_DIGITS, isPhoneWindow),
};

function isPhoneWindow(text: string, run: DigitRun, window: GroupWindow): boolean {
  if (window.digits < PHONE_MIN_DIGITS || window.digits > PHONE_MAX_DIGITS) return false;
  if (!hasCleanEdges(text, run, window)) return false;
  if (startsAtPlus(run, window)) return window.last === run.groups.length - 1;
  return isNationalPhone(text, run, window);
}

/** A number without `+`: one of the national shapes, and neither an IPv4 address nor a card number. */
function isNationalPhone(text: string, run: DigitRun, window: GroupWindow): boolean {
  const groups = windowGroups(run, window);
  if (!(isNorthAmericanShape(groups) || isTrunkPrefixShape(text, groups))) return false;
  if (looksLikeIpv4(groups)) return false;
  const span = windowSpan(run, window);
  return !(window.digits >= CARD_MIN_DIGITS && passesLuhn(text, span.start, span.end));
}

/** `(415) 555-0100`, `(415)555-0100`, `415-555-0100`, `415.555.0100`, `415 555 0100`, `1-415-555-0100`. */
function isNorthAmericanShape(groups: readonly DigitGroup[]): boolean {
  if (hasSizes(groups, 1, 3, 3, 4)) return !groups.some((group) => group.parenthesised) && hasOneSeparator(groups);
  if (!hasSizes(groups, 3, 3, 4)) return false;
  return hasAreaCodeThenGroups(groups);
}

/** Whether the groups hold exactly these numbers of digits, in this order. */
function hasSizes(groups: readonly DigitGroup[], ...sizes: number[]): boolean {
  return groups.length === sizes.length && groups.every((group, index) => group.digits === sizes[index]);
}

/** `020 7946 0958`, `06 12 34 56 78`, `(020) 7946 0958`, `030-1234567`: a first group of 2–5 digits starting with 0. */
function isTrunkPrefixShape(text: string, groups: readonly DigitGroup[]): boolean {
  const first = groups[0];
  if (first === undefined || groups.length < 2) return false;
  if (first.digits < 2 || first.digits > 5) return false;
  const firstDigit = text[first.parenthesised ? first.start + 1 : first.start];
  if (firstDigit !== '0') return false;
  if (groups.slice(1).some((group) => group.digits < 2)) return false;
  return hasAreaCodeThenGroups(groups);
}

/**
 * The first group may be parenthesised (then followed by a space or nothing); the others are not,
 * and are joined by one kind of separator.
 */
function hasAreaCodeThenGroups(groups: readonly DigitGroup[]): boolean {
  const [first, ...rest] = groups;
  if (first === undefined || rest.some((group) => group.parenthesised)) return false;
  if (!first.parenthesised) return hasOneSeparator(groups);
  const afterParenthesis = rest[0]?.separator;
  if (afterParenthesis !== '' && afterParenthesis !== ' ') return false;
  return hasOneSeparator(rest);
}

function looksLikeIpv4(groups: readonly DigitGroup[]): boolean {
  return groups.length === 4 && groups.every((group, index) => group.digits <= 3 && (index === 0 || group.separator === '.'));
}

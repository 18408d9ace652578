// The `card` preset: 13–19 digits starting with 2–9 (fewer than 16 only with the first digits of the
// networks that issue them), whole or grouped by spaces, dashes or dots, passing the Luhn check (a
// leading 1 is left alone: that is what epoch timestamps look like).

import type { Detector } from './detector.js';
import { groupAt, hasCleanEdges, hasOneSeparator, insideLongNumber, passingWindows, startsAtPlus, windowGroups, windowSpan, type DigitGroup, type DigitRun, type GroupWindow } from './digit-runs.js';
import { isDigitCode } from './is-digit-code.js';

export const CARD_MIN_DIGITS = 13;
const CARD_MAX_DIGITS = 19;

export const cardDetector: Detector = {
  mayMatch: (facts) => facts.digits >= CARD_MIN_DIGITS,
  find: (facts) => passingWindows(facts.text, facts.digitRuns, CARD_MAX_DIGITS, isCardWindow, insideLongNumber),
};

/**
 * 13–19 digits, ungrouped or grouped by one kind of separator (space, dash or dot) with a first group
 * of at least 4 digits, starting with 2–9, passing Luhn.
 */
function isCardWindow(text: string, run: DigitRun, window: GroupWindow): boolean {
  if (startsAtPlus(run, window)) return false;
  if (window.digits < CARD_MIN_DIGITS || window.digits > CARD_MAX_DIGITS) return false;
  if (!hasCardFirstDigit(text, groupAt(run, window.first))) return false;
  if (!hasCardLength(text, groupAt(run, window.first).start, window.digits)) return false;
  const groups = windowGroups(run, window);
  if (!hasCardGrouping(groups)) return false;
  if (!hasCleanEdges(text, run, window)) return false;
  const span = windowSpan(run, window);
  return passesLuhn(text, span.start, span.end);
}

/**
 * Card networks use first digits 2–9 (a leading 1 is only UATP); epoch timestamps in ms, µs and ns
 * (`1764000000000`) start with 1 and would pass Luhn one time in ten.
 */
function hasCardFirstDigit(text: string, group: DigitGroup): boolean {
  const first = text.charCodeAt(group.start);
  return first >= 50 && first <= 57;
}

/**
 * Cards of fewer than 16 digits are of a few networks, told by their first digits: 13 digits are
 * Visa's (4), 14 Diners Club's (3), 15 American Express's (34, 37), Diners Club's or JCB's (2131).
 * So an EAN-13 barcode (`5901234123457`) that passes Luhn by chance is not a card.
 */
function hasCardLength(text: string, start: number, digits: number): boolean {
  const first = text.charAt(start);
  if (digits === 13) return first === '4';
  if (digits === 14) return first === '3';
  if (digits === 15) return first === '3' || text.startsWith('2131', start);
  return true;
}

function hasCardGrouping(groups: readonly DigitGroup[]): boolean {
  if (groups.some((group) => group.parenthesised)) return false;
  if (groups.length === 1) return true;
  const separator = groups[1]?.separator;
  if (separator !== ' ' && separator !== '-' && separator !== '.') return false;
  return hasOneSeparator(groups) && (groups[0]?.digits ?? 0) >= 4;
}

/** A whole text that is one card number as isCardWindow reads one: ungrouped, or grouped by one kind of separator with a first group of 4 digits or more. */
const WHOLE_CARD = /^[2-9]\d{3,}(?:([ .-])\d+(?:\1\d+)*)?$/;

/** Whether `text` is, whole, a card number the preset finds (a quick answer for a value typed into a card's field). */
export function isWholeCard(text: string): boolean {
  if (!WHOLE_CARD.test(text)) return false;
  const digits = text.replace(/\D+/g, '').length;
  return digits >= CARD_MIN_DIGITS && digits <= CARD_MAX_DIGITS && hasCardLength(text, 0, digits) && passesLuhn(text, 0, text.length);
}

/** The Luhn checksum over the digits of text[start, end), skipping separators. */
export function passesLuhn(text: string, start: number, end: number): boolean {
  let sum = 0;
  let doubled = false;
  for (let index = end - 1; index >= start; index--) {
    const code = text.charCodeAt(index);
    if (!isDigitCode(code)) continue;
    sum += luhnDigitValue(code - 48, doubled);
    doubled = !doubled;
  }
  return sum % 10 === 0;
}

function luhnDigitValue(digit: number, doubled: boolean): number {
  if (!doubled) return digit;
  const twice = digit * 2;
  return twice > 9 ? twice - 9 : twice;
}

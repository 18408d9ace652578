// The `phone` preset: `+<country> ...` numbers (9–15 digits, the run of digit groups after the
// `+`), and national numbers with separators in the shapes `(415) 555-0100`, `415-555-0100`,
// `1-415-555-0100`, `020 7946 0958` (trunk prefix 0), `030/9018204`, `138 0013 8000` (a Chinese
// mobile) or `(11) 91234-5678` (Brazil's area code in brackets); and any number written as a phone number
// after a phone's name in a `key=value` or `key: value` pair (`phone=4155550100`,
// `"mobile":"5550100"`), as the value of a property of that name is (see isPhonePropertyName).

import { CARD_MIN_DIGITS, passesLuhn } from './card-detector.js';
import { matchesOf, spansOf, type Detector, type Span } from './detector.js';
import { hasCleanEdges, hasOneSeparator, insideLongNumber, passingWindows, startsAtPlus, windowGroups, windowSpan, type DigitGroup, type DigitRun, type GroupWindow } from './digit-runs.js';
import { isPhonePropertyName, isPhoneShaped, PHONE_NAME_MIN_DIGITS } from './phone-property-name.js';
import type { TextFacts } from './text-facts.js';

export const PHONE_MIN_DIGITS = 9;
const PHONE_MAX_DIGITS = 15;

export const phoneDetector: Detector = {
  mayMatch: (facts) => facts.digits >= PHONE_MIN_DIGITS || mayHoldNamedPhone(facts.text, facts.digits),
  find: findPhones,
};

/**
 * A national number with its area code apart by a slash, as German and Austrian numbers are
 * written (`030/9018204`, `0171/2345678`): a trunk 0 and 1 to 4 more digits, then 5 to 10 digits;
 * not inside a path (no `/` or word character on either side).
 */
const SLASHED_NUMBER = /(?<![\w./+-])0\d{1,4}\/\d{5,10}(?![\w/-])/g;
/** The same number written with its country code for the trunk 0 (`+49 30/901820`, `+43 (0)1/5880`): counted as a `+` number's digits. */
const INTERNATIONAL_SLASHED_NUMBER = /(?<![\w./+-])\+\d{1,3} ?(?:\(0\) ?)?\d{1,4}\/\d{5,10}(?![\w/-])/g;

function findPhones(facts: TextFacts): Span[] {
  const spans = facts.digits >= PHONE_MIN_DIGITS ? passingWindows(facts.text, facts.digitRuns, PHONE_MAX_DIGITS, isPhoneWindow, (text, run, window) => !startsAtPlus(run, window) && insideLongNumber(text, run, window, true)) : [];
  if (facts.digits >= PHONE_MIN_DIGITS && facts.text.includes('/')) {
    for (const span of spansOf(SLASHED_NUMBER, facts.text)) if (span.end - span.start - 1 >= PHONE_MIN_DIGITS) spans.push(span);
    if (facts.text.includes('+')) for (const span of spansOf(INTERNATIONAL_SLASHED_NUMBER, facts.text)) if (digitsIn(facts.text, span) >= PHONE_MIN_DIGITS && digitsIn(facts.text, span) <= PHONE_MAX_DIGITS) spans.push(span);
  }
  if (mayHoldNamedPhone(facts.text, facts.digits)) for (const span of findNamedPhones(facts.text)) spans.push(span);
  return spans;
}

/** How many ASCII digits `span` of `text` holds. */
function digitsIn(text: string, span: Span): number {
  let digits = 0;
  for (let index = span.start; index < span.end; index++) if (text.charCodeAt(index) >= 48 && text.charCodeAt(index) <= 57) digits++;
  return digits;
}

/**
 * `key=value`, `key: value`, `"key": "value"`, as the `secret` preset reads them (see KEY_VALUE in
 * secret-detector.ts), where the value may be a phone number: quoted, or digits and what a phone
 * number is written with (`+`, brackets, `.`, `-`, `/`, single spaces between groups). Groups: 1
 * the key, 2 to 4 the value (double-quoted, single-quoted, bare).
 */
const NAMED_PHONE = /(?<![\w.-])([A-Za-z_][\w.-]{0,63})["']?[ \t]{0,3}[=:][ \t]{0,3}(?:"([^"\n]{7,40})"|'([^'\n]{7,40})'|(\+?[\d(][\d()./-]*(?:[ \t][\d()./-]+)*))/g;

/** A piece each name isPhonePropertyName accepts holds, in any case, and the schemes of phone links (PHONE_LINK). */
const PHONE_NAME_PIECE = /phone|mobile|cell|tel|fax|msisdn|whatsapp|sms|callto/i;

/**
 * A phone link's number, in an attribute, a JSON value or a selector (`a[href="tel:2025550111"]`,
 * `{"href":"sms:2025550133"}`, escaped: `tel:%2B14155550145`), where no name comes right before it: group 1 the number.
 */
const PHONE_LINK = /\b(?:tel|sms|callto):((?:\+|%2B)?[\d(](?:[\d()./-]|%20)*(?:[ \t][\d()./-]+)*)/gi;

/**
 * Whether a text may hold a phone number after its name (findNamedPhones): a local number's
 * digits at the least, and a piece of a phone's name.
 */
export function mayHoldNamedPhone(text: string, digits: number): boolean {
  return digits >= PHONE_NAME_MIN_DIGITS && PHONE_NAME_PIECE.test(text);
}

/**
 * A bare value's groups up to the first of 7 digits or more: a number written in groups has
 * short ones (`415 555 0100`, `07700 900123`), and what follows a whole number is something else
 * (`phone=4155550100 404`).
 */
function bareNumber(value: string): string {
  let end = 0;
  for (const group of value.split(/(?=[ \t])/)) {
    end += group.length;
    if (group.replace(/\D+/g, '').length >= PHONE_NAME_MIN_DIGITS) break;
  }
  const number = value.slice(0, end);
  // A closing bracket no bracket opened in it closes the text around it: `(tel:2025550166)`.
  return number.includes('(') ? number : number.replace(/\)+$/, '');
}

/** Values written as phone numbers (isPhoneShaped) after a phone's name (isPhonePropertyName). */
function findNamedPhones(text: string): Span[] {
  const spans: Span[] = [];
  for (const match of matchesOf(NAMED_PHONE, text)) {
    const key = match[1] ?? '';
    const bare = match[4];
    const value = bare === undefined ? (match[2] ?? match[3] ?? '') : bareNumber(bare);
    if (!isPhonePropertyName(key) || !isPhoneShaped(value)) continue;
    const start = match.index + match[0].length - (bare === undefined ? value.length + 1 : bare.length);
    spans.push({ start, end: start + value.length });
  }
  for (const match of matchesOf(PHONE_LINK, text)) {
    const value = bareNumber(match[1] ?? '');
    // `tel:%2B14155550145`, `tel:+44%2020%207946`: a link's number as a URL escapes it.
    if (!isPhoneShaped(value.replace(/%2B/gi, '+').replace(/%20/g, ' '))) continue;
    const start = match.index + match[0].length - (match[1] ?? '').length;
    spans.push({ start, end: start + value.length });
  }
  return spans;
}

function isPhoneWindow(text: string, run: DigitRun, window: GroupWindow): boolean {
  if (window.digits < PHONE_MIN_DIGITS || window.digits > PHONE_MAX_DIGITS) return false;
  if (!hasCleanEdges(text, run, window)) return false;
  if (startsAtPlus(run, window)) return isWholeInternationalNumber(run, window);
  return isNationalPhone(text, run, window);
}

/** The digits of a group after which an international number ends: `+14155550100 404` is a number and a status. */
const WHOLE_GROUP_DIGITS = 7;

/**
 * A `+` number takes its run's groups up to the end of the run, or up to a group of 7 digits or
 * more (after which what follows is something else), not beyond such a group.
 */
function isWholeInternationalNumber(run: DigitRun, window: GroupWindow): boolean {
  const groups = windowGroups(run, window);
  if (groups.slice(0, -1).some((group) => group.digits >= WHOLE_GROUP_DIGITS)) return false;
  return window.last === run.groups.length - 1 || (groups[groups.length - 1]?.digits ?? 0) >= WHOLE_GROUP_DIGITS;
}

/** A number without `+`: one of the national shapes, and neither an IPv4 address nor a card number. */
function isNationalPhone(text: string, run: DigitRun, window: GroupWindow): boolean {
  const groups = windowGroups(run, window);
  if (!(isNorthAmericanShape(text, groups) || isTrunkPrefixShape(text, groups) || isChineseMobileShape(text, groups) || isParenthesisedAreaShape(text, groups) || isIndianMobileShape(text, groups) || isTrunkEightShape(text, groups))) return false;
  if (looksLikeIpv4(groups)) return false;
  const span = windowSpan(run, window);
  if (insideLetteredNumber(text, span.start)) return false;
  return !(window.digits >= CARD_MIN_DIGITS && passesLuhn(text, span.start, span.end));
}

/** `(415) 555-0100`, `(415)555-0100`, `415-555-0100`, `415.555.0100`, `415 555 0100`, `415 555-0100`, `1-415-555-0100`. */
function isNorthAmericanShape(text: string, groups: readonly DigitGroup[]): boolean {
  if (hasSizes(groups, 1, 3, 3, 4)) return !groups.some((group) => group.parenthesised) && hasOneSeparator(groups);
  if (!hasSizes(groups, 3, 3, 4)) return false;
  // Written with two separators, a North American number's area code and exchange start with 2 to 9: `Room 101 555-0100` stays.
  if (!hasOneSeparator(groups) && !groups[0]?.parenthesised && !groups.slice(0, 2).every((group) => (text[group.start] ?? '0') >= '2')) return false;
  return hasAreaCodeThenGroups(groups);
}

/** Whether the groups hold exactly these numbers of digits, in this order. */
function hasSizes(groups: readonly DigitGroup[], ...sizes: number[]): boolean {
  return groups.length === sizes.length && groups.every((group, index) => group.digits === sizes[index]);
}

/** `020 7946 0958`, `06 12 34 56 78`, `(020) 7946 0958`, `030-1234567`: a first group of 2–5 digits starting with 0, not all zeros. */
function isTrunkPrefixShape(text: string, groups: readonly DigitGroup[]): boolean {
  const first = groups[0];
  if (first === undefined || groups.length < 2) return false;
  if (first.digits < 2 || first.digits > 5) return false;
  const firstDigit = first.parenthesised ? first.start + 1 : first.start;
  // A trunk 0 (or the international 00 of `0044 20 7946 0958`), not a group of zeros: a parcel's
  // tracking number `9400 1000 0000 0000 0000 00` holds `0000 0000 00`.
  if (text[firstDigit] !== '0' || /^0+$/.test(text.slice(firstDigit, firstDigit + first.digits))) return false;
  if (groups.slice(1).some((group) => group.digits < 2)) return false;
  return hasAreaCodeThenGroups(groups);
}

/** `138 0013 8000`, `139-1234-5678`: a Chinese mobile number, 11 digits in groups of 3, 4 and 4, starting with 13 to 19. */
function isChineseMobileShape(text: string, groups: readonly DigitGroup[]): boolean {
  if (!hasSizes(groups, 3, 4, 4) || groups.some((group) => group.parenthesised) || !hasOneSeparator(groups)) return false;
  const start = groups[0]?.start ?? 0;
  return text[start] === '1' && (text[start + 1] ?? '0') >= '3';
}

/** `(11) 91234-5678`, `(21) 2345-6789`: an area code of 2 digits in brackets (not a trunk 0), then groups of 4 or 5 and 4 digits. */
function isParenthesisedAreaShape(text: string, groups: readonly DigitGroup[]): boolean {
  const [first, second, third] = groups;
  if (groups.length !== 3 || first === undefined || second === undefined || third === undefined) return false;
  if (!first.parenthesised || first.digits !== 2 || text[first.start + 1] === '0') return false;
  if (second.digits < 4 || second.digits > 5 || third.digits !== 4) return false;
  return hasAreaCodeThenGroups(groups);
}

/** `098765 43210`, `098765-43210`: an Indian mobile number with its trunk 0, 10 digits in groups of 5 and 5 starting with 6 to 9. */
function isIndianMobileShape(text: string, groups: readonly DigitGroup[]): boolean {
  const [first, second] = groups;
  if (groups.length !== 2 || first === undefined || second === undefined || first.parenthesised || second.parenthesised) return false;
  if (first.digits !== 6 || second.digits !== 5 || (second.separator !== ' ' && second.separator !== '-')) return false;
  return text[first.start] === '0' && (text[first.start + 1] ?? '0') >= '6';
}

/**
 * `8 (495) 123-45-67`, `8(812)123-45-67`: the trunk 8 of Russia, Kazakhstan and Belarus before an
 * area code in brackets, 11 digits in all, the groups after it of 2 digits or more.
 */
function isTrunkEightShape(text: string, groups: readonly DigitGroup[]): boolean {
  const [first, area, ...rest] = groups;
  if (first === undefined || area === undefined || rest.length === 0 || first.digits !== 1 || text[first.start] !== '8') return false;
  if (!area.parenthesised || area.digits < 3 || area.digits > 5 || (area.separator !== ' ' && area.separator !== '')) return false;
  if (rest.some((group) => group.digits < 2) || groups.reduce((digits, group) => digits + group.digits, 0) !== 11) return false;
  return hasAreaCodeThenGroups(groups.slice(1));
}

/**
 * The first group may be parenthesised (then followed by a space or nothing); the others are not,
 * and are joined by one kind of separator. An area code not in brackets may be apart from a number
 * of two groups by the other of a space and a dash (`415 555-0100`, `020-7946 0958`, `010-1234 5678`).
 */
function hasAreaCodeThenGroups(groups: readonly DigitGroup[]): boolean {
  const [first, ...rest] = groups;
  if (first === undefined || rest.some((group) => group.parenthesised)) return false;
  if (!first.parenthesised) return hasOneSeparator(groups) || hasAreaCodeApart(rest);
  const afterParenthesis = rest[0]?.separator;
  if (afterParenthesis !== '' && afterParenthesis !== ' ') return false;
  return hasOneSeparator(rest);
}

/**
 * Whether the groups after an area code are two of 3 digits or more (not a code's last digits:
 * `SKU 0123-4567 89`), joined by a space or a dash, and the area code apart from them by the other.
 */
function hasAreaCodeApart(rest: readonly DigitGroup[]): boolean {
  const [first, second] = rest;
  if (rest.length !== 2 || first === undefined || second === undefined || first.digits < 3 || second.digits < 3) return false;
  return (first.separator === ' ' && second.separator === '-') || (first.separator === '-' && second.separator === ' ');
}

/**
 * Whether `start` lies inside a number written with letters, whose groups of digits no phone
 * number is: a UPS tracking number (`1Z`, then 16 letters and digits, often grouped 3-3-2-4-4:
 * `1Z 999 AA1 01 2345 6784`), whose last groups are shaped as a British number; or an IBAN's shape
 * (a country's two letters and two digits, then groups of 4) that the `iban` preset passes for its
 * checksum (`DE00 3704 0044 0532 0130 00`, whose `0044 …` reads as a number in the UK).
 */
function insideLetteredNumber(text: string, start: number): boolean {
  for (const [holds, shape] of LETTERED_NUMBERS) {
    if (!holds.test(text)) continue;
    for (const match of matchesOf(shape, text)) if (match.index < start && start < match.index + match[0].length) return true;
  }
  return false;
}

const LETTERED_NUMBERS: readonly (readonly [RegExp, RegExp])[] = [
  [/1Z/, /(?<![A-Za-z0-9])1Z ?[0-9A-Z]{3} ?[0-9A-Z]{3} ?[0-9A-Z]{2} ?[0-9A-Z]{4} ?[0-9A-Z]{4}(?![A-Za-z0-9])/g],
  [/[A-Z]{2}\d\d[ -]/, /(?<![A-Za-z0-9])[A-Z]{2}\d{2}(?:[ -][A-Z0-9]{4}){2,7}(?:[ -][A-Z0-9]{1,3})?(?![A-Za-z0-9])/g],
];

function looksLikeIpv4(groups: readonly DigitGroup[]): boolean {
  return groups.length === 4 && groups.every((group, index) => group.digits <= 3 && (index === 0 || group.separator === '.'));
}

// The built-in privacy presets: pure detectors of personal data in free text (email addresses,
// payment card numbers, phone numbers, IBANs, IP addresses and secrets), used to redact session
// text before it is sent to a language model. Each preset runs only when a cheap pre-check on the
// text passes, and every regular expression is written so that it cannot backtrack
// catastrophically: quantified pieces are separated by characters they cannot both match, or are
// bounded. Candidates are then validated in code (Luhn, mod-97, octet ranges, `isIP`).

import { isIP } from 'node:net';

/**
 * The names of the built-in presets. Their order breaks ties between matches with the same span.
 *
 * @category Privacy
 */
export const PRESET_NAMES = ['email', 'card', 'phone', 'iban', 'ip', 'secret'] as const;

/**
 * One of {@link PRESET_NAMES}.
 *
 * @category Privacy
 */
export type PresetName = (typeof PRESET_NAMES)[number];

/**
 * A span of `text` [start, end) that a preset matched.
 *
 * @category Privacy
 */
export interface PresetMatch {
  readonly start: number;
  readonly end: number;
  readonly preset: PresetName;
}

interface Span {
  readonly start: number;
  readonly end: number;
}

/** Digits are counted up to this many: no pre-check needs a larger count. */
const DIGIT_COUNT_CAP = 13;

/** What the pre-checks need to know about a text, each fact computed at most once. */
class TextFacts {
  #digits: number | undefined;

  constructor(readonly text: string) {}

  /** The number of ASCII digits in the text, or {@link DIGIT_COUNT_CAP} when there are more. */
  get digits(): number {
    if (this.#digits === undefined) this.#digits = countDigits(this.text, DIGIT_COUNT_CAP);
    return this.#digits;
  }

  has(substring: string): boolean {
    return this.text.includes(substring);
  }
}

interface Detector {
  /** A cheap test: when false, `find` could not match anything. */
  readonly mayMatch: (facts: TextFacts) => boolean;
  readonly find: (facts: TextFacts) => Span[];
}

const DETECTORS: Record<PresetName, Detector> = {
  email: { mayMatch: (facts) => facts.text.length >= 6 && facts.has('@'), find: (facts) => findEmails(facts.text) },
  card: { mayMatch: (facts) => facts.digits >= 13, find: (facts) => findCards(facts.text) },
  phone: { mayMatch: (facts) => facts.digits >= 9, find: (facts) => findPhones(facts.text) },
  iban: { mayMatch: (facts) => facts.digits >= 9 && facts.text.length >= 15, find: (facts) => findIbans(facts.text) },
  ip: { mayMatch: (facts) => facts.digits >= 1 && (facts.has('.') || facts.has(':')), find: findIps },
  secret: { mayMatch: (facts) => facts.text.length >= 5, find: findSecrets },
};

/**
 * Every match of the given presets in `text`, sorted by start, never overlapping: when two
 * matches overlap, the one that starts first wins, then the longer one, then the preset that
 * comes first in {@link PRESET_NAMES}.
 *
 * Presets match as follows (see the tests for examples):
 * - `email`: `local@domain.tld`, with a dot in the domain and a TLD of 2+ letters.
 * - `card`: 13–19 digits starting with 2–9, whole or grouped by single spaces or dashes, passing
 *   the Luhn check (a leading 1 is left alone: that is what epoch timestamps look like).
 * - `phone`: `+<country> ...` numbers (9–15 digits, the whole run of digit groups after the `+`),
 *   and national numbers with separators in the shapes `(415) 555-0100`, `415-555-0100`, `1-415-555-0100` or `020 7946 0958` (trunk prefix 0).
 * - `iban`: compact or grouped by 4 with spaces, upper case, with a valid mod-97 checksum.
 * - `ip`: IPv4 dotted quads and IPv6 (compressed forms included) containing at least one digit.
 * - `secret`: JWTs, API keys of well-known shapes, the token after `Bearer` (the word itself is
 *   not part of the match), and the value of `key=value` / `key: value` pairs whose key is a
 *   secret name (see {@link isSecretPropertyName}).
 *
 * @param text - Any text of a session.
 * @param presets - The presets to run; the others are skipped.
 * @category Privacy
 */
export function findPresetMatches(text: string, presets: ReadonlySet<PresetName>): PresetMatch[] {
  if (text.length === 0 || presets.size === 0) return [];
  const facts = new TextFacts(text);
  const matches: PresetMatch[] = [];
  for (const preset of PRESET_NAMES) {
    if (!presets.has(preset)) continue;
    const detector = DETECTORS[preset];
    if (!detector.mayMatch(facts)) continue;
    for (const span of detector.find(facts)) matches.push({ start: span.start, end: span.end, preset });
  }
  return withoutOverlaps(matches);
}

/** Sorts matches by start, longer first, then by preset order, and drops those that overlap a kept one. */
function withoutOverlaps(matches: PresetMatch[]): PresetMatch[] {
  if (matches.length <= 1) return matches;
  matches.sort(compareMatches);
  const kept: PresetMatch[] = [];
  let keptEnd = 0;
  for (const match of matches) {
    if (match.start < keptEnd) continue;
    kept.push(match);
    keptEnd = match.end;
  }
  return kept;
}

function compareMatches(a: PresetMatch, b: PresetMatch): number {
  return a.start - b.start || b.end - a.end || PRESET_NAMES.indexOf(a.preset) - PRESET_NAMES.indexOf(b.preset);
}

// ---------------------------------------------------------------------------------------------
// Character helpers

function isDigitCode(code: number): boolean {
  return code >= 48 && code <= 57;
}

function isWordCharacter(character: string | undefined): boolean {
  return character !== undefined && /\w/.test(character);
}

function countDigits(text: string, cap: number): number {
  let count = 0;
  for (let index = 0; index < text.length && count < cap; index++) {
    if (isDigitCode(text.charCodeAt(index))) count++;
  }
  return count;
}

function spansOf(regex: RegExp, text: string): Span[] {
  const spans: Span[] = [];
  for (const match of text.matchAll(regex)) spans.push({ start: match.index, end: match.index + match[0].length });
  return spans;
}

// ---------------------------------------------------------------------------------------------
// email

/**
 * A local part starting with a letter or digit (at most 64 characters), `@`, 1 to 8 domain labels
 * each followed by a dot, and a TLD of letters. The look-behind makes a match start where a run of
 * local-part characters starts (or after a dot), so a long run is scanned once, not from each of
 * its characters.
 */
const EMAIL = /(?<![A-Za-z0-9_%+-])[A-Za-z0-9][A-Za-z0-9._%+-]{0,63}@(?:[A-Za-z0-9-]{1,63}\.){1,8}[A-Za-z]{2,24}(?![A-Za-z0-9-])/g;

function findEmails(text: string): Span[] {
  return spansOf(EMAIL, text);
}

// ---------------------------------------------------------------------------------------------
// Digit runs, shared by card and phone

/**
 * A run of digit groups: an optional `+`, then groups (`415` or `(415)`) joined by one of ` .-`
 * (or by nothing next to a parenthesis). A group of digits is always followed by a non-digit, so
 * the run is split into groups in one way only.
 */
const DIGIT_RUN = /(?<![\w.+-])\+?(?:\(\d{1,6}\)|\d+)(?:(?:[ .-]|(?<=\))|(?=\())(?:\(\d{1,6}\)|\d+))*/g;

interface DigitGroup {
  /** Where the group starts (its `(` when parenthesised) and ends (after its `)`). */
  readonly start: number;
  readonly end: number;
  readonly digits: number;
  readonly parenthesised: boolean;
  /** The character before the group that joins it to the previous one: ` `, `.`, `-`, or `''`. */
  readonly separator: string;
}

interface DigitRun {
  readonly start: number;
  readonly end: number;
  readonly plus: boolean;
  readonly groups: readonly DigitGroup[];
}

/** Which groups of a run [first, last] a window covers, and how many digits they hold. */
interface GroupWindow {
  readonly first: number;
  readonly last: number;
  readonly digits: number;
}

type WindowTest = (text: string, run: DigitRun, window: GroupWindow) => boolean;

function findDigitRuns(text: string): DigitRun[] {
  const runs: DigitRun[] = [];
  for (const match of text.matchAll(DIGIT_RUN)) runs.push(parseDigitRun(text, match.index, match.index + match[0].length));
  return runs;
}

function parseDigitRun(text: string, start: number, end: number): DigitRun {
  const plus = text[start] === '+';
  const groups: DigitGroup[] = [];
  let index = plus ? start + 1 : start;
  while (index < end) {
    let separator = '';
    const character = text[index];
    if (groups.length > 0 && (character === ' ' || character === '.' || character === '-')) {
      separator = character;
      index++;
    }
    const group = readDigitGroup(text, index, separator);
    groups.push(group);
    index = group.end;
  }
  return { start, end, plus, groups };
}

function readDigitGroup(text: string, start: number, separator: string): DigitGroup {
  const parenthesised = text[start] === '(';
  let index = parenthesised ? start + 1 : start;
  const digitsStart = index;
  while (index < text.length && isDigitCode(text.charCodeAt(index))) index++;
  const digits = index - digitsStart;
  if (parenthesised) index++;
  return { start, end: index, digits, parenthesised, separator };
}

/**
 * The windows of consecutive groups of `run` that pass `test`, left to right, never overlapping:
 * from each group the longest passing window with at most `maxDigits` digits is taken.
 */
function passingWindows(text: string, run: DigitRun, maxDigits: number, test: WindowTest): Span[] {
  const spans: Span[] = [];
  let first = 0;
  while (first < run.groups.length) {
    const window = longestPassingWindow(text, run, first, maxDigits, test);
    if (window === undefined) {
      first++;
      continue;
    }
    spans.push(windowSpan(run, window));
    first = window.last + 1;
  }
  return spans;
}

function longestPassingWindow(text: string, run: DigitRun, first: number, maxDigits: number, test: WindowTest): GroupWindow | undefined {
  let best: GroupWindow | undefined;
  let digits = 0;
  for (let last = first; last < run.groups.length; last++) {
    digits += groupAt(run, last).digits;
    if (digits > maxDigits) break;
    const window = { first, last, digits };
    if (test(text, run, window)) best = window;
  }
  return best;
}

function windowSpan(run: DigitRun, window: GroupWindow): Span {
  const start = startsAtPlus(run, window) ? run.start : groupAt(run, window.first).start;
  return { start, end: groupAt(run, window.last).end };
}

function groupAt(run: DigitRun, index: number): DigitGroup {
  const group = run.groups[index];
  if (group === undefined) throw new RangeError(`no digit group ${index}`);
  return group;
}

function windowGroups(run: DigitRun, window: GroupWindow): readonly DigitGroup[] {
  return run.groups.slice(window.first, window.last + 1);
}

function startsAtPlus(run: DigitRun, window: GroupWindow): boolean {
  return run.plus && window.first === 0;
}

/**
 * A window stands on its own in the text: it is joined to the rest of its run only by spaces
 * (not inside a dotted or dashed number, nor glued to a parenthesis), and no letter or digit
 * follows the run right after it.
 */
function hasCleanEdges(text: string, run: DigitRun, window: GroupWindow): boolean {
  if (window.first > 0 && groupAt(run, window.first).separator !== ' ') return false;
  const next = run.groups[window.last + 1];
  if (next !== undefined) return next.separator === ' ';
  return !isWordCharacter(text[run.end]);
}

/** Whether the groups after the first are all joined by the same one separator. */
function hasOneSeparator(groups: readonly DigitGroup[]): boolean {
  const separator = groups[1]?.separator;
  return groups.slice(1).every((group) => group.separator === separator);
}

/** The Luhn checksum over the digits of text[start, end), skipping separators. */
function passesLuhn(text: string, start: number, end: number): boolean {
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

// ---------------------------------------------------------------------------------------------
// card

const CARD_MIN_DIGITS = 13;
const CARD_MAX_DIGITS = 19;

function findCards(text: string): Span[] {
  const spans: Span[] = [];
  for (const run of findDigitRuns(text)) spans.push(...passingWindows(text, run, CARD_MAX_DIGITS, isCardWindow));
  return spans;
}

/**
 * 13–19 digits, ungrouped or grouped by one kind of separator (space or dash) with a first group
 * of at least 4 digits, starting with 2–9, passing Luhn.
 */
function isCardWindow(text: string, run: DigitRun, window: GroupWindow): boolean {
  if (startsAtPlus(run, window)) return false;
  if (window.digits < CARD_MIN_DIGITS || window.digits > CARD_MAX_DIGITS) return false;
  if (!hasCardFirstDigit(text, groupAt(run, window.first))) return false;
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

function hasCardGrouping(groups: readonly DigitGroup[]): boolean {
  if (groups.some((group) => group.parenthesised)) return false;
  if (groups.length === 1) return true;
  const separator = groups[1]?.separator;
  if (separator !== ' ' && separator !== '-') return false;
  return hasOneSeparator(groups) && (groups[0]?.digits ?? 0) >= 4;
}

// ---------------------------------------------------------------------------------------------
// phone

const PHONE_MIN_DIGITS = 9;
const PHONE_MAX_DIGITS = 15;

function findPhones(text: string): Span[] {
  const spans: Span[] = [];
  for (const run of findDigitRuns(text)) spans.push(...passingWindows(text, run, PHONE_MAX_DIGITS, isPhoneWindow));
  return spans;
}

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
  const sizes = groups.map((group) => group.digits).join(',');
  if (sizes === '1,3,3,4') return !groups.some((group) => group.parenthesised) && hasOneSeparator(groups);
  if (sizes !== '3,3,4') return false;
  return hasAreaCodeThenGroups(groups);
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

// ---------------------------------------------------------------------------------------------
// iban

/**
 * Two upper-case letters, two check digits, then 11–30 letters or digits either compact or in
 * space-separated blocks of 4 (the last block 1–3 long). Blocks are separated by a space, so they
 * can be split only one way.
 */
const IBAN = /(?<![A-Za-z0-9])[A-Z]{2}\d{2}(?:[A-Z0-9]{11,30}|(?: [A-Z0-9]{4}){2,7}(?: [A-Z0-9]{1,3})?)(?![A-Za-z0-9])/g;

const IBAN_MIN_LENGTH = 15;
const IBAN_MAX_LENGTH = 34;

function findIbans(text: string): Span[] {
  const spans: Span[] = [];
  for (const match of text.matchAll(IBAN)) {
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
    const compact = candidate.slice(0, end).replaceAll(' ', '');
    if (compact.length < IBAN_MIN_LENGTH) return undefined;
    if (hasValidIbanChecksum(compact)) return end;
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

// ---------------------------------------------------------------------------------------------
// ip

const OCTET = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';

/** Four octets, not preceded by a word character or a dot and not followed by `.digit` or a word character. */
const IPV4 = new RegExp(`(?<![\\w.])(?:${OCTET}\\.){3}${OCTET}(?!\\.?\\w)`, 'g');

/**
 * A run of hex digits, colons and dots that has a colon within its first 5 characters, at most 45
 * long; the run must be whole (bounded on both sides), so a failed attempt costs at most 45 steps.
 */
const IPV6_CANDIDATE = /(?<![\w:.])[0-9A-Fa-f]{0,4}:[0-9A-Fa-f:.]{1,44}(?![\w:.])/g;

function findIps(facts: TextFacts): Span[] {
  const spans: Span[] = [];
  if (facts.digits >= 4 && facts.has('.')) spans.push(...spansOf(IPV4, facts.text));
  if (facts.has(':')) spans.push(...findIpv6(facts.text));
  return spans;
}

function findIpv6(text: string): Span[] {
  const spans: Span[] = [];
  for (const match of text.matchAll(IPV6_CANDIDATE)) {
    const address = withoutTrailingDots(match[0]);
    if (isIpv6Address(address)) spans.push({ start: match.index, end: match.index + address.length });
  }
  return spans;
}

function withoutTrailingDots(candidate: string): string {
  let end = candidate.length;
  while (end > 0 && candidate[end - 1] === '.') end--;
  return candidate.slice(0, end);
}

/** At least two colons and one digit (so `10:00` and hex words like `dead::beef` are not addresses), and valid for `isIP`. */
function isIpv6Address(candidate: string): boolean {
  if (candidate.indexOf(':') === candidate.lastIndexOf(':')) return false;
  if (!/\d/.test(candidate)) return false;
  return isIP(candidate) === 6;
}

// ---------------------------------------------------------------------------------------------
// secret

/** `eyJ…` (a base64url JSON header), a payload and a signature (empty for unsigned tokens). */
const JWT = /(?<![\w-])eyJ[\w-]{4,}\.[\w-]{4,}\.[\w-]*/g;

/** The token after `Bearer`; the match is the token alone. */
const BEARER = /\bbearer[ \t]+([\w.~+/-]{8,}=*)/gi;

/** API keys of well-known shapes, each starting with a fixed prefix. */
const API_KEY = new RegExp(
  `(?<![\\w-])(?:${[
    'sk-[\\w-]{20,}', // OpenAI
    '(?:sk|pk|rk)_(?:live|test)_[A-Za-z0-9]{20,}', // Stripe
    '(?:AKIA|ASIA)[0-9A-Z]{16}(?![A-Za-z0-9])', // AWS access key id
    'gh[pousr]_[A-Za-z0-9]{20,}', // GitHub
    'github_pat_\\w{20,}', // GitHub fine-grained
    'xox[abposr]-[A-Za-z0-9-]{10,}', // Slack
    'AIza[\\w-]{35}(?![\\w-])', // Google
  ].join('|')})`,
  'g',
);

/**
 * `key=value`, `key: value`, `"key": "value"`: a key of at most 64 characters starting at a word,
 * then the value quoted or up to a space or delimiter. An HTTP scheme (`Bearer`, `Basic`) before
 * the value is skipped. Groups: 1 the key, 2 to 4 the value (double-quoted, single-quoted, bare).
 */
const KEY_VALUE = /(?<![\w.-])([A-Za-z][\w.-]{0,63})["']?[ \t]{0,3}[=:][ \t]{0,3}(?:(?:bearer|basic)[ \t]+)?(?:"([^"\n]{1,256})"|'([^'\n]{1,256})'|([^\s"',;&()[\]{}<>]{1,256}))/gi;

function findSecrets(facts: TextFacts): Span[] {
  const spans: Span[] = [];
  if (facts.has('eyJ')) spans.push(...spansOf(JWT, facts.text));
  if (facts.has('earer') || facts.has('EARER')) spans.push(...findBearerTokens(facts.text));
  if (mayHoldApiKey(facts)) spans.push(...findApiKeys(facts.text));
  if (facts.has('=') || facts.has(':')) spans.push(...findSecretValues(facts.text));
  return spans;
}

/** Bearer tokens of 8+ characters with at least one digit (so `Bearer authentication` is prose). */
function findBearerTokens(text: string): Span[] {
  const spans: Span[] = [];
  for (const match of text.matchAll(BEARER)) {
    const token = match[1] ?? '';
    if (!/\d/.test(token)) continue;
    const end = match.index + match[0].length;
    spans.push({ start: end - token.length, end });
  }
  return spans;
}

function mayHoldApiKey(facts: TextFacts): boolean {
  return facts.has('_') || facts.has('-') || facts.has('AKIA') || facts.has('ASIA') || facts.has('AIza');
}

/** API keys; an `sk-` key needs a digit, so that `sk-learn-preprocessing-pipeline` is not one. */
function findApiKeys(text: string): Span[] {
  const spans: Span[] = [];
  for (const match of text.matchAll(API_KEY)) {
    const key = match[0];
    if (key.startsWith('sk-') && !/\d/.test(key)) continue;
    spans.push({ start: match.index, end: match.index + key.length });
  }
  return spans;
}

/**
 * Values of secret keys. After a key that is not secret the search goes on right after that key,
 * not after its value: in `https://host/?token=abc` the value of `https` holds `token=abc`.
 */
function findSecretValues(text: string): Span[] {
  const spans: Span[] = [];
  const keyValue = new RegExp(KEY_VALUE);
  for (let match = keyValue.exec(text); match !== null; match = keyValue.exec(text)) {
    const key = match[1] ?? '';
    if (!isSecretPropertyName(key)) {
      keyValue.lastIndex = match.index + key.length;
      continue;
    }
    spans.push(secretValueSpan(match));
  }
  return spans;
}

function secretValueSpan(match: RegExpExecArray): Span {
  const value = match[2] ?? match[3] ?? match[4] ?? '';
  const quoted = match[4] === undefined;
  const end = match.index + match[0].length - (quoted ? 1 : 0);
  return { start: end - value.length, end };
}

// ---------------------------------------------------------------------------------------------
// Secret property names

/** Words that name a secret on their own (also in the plural). */
const SECRET_WORDS: ReadonlySet<string> = new Set([
  'password',
  'passwd',
  'pwd',
  'secret',
  'token',
  'apikey',
  'authorization',
  'cookie',
  'otp',
  'pin',
  'cvv',
  'cvc',
  'ssn',
  'privatekey',
]);

/** Words that name a secret when a word ends with them: `newpassword`, `accesstoken`, `setcookie`. */
const SECRET_WORD_ENDINGS: readonly string[] = ['password', 'passwd', 'secret', 'token', 'apikey', 'cookie', 'privatekey'];

/** Words that name a secret when a word starts with them: `passwordhash`. */
const SECRET_WORD_BEGINNINGS: readonly string[] = ['password', 'passwd'];

/** Two consecutive words that name a secret together. */
const SECRET_WORD_PAIRS: readonly (readonly [string, string])[] = [
  ['api', 'key'],
  ['private', 'key'],
];

/**
 * Last words that make a name describe a secret rather than hold it: `token_count`,
 * `password_length`, `token_type`, `password_changed_at`.
 */
const METADATA_LAST_WORDS: ReadonlySet<string> = new Set([
  'count',
  'length',
  'type',
  'ttl',
  'expiry',
  'expires',
  'expiration',
  'at',
  'policy',
  'strength',
  'enabled',
  'required',
  'limit',
  'usage',
]);

/**
 * Whether a property holds a secret whatever its value, judging by its name: password, passwd,
 * pwd, secret, token, api key, access/refresh/session token, client secret, private key,
 * authorization, cookie, otp, pin, cvv/cvc, ssn.
 *
 * The name may be a dotted property path (`user.credentials.password`, `tokens[0]`): only its last
 * segment counts. The segment is split into words at `_`, `-`, spaces, digits and camelCase
 * humps, and matched case-insensitively word by word, so `user_password`, `newPassword`,
 * `password_confirmation`, `X-API-Key` and `pinCode` are secrets but `passport_country`,
 * `description`, `pinned`, `spinner` and `tokenizer_version` are not. A name whose last word is
 * a metadata word (`token_count`, `password_length`, `token_type`, `password_changed_at`)
 * describes a secret without holding it, and is not a secret.
 *
 * @category Privacy
 */
export function isSecretPropertyName(name: string): boolean {
  const words = nameWords(lastPathSegment(name));
  const secretAt = words.findIndex((word, index) => isSecretWordAt(words, index, word));
  if (secretAt === -1) return false;
  const lastWord = words[words.length - 1] ?? '';
  return !(METADATA_LAST_WORDS.has(lastWord) && !isSecretWordAt(words, words.length - 1, lastWord));
}

/** `a.b[0]['c']` → `c`: the last segment that is not an array index. */
function lastPathSegment(path: string): string {
  const segments = path.split(/[.[\]'"]+/).filter((segment) => segment !== '' && !/^\d+$/.test(segment));
  return segments[segments.length - 1] ?? '';
}

/** `newPassword_2` → `['new', 'password', '2']`; `APIKey` → `['api', 'key']`. */
function nameWords(name: string): string[] {
  return (name.match(/[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+/g) ?? []).map((word) => word.toLowerCase());
}

function isSecretWordAt(words: readonly string[], index: number, word: string): boolean {
  if (isSecretWord(word)) return true;
  const next = words[index + 1];
  return next !== undefined && SECRET_WORD_PAIRS.some(([a, b]) => word === a && singular(next) === b);
}

function isSecretWord(word: string): boolean {
  const noun = singular(word);
  if (SECRET_WORDS.has(noun)) return true;
  if (SECRET_WORD_ENDINGS.some((ending) => noun.endsWith(ending))) return true;
  return SECRET_WORD_BEGINNINGS.some((beginning) => word.startsWith(beginning));
}

function singular(word: string): string {
  return word.length > 3 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word;
}

// Runs of digit groups in a text (`+1 (415) 555-0100`, `4111 1111 1111 1111`), shared by the
// `card` and `phone` presets: each finds the windows of consecutive groups that pass its test.

import { matchesOf, type Span } from './detector.js';
import { isDigitCode } from './is-digit-code.js';

/**
 * A run of digit groups, not inside a word or a dotted or dashed number (after a word and a dash
 * it may start: `visa-4012888888881881`): an optional `+`, then groups (`415` or `(415)`) joined by one of ` .-`,
 * by two spaces (`4929  1234  5678  9015`: read as one), or by nothing next to a parenthesis. A
 * group of digits is always followed by a non-digit, so the run is split into groups in one way only.
 * A run may also start with a country code in brackets, `+` inside (`(+44) 20 7946 0958`,
 * `(+971) 50 123 4567`), as pages in many countries write it: read as a `+` run.
 */
const DIGIT_RUN = /(?<![\w.+]|[\d.+-]-)(?:\(\+\d{1,4}\)|\+?(?:\(\d{1,6}\)|\d+))(?:(?: {1,2}|[.-]|(?<=\))|(?=\())(?:\(\d{1,6}\)|\d+))*/g;

export interface DigitGroup {
  /** Where the group starts (its `(` when parenthesised) and ends (after its `)`). */
  readonly start: number;
  readonly end: number;
  readonly digits: number;
  readonly parenthesised: boolean;
  /** The character before the group that joins it to the previous one: ` ` (also for two), `.`, `-`, or `''`. */
  readonly separator: string;
}

export interface DigitRun {
  readonly start: number;
  readonly end: number;
  /** Whether the run starts with `+`, or with a country code in brackets (`(+44)`). */
  readonly plus: boolean;
  readonly groups: readonly DigitGroup[];
  /** More than 19 digits in groups joined by spaces (see isLongNumber). */
  readonly long: boolean;
}

/** Which groups of a run [first, last] a window covers, and how many digits they hold. */
export interface GroupWindow {
  readonly first: number;
  readonly last: number;
  readonly digits: number;
}

export type WindowTest = (text: string, run: DigitRun, window: GroupWindow) => boolean;

export function findDigitRuns(text: string): DigitRun[] {
  const runs: DigitRun[] = [];
  for (const match of matchesOf(DIGIT_RUN, text)) runs.push(parseDigitRun(text, match.index, match.index + match[0].length));
  return runs;
}

function parseDigitRun(text: string, start: number, end: number): DigitRun {
  const bracketedCountry = text[start] === '(' && text[start + 1] === '+';
  const plus = text[start] === '+' || bracketedCountry;
  const groups: DigitGroup[] = [];
  let index = text[start] === '+' ? start + 1 : start;
  while (index < end) {
    let separator = '';
    const character = text[index];
    if (groups.length > 0 && (character === ' ' || character === '.' || character === '-')) {
      separator = character;
      index++;
      if (character === ' ' && text[index] === ' ') index++;
    }
    const group = readDigitGroup(text, index, separator);
    groups.push(group);
    index = group.end;
  }
  return { start, end, plus, groups, long: isLongRun(groups) };
}

function readDigitGroup(text: string, start: number, separator: string): DigitGroup {
  const parenthesised = text[start] === '(';
  let index = parenthesised ? start + 1 : start;
  // The `+` of a country code in brackets, `(+44)`, which only a run's first group holds.
  if (parenthesised && text[index] === '+') index++;
  const digitsStart = index;
  while (index < text.length && isDigitCode(text.charCodeAt(index))) index++;
  const digits = index - digitsStart;
  if (parenthesised) index++;
  return { start, end: index, digits, parenthesised, separator };
}

/**
 * The windows of consecutive groups of each run that pass `test`, left to right, never
 * overlapping: from each group the longest passing window with at most `maxDigits` digits is taken.
 * In a run longer than any card or phone number (see isLongNumber), the windows are kept only when
 * they cover every group of it (a list of numbers written one after another, as a page's text joins
 * them: `020 7946 0958 020 7946 0959`); else those `inLongNumber` says are a piece of it are not.
 */
export function passingWindows(text: string, runs: readonly DigitRun[], maxDigits: number, test: WindowTest, inLongNumber?: WindowTest): Span[] {
  const spans: Span[] = [];
  for (const run of runs) {
    let windows = passingWindowsOfRun(text, run, maxDigits, test);
    if (run.long && inLongNumber !== undefined && !coversRun(run, windows)) windows = passingWindowsOfRun(text, run, maxDigits, (within, of, window) => test(within, of, window) && !inLongNumber(within, of, window));
    for (const window of windows) spans.push(windowSpan(run, window));
  }
  return spans;
}

/** Whether `windows` (in order, not overlapping) take every group of `run`. */
function coversRun(run: DigitRun, windows: readonly GroupWindow[]): boolean {
  let next = 0;
  for (const window of windows) {
    if (window.first !== next) return false;
    next = window.last + 1;
  }
  return next === run.groups.length;
}

function passingWindowsOfRun(text: string, run: DigitRun, maxDigits: number, test: WindowTest): GroupWindow[] {
  const windows: GroupWindow[] = [];
  let first = 0;
  while (first < run.groups.length) {
    const window = longestPassingWindow(text, run, first, maxDigits, test);
    if (window === undefined) {
      first++;
      continue;
    }
    windows.push(window);
    first = window.last + 1;
  }
  return windows;
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

export function windowSpan(run: DigitRun, window: GroupWindow): Span {
  const start = startsAtPlus(run, window) ? run.start : groupAt(run, window.first).start;
  return { start, end: groupAt(run, window.last).end };
}

export function groupAt(run: DigitRun, index: number): DigitGroup {
  const group = run.groups[index];
  if (group === undefined) throw new RangeError(`no digit group ${index}`);
  return group;
}

export function windowGroups(run: DigitRun, window: GroupWindow): readonly DigitGroup[] {
  return run.groups.slice(window.first, window.last + 1);
}

export function startsAtPlus(run: DigitRun, window: GroupWindow): boolean {
  return run.plus && window.first === 0;
}

function isWordCharacter(character: string | undefined): boolean {
  return character !== undefined && /\w/.test(character);
}

/**
 * A window stands on its own in the text: it is joined to the rest of its run only by spaces
 * (not inside a dotted or dashed number, nor glued to a parenthesis), and no letter or digit
 * follows the run right after it.
 */
export function hasCleanEdges(text: string, run: DigitRun, window: GroupWindow): boolean {
  if (window.first > 0 && groupAt(run, window.first).separator !== ' ') return false;
  const next = run.groups[window.last + 1];
  if (next !== undefined) return next.separator === ' ';
  return !isWordCharacter(text[run.end]);
}

/** Whether the groups after the first are all joined by the same one separator. */
export function hasOneSeparator(groups: readonly DigitGroup[]): boolean {
  const separator = groups[1]?.separator;
  return groups.slice(1).every((group) => group.separator === separator);
}

/** The most digits a card holds: a run of groups with more is a longer number (see isLongNumber). */
const LONGEST_NUMBER_DIGITS = 19;

function isLongRun(groups: readonly DigitGroup[]): boolean {
  let digits = 0;
  for (let index = 0; index < groups.length; index++) {
    const group = groups[index] as DigitGroup;
    if (index > 0 && group.separator !== ' ') return false;
    digits += group.digits;
  }
  return digits > LONGEST_NUMBER_DIGITS;
}

/**
 * Whether a window of several groups lies inside a longer number than any card or phone number
 * (asked only where the windows found leave a group of the run, see passingWindows):
 * its run holds more than 19 digits in groups joined by spaces (a parcel's tracking number `9400
 * 1161 3186 0913 9099 60`, a payment reference `21 00000 00003 13947 14300 09017`, a licence
 * `0042 1337 0099 4242 0001 0002`). A card's first groups stay a card (`4111 1111 1111 1111 1225
 * 123`, a card then its expiry and code) unless the run is shaped as a USPS tracking number (22
 * digits in groups of 4 and a last of 2, starting with 9 or 420); so does a number written whole
 * among others (`4111111111111111 5555555555554444`).
 */
export function insideLongNumber(text: string, run: DigitRun, window: GroupWindow, evenAtStart = false): boolean {
  if (!run.long || window.first === window.last) return false;
  return evenAtStart || window.first > 0 || isUspsShaped(text, run);
}

function isUspsShaped(text: string, run: DigitRun): boolean {
  if (run.plus || run.groups.map((group) => group.digits).join(',') !== '4,4,4,4,4,2') return false;
  return text[run.start] === '9' || text.startsWith('420', run.start);
}

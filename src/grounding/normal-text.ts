// Texts as grounding compares them: normalized (case, spacing, quotes and punctuation at the ends)
// and matched as whole words.

/**
 * Lower case, one space between words, no quotes or sentence punctuation at the ends, and every
 * dash a hyphen with no space around it (models write "1-2" for "1–2", " - " for " — ").
 */
export function normalText(text: string): string {
  if (isNormal(text)) return text;
  const lower = text.toLowerCase();
  // Curly quotes as straight ones, dashes as hyphens, each run of white space as one space.
  let normal = '';
  let copied = 0;
  for (let position = 0; position < lower.length; position++) {
    const code = lower.charCodeAt(position);
    const quote = code === 0x2018 || code === 0x2019 ? "'" : code === 0x201c || code === 0x201d ? '"' : isDash(code) ? '-' : undefined;
    if (quote === undefined && !isSpace(code)) continue;
    normal += lower.slice(copied, position);
    if (quote !== undefined) {
      normal += quote;
      copied = position + 1;
      continue;
    }
    let end = position + 1;
    while (end < lower.length && isSpace(lower.charCodeAt(end))) end++;
    // A single space stays as it is.
    normal += ' ';
    copied = end;
    position = end - 1;
  }
  normal += lower.slice(copied);
  if (normal.includes(' -') || normal.includes('- ')) normal = normal.replace(/ ?- ?/g, '-');
  let start = 0;
  let end = normal.length;
  while (start < end && (LEADING.has(normal.charCodeAt(start)) || isSpace(normal.charCodeAt(start)))) start++;
  while (end > start && (TRAILING.has(normal.charCodeAt(end - 1)) || isSpace(normal.charCodeAt(end - 1)))) end--;
  return normal.slice(start, end);
}

/** A dash other than the hyphen-minus: `‐ ‑ ‒ – — ―` and the minus sign. */
function isDash(code: number): boolean {
  return (code >= 0x2010 && code <= 0x2015) || code === 0x2212;
}

/** What `\s` matches in a regular expression. */
function isSpace(code: number): boolean {
  return (
    code === 32 || (code >= 9 && code <= 13) || code === 0xa0 || code === 0x1680 || (code >= 0x2000 && code <= 0x200a) || code === 0x2028 || code === 0x2029 || code === 0x202f || code === 0x205f || code === 0x3000 || code === 0xfeff
  );
}

/** Quotes and sentence punctuation trimmed from the start of a text; the end also loses `…`. */
const LEADING = new Set([...'"\'.,;:!?'].map((character) => character.charCodeAt(0)));
const TRAILING = new Set([...LEADING, '…'.charCodeAt(0)]);

/** Whether `normalText` would leave `text` as it is: ASCII without capitals, tabs, line breaks, runs of spaces, a space by a hyphen, or punctuation at the ends. */
function isNormal(text: string): boolean {
  const length = text.length;
  if (length === 0) return true;
  const first = text.charCodeAt(0);
  const last = text.charCodeAt(length - 1);
  if (LEADING.has(first) || isSpace(first) || LEADING.has(last) || isSpace(last)) return false;
  let previous = 0;
  for (let position = 0; position < length; position++) {
    const code = text.charCodeAt(position);
    if (code >= 128 || (code >= 65 && code <= 90) || (code >= 9 && code <= 13) || (code === 32 && previous === 32)) return false;
    if (code === 45 && (previous === 32 || text.charCodeAt(position + 1) === 32)) return false;
    previous = code;
  }
  return true;
}

/**
 * Whether `text` (normalized) is most of `needle`: at least 4 characters and 60 % of it, and
 * inside it with a word or two around it, not glued to more of a word (`tomas.okafor@gmail` is
 * not most of `tomas.okafor@gmail.com`, another address, nor `SPRING24` of `SPRING24-VIP`), nor
 * with a sentence of another text joined to it.
 */
export function mostOf(text: string, needle: string): boolean {
  if (text.length < 4 || text.length < needle.length * 0.6) return false;
  for (let found = indexOfWords(needle, text); found !== -1; found = indexOfWords(needle, text, found + 1)) {
    const around = [needle.slice(0, found), needle.slice(found + text.length)];
    // The words around name or describe the element ("the Apply coupon button"); a number there is a fact of its own ("3 transactions" is not the text "Transactions").
    if (!gluedToWord(needle, found, found + text.length) && wordCount(around[0] as string) + wordCount(around[1] as string) <= 2 && !around.some((words) => /\d/.test(words))) return true;
  }
  return false;
}

/** How many whole words `text` holds. */
function wordCount(text: string): number {
  let count = 0;
  everyWord(text, () => ++count > 0);
  return count;
}

/** Whether the piece `start..end` of `text` shares a run of characters without spaces with a letter or digit outside it. */
function gluedToWord(text: string, start: number, end: number): boolean {
  for (let at = start - 1; at >= 0 && !isSpace(text.charCodeAt(at)); at--) if (isWordCode(text.charCodeAt(at))) return true;
  for (let at = end; at < text.length && !isSpace(text.charCodeAt(at)); at++) if (isWordCode(text.charCodeAt(at))) return true;
  return false;
}

const WORD_CHARACTER = /[\p{L}\p{N}]/u;

/**
 * Whether `text` holds a letter or digit of any script, as `/[\p{L}\p{N}]/u.test(text)` says;
 * the regular expression (costly to compile in a command's one run) only for text beyond ASCII.
 */
export function hasWordCharacter(text: string): boolean {
  let beyondAscii = false;
  for (let position = 0; position < text.length; position++) {
    const code = text.charCodeAt(position);
    if (code >= 128) beyondAscii = true;
    else if ((code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122)) return true;
  }
  return beyondAscii && WORD_CHARACTER.test(text);
}

const isDigitCode = (code: number): boolean => code >= 48 && code <= 57;

/** Whether a character code is a letter or digit (of any script). */
function isWordCode(code: number): boolean {
  if (code < 128) return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
  return WORD_CHARACTER.test(String.fromCharCode(code));
}

/**
 * The first position at or after `from` where `haystack` holds `needle` as whole words: a quote
 * "ring" is not the text "SPRING24", nor "fine" the text "undefined" (an end of the needle that is
 * not a letter or digit, as in "#58213" or "(1)", may touch anything), nor "HX-4471" the code
 * "HX-4471-09" (digits that go on after a hyphen with more digits).
 */
export function indexOfWords(haystack: string, needle: string, from = 0): number {
  const startsWord = needle.length > 0 && isWordCode(needle.charCodeAt(0));
  const endsWord = needle.length > 0 && isWordCode(needle.charCodeAt(needle.length - 1));
  for (let found = haystack.indexOf(needle, from); found !== -1; found = haystack.indexOf(needle, found + 1)) {
    const end = found + needle.length;
    if (startsWord && found > 0 && isWordCode(haystack.charCodeAt(found - 1))) continue;
    if (endsWord && end < haystack.length && isWordCode(haystack.charCodeAt(end))) continue;
    if (isDigitCode(needle.charCodeAt(needle.length - 1)) && haystack.charCodeAt(end) === 45 && isDigitCode(haystack.charCodeAt(end + 1))) continue;
    if (isDigitCode(needle.charCodeAt(0)) && haystack.charCodeAt(found - 1) === 45 && isDigitCode(haystack.charCodeAt(found - 2))) continue;
    return found;
  }
  return -1;
}

/**
 * Whether `joiner` between a number and the character `other` makes them one token: a hyphen
 * with a letter or digit (`2026-06-12`, `A-12-B`), a slash before the number with either too (a
 * path's `/orders/33`), and `/` `:` `.` `,` with a digit (`1/12`, `10:45`, `3.12.0`, `1,299`; not
 * the price `19.99/month`).
 */
function joinsToken(joiner: number, other: number, before: boolean): boolean {
  if (joiner === 45 || (before && joiner === 47)) return isWordCode(other);
  return (joiner === 47 || joiner === 58 || joiner === 46 || joiner === 44) && other >= 48 && other <= 57;
}

/**
 * The first position at or after `from` where `haystack` holds the number `needle` as a token of
 * its own: as indexOfWords, and not joined to more of a token (see joinsToken) on either side, so
 * that an amount `12` is not the day of `2026-06-12`, the minutes of `10:45`, a part of the version
 * `3.12.0`, of the id `A-12-B` or of a path, nor `1` the start of `1,299`.
 */
export function indexOfNumber(haystack: string, needle: string, from = 0): number {
  for (let found = indexOfWords(haystack, needle, from); found !== -1; found = indexOfWords(haystack, needle, found + 1)) {
    const end = found + needle.length;
    if (found >= 2 && joinsToken(haystack.charCodeAt(found - 1), haystack.charCodeAt(found - 2), true)) continue;
    if (end + 1 < haystack.length && joinsToken(haystack.charCodeAt(end), haystack.charCodeAt(end + 1), false)) continue;
    return found;
  }
  return -1;
}

/**
 * As indexOfNumber, for an amount of money: not a number alone in brackets in a text which writes
 * its amounts with a currency sign (the badge `3` of `Basket (3) · £26.70` is a count, not £3), nor the
 * value of a field that counts or measures something else (`count: 3`, `status: 502`). A text
 * is a run between the separators of joined texts (U+0000, U+0001).
 */
export function indexOfAmount(haystack: string, needle: string, from = 0): number {
  for (let found = indexOfNumber(haystack, needle, from); found !== -1; found = indexOfNumber(haystack, needle, found + 1)) {
    if (!bareAmongPrices(haystack, found, found + needle.length)) return found;
  }
  return -1;
}

const SIGN_BEFORE = /(?:[$€£¥₹]|\b(?:eur|usd|gbp|chf|jpy|inr|aud|cad|nzd|sgd|hkd|sek|nok|dkk|pln|brl|mxn|zar))\s?$/;
const SIGN_AFTER = /^\s?(?:[€£]|(?:eur|usd|gbp|chf|jpy|inr|aud|cad|nzd|sgd|hkd|sek|nok|dkk|pln|brl|mxn|zar)\b)/;
const SIGN = /[$€£¥₹]/;

/** Whether the number at `start`..`end` of `text` is a count in brackets (a badge) of a text that writes its amounts with a sign, or a field's that is no money. */
function bareAmongPrices(text: string, start: number, end: number): boolean {
  if (SIGN_BEFORE.test(text.slice(Math.max(0, start - 5), start)) || SIGN_AFTER.test(text.slice(end, end + 5))) return false;
  let from = start;
  while (from > 0 && text.charCodeAt(from - 1) > 1) from--;
  let to = end;
  while (to < text.length && text.charCodeAt(to) > 1) to++;
  const badge = text.charCodeAt(start - 1) === 0x28 && text.charCodeAt(end) === 0x29;
  return (badge && SIGN.test(text.slice(from, to))) || NOT_MONEY_KEY.test(text.slice(from, start));
}

/** A field whose value is a number of things, a status or a measure, never money: `count: 3`, `qty: 2`, `status: 502`, `eta_minutes: 31`. */
const NOT_MONEY_KEY = /^[\w.-]*?(?:\b|_)(?:count|qty|quantity|status|code|rows|items|clicks|minutes|seconds|ms|km|mb|kb|gb|percent|pct): $/;

/**
 * The whole words of `text`: its runs of letters and digits (as indexOfWords tells them), each
 * once. Wherever `text` holds a needle as whole words, it holds every word of the needle as a
 * whole word (see mayHoldWords).
 */
export function wordsOf(text: string): Set<string> {
  const words = new Set<string>();
  everyWord(text, (word) => words.add(word) !== undefined);
  return words;
}

/**
 * Whether a text whose whole words are `words` (wordsOf) may hold `needle` as whole words: false
 * when a word of the needle is not one of them, so that a needle the text cannot hold costs no
 * search of the text.
 */
export function mayHoldWords(words: ReadonlySet<string>, needle: string): boolean {
  return everyWord(needle, (word) => words.has(word));
}

/** Whether `test` holds of every whole word of `text` (its runs of letters and digits), in order; stops at the first it does not. */
function everyWord(text: string, test: (word: string) => boolean): boolean {
  let start = -1;
  for (let position = 0; position <= text.length; position++) {
    const word = position < text.length && isWordCode(text.charCodeAt(position));
    if (word && start === -1) start = position;
    else if (!word && start !== -1) {
      if (!test(text.slice(start, position))) return false;
      start = -1;
    }
  }
  return true;
}

/** `text` without the hyphens inside its words (`non-profits` → `nonprofits`); `text` itself when it has none. */
export function withoutInnerHyphens(text: string): string {
  return text.includes('-') ? text.replace(/(?<=\p{L})-(?=\p{L})/gu, '') : text;
}

/** Punctuation that parts the words of a sentence, at either end of a run of non-spaces: `,` `.` `(` `-` `"`… */
const PARTING = /^[-,.;:!?()[\]"'«»…]+|[-,.;:!?()[\]"'«»…]+$/g;

/**
 * A text as its words read whatever punctuation parts them: lower case, curly quotes and dashes
 * plain, and the punctuation at either end of each run of non-spaces dropped, so that "Sorry —
 * this time was just taken, please choose another slot" reads as "Sorry, this time was just
 * taken. Please choose another slot." does; punctuation inside a run stays (`e.g`, `HX-4471-09`, `10:20`).
 */
export function looseText(text: string): string {
  const plain = text.toLowerCase().replace(/[\u2018\u2019]/g, "'").replace(/[\u201c\u201d]/g, '"').replace(/[\u2010-\u2015\u2212]/g, '-');
  let loose = '';
  for (const run of plain.split(/\s+/)) {
    const word = run.replace(PARTING, '');
    if (word !== '') loose += loose === '' ? word : ` ${word}`;
  }
  return loose;
}

/**
 * A quote as far as it is whole: one cut short with an ellipsis ("Spring sale — 20% off jack…")
 * without the ellipsis and the word it cut, when another word is left.
 */
export function uncut(quote: string): string {
  const cut = /(?:…|\.\.\.)$/.exec(quote);
  if (cut === null) return quote;
  const kept = quote.slice(0, cut.index).trimEnd();
  const lastSpace = kept.lastIndexOf(' ');
  return lastSpace > 0 && cut.index === kept.length ? kept.slice(0, lastSpace) : kept;
}

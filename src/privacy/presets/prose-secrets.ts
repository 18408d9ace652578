// Secrets said in prose, after the word for them, as people and apps write them in messages, notes
// and errors: a password (`login failed for ada with password Tr0ub4dor&3`), a one-time,
// verification or security code (`Your verification code is 492817`), a PIN (`PIN 4821`), a
// card's security code (`CVC 314`) and a key or token (`invalid API key 4f3e2d1c0b9a8f7e6d5c`). Part of the `secret` preset (see secret-detector.ts).

import { matchesOf, type Span } from './detector.js';

/**
 * A password said in prose, after the word for it, in any case: `login failed for ada with
 * password Tr0ub4dor&3`, `my password is hunter2`, `Passcode 4821`.
 * The word and the value are apart by spaces or a colon (`Passcode: 4417`). Group 1 is the value: 4 to 64
 * characters up to a space or a delimiter, holding a digit (see isProsePassword), so that
 * `password must contain…`, `password reset` and `password for ada` are prose.
 */
const PROSE_PASSWORD = /\b(?:pass(?:word|wd|code|phrase)|pwd)(?:[ \t]*:[ \t]*| +)(?:(?:is|was|of) +)?["'“‘]?([^\s"'“”‘’,;()<>[\]{}]{4,64})/gi;

/**
 * A password of several words said in prose, quoted, right after the word for it (and `is`, `was`
 * or `of`), in any case: `login with password "hunter two" failed`, `the password is 'correct
 * horse battery'`. Group 1, 2 or 3 is the value, in double, single or curly quotes: 4 to 64
 * characters with a space, not a phrase said of a password (see isQuotedPassword).
 */
const PROSE_QUOTED_PASSWORD = /\b(?:pass(?:word|wd|code|phrase)|pwd) +(?:(?:is|was|of) +)?(?:"([^"\n]{4,64})"|'([^'\n]{4,64})'|“([^”\n]{4,64})”)/gi;

/**
 * The first words of phrases said of a password rather than being one (`password "must be 8
 * characters"`, `password is "too weak"`, `Password "required field"`). Not `correct` or
 * `strong`, which begin passphrases as often (`correct horse battery staple`).
 */
const SAID_OF_A_PASSWORD_FIRST: ReadonlySet<string> = new Set(
  "too not must should cannot can't does doesn't needs has contains is was at the a an required optional mandatory invalid incorrect wrong missing empty blank expired reset changed saved updated".split(' '),
);

/** Whether a quoted value of several words after the word for a password is one (PROSE_QUOTED_PASSWORD). */
function isQuotedPassword(value: string): boolean {
  const words = value.trim().toLowerCase().split(/\s+/);
  return words.length > 1 && !SAID_OF_A_PASSWORD_FIRST.has(words[0] ?? '');
}

/**
 * A code said in prose, after the word for it, in any case: group 1 a code that signs in, verifies
 * or resets (`Your verification code is 492817`, `one-time code: 8f3k2m9x`, `OTP 492817`), group
 * 2 a PIN (`PIN 4821`, `pin code is 0000`), group 3 a card's security code (`CVC 314`, `cvv2: 4821`,
 * `security code: 918`).
 * The word and the code are apart by spaces, `is` or `was`, and a `:`, `#` or `=`. What makes the
 * value a code is told by isProseCode: `security code must be 3 digits`, `PIN 2 attempts left` and
 * `zip code 94105` stay.
 */
const PROSE_CODE =
  /\b(?:(?:(?:verification|security|confirmation|one[- ]?time|log-?in|sign[- ]?in|access|auth(?:entication|orization)?|2fa|mfa|sms|otp|backup|recovery|reset|activation|unlock)[ -]code|t?otp)(?: +(?:is|was))?[ \t]*[:#=]?[ \t]*["'“‘]?([A-Za-z0-9-]{4,12})|pin(?:[ -](?:code|number))?(?: +(?:is|was))?[ \t]*[:#=]?[ \t]*["'“‘]?(\d{4,8})|(?:cv[cv]2?|csc|(?:card[ -])?security[ -]code)(?:[ -]code)?(?: +(?:is|was))?[ \t]*[:#=]?[ \t]*["'“‘]?(\d{3,4}))(?![\w-])/gi;

/**
 * A key or a token said in prose, after the word for it, in any case: `invalid API key
 * 4f3e2d1c0b9a8f7e6d5c`, `my access token is ya29a0AfH6SMBx1234`, `client secret:
 * Xy12Ab34Cd56Ef78`. Group 1 is the value: 16 characters or more of letters, digits and `-._~+/=`;
 * what makes it a key is told by isProseKey. Not after `key` alone (`the primary key 1234…`).
 */
const PROSE_KEY =
  /\b(?:(?:api|access|secret|private|license|signing)[ _-]?key|(?:(?:access|auth|bearer|refresh|session|id|reset|api)[ _-]?)?token|client[ _-]?secret|secret)(?: +(?:is|was|of))?[ \t]*[:#=]?[ \t]*["'“‘]?([\w.~+/=-]{16,256})(?![\w.~+/=-])/gi;

/** The digits a key said in prose holds at the least: random keys in hex or base 62 mostly have as many; words and slugs have none. */
export const PROSE_KEY_MIN_DIGITS = 4;

/** A piece each of PROSE_KEY's words holds. */
const PROSE_KEY_PIECE = /key|token|secret/i;

/** Whether a value after the word for a key is one: a letter, and PROSE_KEY_MIN_DIGITS digits. */
function isProseKey(value: string): boolean {
  return /[A-Za-z]/.test(value) && value.replace(/\D+/g, '').length >= PROSE_KEY_MIN_DIGITS;
}

/**
 * A piece each of the words of PROSE_PASSWORD and PROSE_CODE holds (`passw`, `PASSC`, `Pwd`,
 * `code`, `otp`, `PIN`, `cvc`…), and few other texts (not `class`, `assets`).
 */
const PROSE_SECRET_PIECE = /pass(?:w|code|phrase)|pwd|code|otp|pin|cv[cv]|csc/i;

/**
 * Whether a text may say a secret in prose (PROSE_PASSWORD, PROSE_CODE): a digit or a double
 * quote, a space, and a piece of a word for one. Most texts with digits are selectors, URLs and
 * ids, without a space: one search of a character turns them away.
 */
export function mayHoldProseSecret(text: string, digits: number): boolean {
  return (digits > 0 || text.includes('"')) && text.includes(' ') && (PROSE_SECRET_PIECE.test(text) || (digits >= PROSE_KEY_MIN_DIGITS && PROSE_KEY_PIECE.test(text)));
}

/** What a quoted word after `password is` says of a password rather than being one (`Password is "required"`). */
const SAID_OF_A_PASSWORD: ReadonlySet<string> = new Set(
  'required optional mandatory invalid incorrect wrong correct valid missing empty blank expired weak strong short long hidden visible shown masked reset changed saved set updated needed case-sensitive'.split(' '),
);

/** Whether `value` at [start, end) of a prose password's `match` counts: with a digit, or double-quoted whole after `is` or `was` and not a word said of a password. */
function isProsePassword(text: string, match: RegExpExecArray, value: string, start: number, end: number): boolean {
  if (/\d/.test(value)) return true;
  return text.charAt(start - 1) === '"' && text.charAt(end) === '"' && /\b(?:is|was) +"$/i.test(text.slice(match.index, start)) && !SAID_OF_A_PASSWORD.has(value.toLowerCase());
}

/**
 * Whether a code after the word for it is one: digits alone (a PIN's and a card's security code
 * are, by PROSE_CODE), or 6 characters or more with 2 digits or more (`8f3k-2m9x`), not a count
 * with its unit (`6-digit`).
 */
function isProseCode(code: string): boolean {
  if (/^\d+$/.test(code)) return true;
  return code.length >= 6 && code.replace(/\D+/g, '').length >= 2 && !/^\d+-?[a-z]+$/i.test(code);
}

/**
 * Passwords said in prose (PROSE_PASSWORD) that hold a digit (not a count: `password 8 characters`
 * has too short a value), or are double-quoted after `is` (`my password is "correcthorse"`), or
 * are quoted words right after the word (PROSE_QUOTED_PASSWORD); and
 * codes, PINs and card security codes (PROSE_CODE), keys and tokens (PROSE_KEY) said in prose.
 */
export function findProseSecrets(text: string): Span[] {
  const spans: Span[] = [];
  for (const match of matchesOf(PROSE_PASSWORD, text)) {
    const value = match[1] ?? '';
    const end = match.index + match[0].length;
    if (!isProsePassword(text, match, value, end - value.length, end)) continue;
    spans.push({ start: end - value.length, end });
  }
  for (const match of matchesOf(PROSE_QUOTED_PASSWORD, text)) {
    const value = match[1] ?? match[2] ?? match[3] ?? '';
    if (!isQuotedPassword(value)) continue;
    // The value ends before the closing quote.
    const end = match.index + match[0].length - 1;
    spans.push({ start: end - value.length, end });
  }
  if (/code|otp|pin|cv[cv]|csc/i.test(text)) {
    for (const match of matchesOf(PROSE_CODE, text)) {
      const code = match[1] ?? match[2] ?? match[3] ?? '';
      if (!isProseCode(code)) continue;
      const end = match.index + match[0].length;
      spans.push({ start: end - code.length, end });
    }
  }
  if (PROSE_KEY_PIECE.test(text)) {
    for (const match of matchesOf(PROSE_KEY, text)) {
      const key = match[1] ?? '';
      if (!isProseKey(key)) continue;
      const end = match.index + match[0].length;
      spans.push({ start: end - key.length, end });
    }
  }
  return spans;
}

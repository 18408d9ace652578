// What the presets' pre-checks need to know about one text: counts of a few characters, taken in
// one pass over it when the facts are read, so that a text no preset could match costs
// that pass and no regular expression; and its runs of digit groups, found once for both the
// `card` and the `phone` preset.

import { isBackslashEscapeAt, isCharacterReferenceAt, isInvisible } from './character-escapes.js';
import { findDigitRuns, type DigitRun } from './digit-runs.js';
import { mayHoldEncodedText } from './encoded-text.js';
import { isDigitCode } from './is-digit-code.js';
import { tokenStartAt } from './token-start.js';

/** 1 at the codes of the letters (and `_`) at which tokenStartAt can be true; `-` is the other one. */
const TOKEN_START_CODES = new Uint8Array(128);
for (const character of 'JrRcC_AG') TOKEN_START_CODES[character.charCodeAt(0)] = 1;

/**
 * One text and the facts about it that the pre-checks ask for, each found at most once. One
 * object serves text after text (see `read`), so that checking a text allocates nothing.
 */
export class TextFacts {
  text = '';
  /** ASCII digits in the text. */
  digits = 0;
  /** `@`s, and `%40`s (an escaped one). */
  ats = 0;
  dots = 0;
  colons = 0;
  equalSigns = 0;
  /** Whether the text holds where a secret token starts (see TOKEN_START): a JWT's `eyJ`, `Bearer`, an API key's prefix. */
  tokenStart = false;
  /** Whether the text holds full-width forms of ASCII characters (`４１１１`, `＠`): see foldWideForms. */
  wideForms = false;
  /** Whether the text holds characters written by their codes, or invisible ones, that the presets read decoded (see character-escapes.ts). */
  characterEscapes = false;
  #digitRuns: readonly DigitRun[] | undefined;
  #encodedText: boolean | undefined;

  constructor(text = '') {
    this.read(text);
  }

  /** Makes these the facts of `text`: counts the characters the pre-checks ask about, in one pass over it. */
  read(text: string): this {
    let digits = 0;
    let ats = 0;
    let dots = 0;
    let colons = 0;
    let equalSigns = 0;
    let tokenStart = false;
    let wideForms = false;
    let characterEscapes = false;
    for (let index = 0; index < text.length; index++) {
      const code = text.charCodeAt(index);
      if (code > 64) {
        // All the characters counted come before 'A'; of those after it, a few can end a token's start.
        if (code < 128) {
          if (!tokenStart && TOKEN_START_CODES[code] === 1) tokenStart = tokenStartAt(text, index);
          else if (code === 92 && !characterEscapes) characterEscapes = isBackslashEscapeAt(text, index); // \u0040
        } else {
          // A zero-width space is read both ways: as a space between groups of digits, and as nothing inside a word.
          if (isWideForm(code)) wideForms = true;
          if (isInvisible(code)) characterEscapes = true;
        }
        continue;
      }
      if (isDigitCode(code)) digits++;
      else if (code === 45) tokenStart ||= tokenStartAt(text, index); // -
      else if (code === 46) dots++; // .
      else if (code === 58) colons++; // :
      else if (code === 61) equalSigns++; // =
      else if (code === 64) ats++; // @
      else if (code === 37 && text.charCodeAt(index + 1) === 52 && text.charCodeAt(index + 2) === 48) ats++; // %40, an escaped @
      else if (code === 38) characterEscapes ||= isCharacterReferenceAt(text, index); // &#64;, &nbsp;, &#43;
    }
    this.assign(text, digits, ats, dots, colons, equalSigns, tokenStart);
    this.wideForms = wideForms;
    this.characterEscapes = characterEscapes;
    return this;
  }

  /** Makes these the facts of `text` as the presets read it: with its full-width forms as ASCII (see foldWideForms). */
  readAsPresets(text: string): this {
    this.read(text);
    if (!this.wideForms) return this;
    // Folding reads a zero-width space as a space: the text still holds it (see characterEscapes).
    const characterEscapes = this.characterEscapes;
    this.read(foldWideForms(text));
    this.characterEscapes ||= characterEscapes;
    return this;
  }

  /**
   * Makes these the facts of `text` from counts taken elsewhere (while the text was copied into a
   * prompt, see PrivacyProbe): the same facts `read` would take.
   */
  assign(text: string, digits: number, ats: number, dots: number, colons: number, equalSigns: number, tokenStart: boolean): this {
    this.text = text;
    this.digits = digits;
    this.ats = ats;
    this.dots = dots;
    this.colons = colons;
    this.equalSigns = equalSigns;
    this.tokenStart = tokenStart;
    this.wideForms = false;
    this.characterEscapes = false;
    this.#digitRuns = undefined;
    this.#encodedText = undefined;
    return this;
  }

  /**
   * Whether the text may hold printable text written in base64 (see encoded-text.ts): scanned when
   * first asked, or told by the privacy probe, which scans as it counts.
   */
  get encodedText(): boolean {
    this.#encodedText ??= mayHoldEncodedText(this.text);
    return this.#encodedText;
  }

  set encodedText(holds: boolean) {
    this.#encodedText = holds;
  }

  /** The runs of digit groups in the text (see findDigitRuns). */
  get digitRuns(): readonly DigitRun[] {
    this.#digitRuns ??= findDigitRuns(this.text);
    return this.#digitRuns;
  }

  has(substring: string): boolean {
    return this.text.includes(substring);
  }
}

/**
 * A character the presets read as ASCII: a full-width form of a printable ASCII character, U+FF01
 * `！` to U+FF5E `～`, the ideographic space U+3000 (an input method types it between words and
 * groups of digits: `4929　1234`), a space that pages put between groups of digits (no-break U+00A0, narrow
 * no-break U+202F, and the fixed-width spaces U+2000 to U+200A, figure and thin among them: `+33 6 12 34 56 78`,
 * `4929 1234 5678 9015` as a page formats them), read as a space; or a dash that keeps a number on one line
 * or sets it as digits (hyphen U+2010, non-breaking hyphen U+2011, figure dash U+2012, minus U+2212:
 * `415‑555‑0100`), read as `-`.
 */
export function isWideForm(code: number): boolean {
  return (code >= 0xff01 && code <= 0xff5e) || code === 0x3000 || code === 0xa0 || code === 0x202f || (code >= 0x2000 && code <= 0x2012) || code === 0x2212;
}

/**
 * `text` with the full-width forms of ASCII characters as those characters, the ideographic
 * space and the spaces that group digits as a space, and the dashes of numbers as `-` (see isWideForm;
 * `０９０－１２３４` as `090-1234`, as an input method in Japanese, Chinese or Korean
 * types them): each is one code unit for one, so what the presets find in the folded text is at
 * the same place in `text`.
 */
function foldWideForms(text: string): string {
  return text.replace(WIDE_FORM, asAscii);
}

const WIDE_FORM = /[\uff01-\uff5e\u3000\u00a0\u202f\u2000-\u2012\u2212]/g;

function asAscii(form: string): string {
  const code = form.charCodeAt(0);
  if (code >= 0xff01) return String.fromCharCode(code - 0xfee0);
  return (code >= 0x2010 && code <= 0x2012) || code === 0x2212 ? '-' : ' ';
}

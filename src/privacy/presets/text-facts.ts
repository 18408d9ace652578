// What the presets' pre-checks need to know about one text: counts of a few characters, taken in
// one pass over it the first time a pre-check asks, so that a text no preset could match costs
// that pass and no regular expression; and its runs of digit groups, found once for both the
// `card` and the `phone` preset.

import { findDigitRuns, type DigitRun } from './digit-runs.js';
import { isDigitCode } from './is-digit-code.js';

/** How many times a text holds each character a pre-check asks about. */
export interface CharacterCounts {
  /** ASCII digits. */
  readonly digits: number;
  readonly ats: number;
  readonly dots: number;
  readonly colons: number;
  readonly equalSigns: number;
}

function countCharacters(text: string): CharacterCounts {
  let digits = 0;
  let ats = 0;
  let dots = 0;
  let colons = 0;
  let equalSigns = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code > 64) continue; // all the characters counted come before 'A'
    if (isDigitCode(code)) digits++;
    else if (code === 46) dots++; // .
    else if (code === 58) colons++; // :
    else if (code === 61) equalSigns++; // =
    else if (code === 64) ats++; // @
  }
  return { digits, ats, dots, colons, equalSigns };
}

/** One text and the facts about it that the pre-checks ask for, each found at most once. */
export class TextFacts {
  #counts: CharacterCounts | undefined;
  #digitRuns: readonly DigitRun[] | undefined;

  constructor(readonly text: string) {}

  get counts(): CharacterCounts {
    this.#counts ??= countCharacters(this.text);
    return this.#counts;
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

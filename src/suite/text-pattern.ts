// The texts a suite looks for: plain text, or `/regex/flags` for a regular expression.

import { namesInsideOthers } from './names-inside-others.js';

export interface TextPattern {
  /** As written in the suite. */
  readonly source: string;
  test(text: string): boolean;
}

const REGEX_LITERAL = /^\/(.+)\/([dgimsuvy]*)$/s;

/** NFC: `é` typed as one character and `e` + U+0301 recorded by a page are one text in every check. */
export const canonical = (text: string): string => text.normalize('NFC');

export interface TextPatternOptions {
  readonly ignoreCase?: boolean;
  /** Applied to the text searched (and to a plain text looked for) before comparing. Default {@link canonical}. */
  readonly fold?: (text: string) => string;
}

/**
 * `/^(high|medium)$/i` is a regular expression; anything else is plain text, matched exactly or,
 * with `ignoreCase`, regardless of case. Throws SyntaxError for an invalid regular expression.
 */
export function textPattern(source: string, options: TextPatternOptions = {}): TextPattern {
  const fold = options.fold ?? canonical;
  const literal = REGEX_LITERAL.exec(source);
  if (literal !== null) {
    // `g` and `y` make test() stateful; they mean nothing for "does it match".
    const regex = new RegExp(literal[1] as string, (literal[2] ?? '').replace(/[gy]/g, ''));
    return { source, test: (text) => regex.test(fold(text)) };
  }
  if (options.ignoreCase === true) {
    const needle = fold(source).toLowerCase();
    return { source, test: (text) => fold(text).toLowerCase().includes(needle) };
  }
  const needle = fold(source);
  return { source, test: (text) => fold(text).includes(needle) };
}

/**
 * A field's `matches`: always a regular expression, written `/regex/flags` or bare (`^(low|high)$`).
 * A bare one may start with a slash (`/checkout$` matches a URL's path): only a whole
 * `/…/flags` literal is read as one.
 */
export function regexPattern(source: string): TextPattern {
  return textPattern(REGEX_LITERAL.test(source) ? source : `/${source}/`);
}

/** Why `read(source)` throws (an invalid regular expression), or undefined. */
function problemOf(read: (source: string) => TextPattern, source: string): string | undefined {
  try {
    read(source);
    return undefined;
  } catch (error) {
    return `invalid regular expression: ${(error as Error).message}`;
  }
}

/** Why `source` is not a usable `matches` (an invalid regular expression), or undefined. */
export const regexProblem = (source: string): string | undefined => problemOf(regexPattern, source);

/** Why `source` is not a usable pattern (an invalid /regex/), or undefined. */
export const patternProblem = (source: string): string | undefined => problemOf((text) => textPattern(text), source);

// Texts of every shape a check could be asked about: a pattern that matches all of them matches anything.
const SHAPES = ['', ' ', '\n', 'a', 'Z9', '—', '日本'];

/**
 * Why a check that `pattern` is present could never fail, or undefined: `/refund|/` (an empty
 * alternative) or a group that may repeat 0 times matches the empty text, so every text.
 */
export function matchesEverythingProblem(pattern: TextPattern, written = pattern.source): string | undefined {
  if (!SHAPES.every((shape) => pattern.test(shape))) return undefined;
  return `${JSON.stringify(written)} matches every text (an empty alternative, or a part that may repeat 0 times, matches anywhere), so the check cannot fail: write what must be there`;
}

const REGEX_SPECIAL = /[.*+?^${}()|[\]\\/]/g;

/** The filter of `name`, knowing whether another case's name contains it. */
const filterOf = (name: string, insideAnother: boolean): string =>
  !insideAnother && !REGEX_LITERAL.test(name) ? name : `/^${name.replace(REGEX_SPECIAL, '\\$&')}$/`;

/**
 * A `--filter` value that selects the case `name` and no other of `names` (the cases of its
 * suite): the name itself when that is enough, else an anchored regular expression. Commands
 * suggested in failures use it, so that following one (`--update`) touches that case only.
 */
export function filterFor(name: string, names: readonly string[]): string {
  return filterOf(name, names.some((other) => other !== name && other.includes(name)));
}

/**
 * {@link filterFor} for every case of a suite (`names`): which names stand inside another is found
 * once, on the first call, for all of them (asked case by case, it costs the square of the cases).
 */
export function caseFilters(names: readonly string[]): (name: string) => string {
  let inside: ReadonlySet<string> | undefined;
  return (name) => filterOf(name, (inside ??= namesInsideOthers(names)).has(name));
}

// The texts a suite looks for: plain text, or `/regex/flags` for a regular expression.

export interface TextPattern {
  /** As written in the suite. */
  readonly source: string;
  test(text: string): boolean;
}

const REGEX_LITERAL = /^\/(.+)\/([dgimsuvy]*)$/s;

/**
 * `/^(high|medium)$/i` is a regular expression; anything else is plain text, matched exactly or,
 * with `ignoreCase`, regardless of case. Throws SyntaxError for an invalid regular expression.
 */
export function textPattern(source: string, options: { ignoreCase?: boolean } = {}): TextPattern {
  const literal = REGEX_LITERAL.exec(source);
  if (literal !== null) {
    // `g` and `y` make test() stateful; they mean nothing for "does it match".
    const regex = new RegExp(literal[1] as string, (literal[2] ?? '').replace(/[gy]/g, ''));
    return { source, test: (text) => regex.test(text) };
  }
  if (options.ignoreCase === true) {
    const needle = source.toLowerCase();
    return { source, test: (text) => text.toLowerCase().includes(needle) };
  }
  return { source, test: (text) => text.includes(source) };
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

const REGEX_SPECIAL = /[.*+?^${}()|[\]\\/]/g;

/**
 * A `--filter` value that selects the case `name` and no other of `names` (the cases of its
 * suite): the name itself when that is enough, else an anchored regular expression. Commands
 * suggested in failures use it, so that following one (`--update`) touches that case only.
 */
export function filterFor(name: string, names: readonly string[]): string {
  const plainIsExact = !REGEX_LITERAL.test(name) && names.every((other) => other === name || !other.includes(name));
  return plainIsExact ? name : `/^${name.replace(REGEX_SPECIAL, '\\$&')}$/`;
}

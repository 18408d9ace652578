// Where a text a suite says must be absent can still stand. A model reads full-width letters and
// a text with invisible characters inside as the text itself, and the prompt writes recorded
// values as JSON (`C:\\Users`, `\u003cb\u003e`, `\n`) that the model reads unescaped: a check
// that a text is absent looks for it in those forms too, not only as typed (`redacts`, about a
// recorded text, also through the quoting; `not_contains` is about the prompt as written).

import { canonical, textPattern } from './text-pattern.js';

const INVISIBLE = /\p{Default_Ignorable_Code_Point}/gu;

/** As a reader takes it: compatibility forms folded (`ａ` as `a`), invisible characters (U+200B, U+00AD) dropped. */
export const asRead = (text: string): string => text.normalize('NFKC').replace(INVISIBLE, '');

const ESCAPE = /\\(?:u([0-9a-fA-F]{4})|(["\\/bfnrt]))/g;
const SIMPLE_ESCAPES: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

/** The prompt with the JSON quoting of recorded values undone: `\"`, `\\`, `\n`, `\u003c` as the characters they stand for. */
export function unquoted(prompt: string): string {
  return prompt.replace(ESCAPE, (escape, hex: string | undefined, simple: string | undefined) =>
    hex !== undefined ? String.fromCharCode(Number.parseInt(hex, 16)) : (SIMPLE_ESCAPES[simple ?? ''] ?? escape),
  );
}

/** In which form a text was found: as written (NFC), as a quoted value of the prompt, or as a reader takes it. */
export type Sighting = 'written' | 'quoted' | 'as-read';

/** Words for a sighting, after the text in a message. */
export function sightingNote(sighting: Sighting): string {
  if (sighting === 'quoted') return ' (escaped, as the prompt quotes a recorded value: the model reads it unescaped)';
  if (sighting === 'as-read') return ' (in a form a reader takes for it: full-width or other compatibility characters, or invisible characters inside)';
  return '';
}

/**
 * Where `source` (text or /regex/) stands in a text, for a check that it must not: as written, then
 * (with `quoted`, for a prompt) with the quoting of values undone, then as a reader takes it.
 * Compiled once, for many texts.
 */
export function sightingIn(source: string, options: { readonly ignoreCase?: boolean; readonly quoted?: boolean } = {}): (text: string) => Sighting | undefined {
  const ignoreCase = options.ignoreCase === true;
  const written = textPattern(source, { ignoreCase, fold: canonical });
  // A text of invisible characters only (`\u200b`) is read as nothing: it is looked for as written.
  const read = asRead(source) === '' ? undefined : textPattern(source, { ignoreCase, fold: asRead });
  return (text) => {
    if (written.test(text)) return 'written';
    const plain = options.quoted === true ? unquoted(text) : text;
    if (plain !== text && written.test(plain)) return 'quoted';
    return read?.test(plain) === true ? 'as-read' : undefined;
  };
}

/** {@link sightingIn} for one text. */
export const sighting = (source: string, text: string, options: { readonly ignoreCase?: boolean; readonly quoted?: boolean } = {}): Sighting | undefined =>
  sightingIn(source, options)(text);

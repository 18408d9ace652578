// A text whose characters are written by their codes, or split by characters that show nothing:
// JSON's `\u` escapes (`ada\u0040example.com`; PHP's and Python's json write every accent so,
// `jos\u00e9@example.com`; JSON inside a JSON string doubles the backslash, `\\u0040`), a string's
// `\x` escapes (`ada\x40example.com`, as Python's repr writes them), HTML character references
// (`+44&nbsp;20&nbsp;7946&nbsp;0958`, `&#43;44 …`, `4111&#32;1111 …`, `example&#46;com`), and
// zero-width spaces, joiners and soft hyphens inside a word (`ada\u200b@example.com`, as a page
// breaks a long address or hides it from scrapers). The presets read such a text decoded too, and
// what they find there is replaced where it stands in the text as written.

/** A text decoded, and where each of its characters was written in the text it was decoded from. */
export interface DecodedText {
  readonly text: string;
  /** For each character of `text`, where its writing starts and ends in the text as written. */
  readonly starts: readonly number[];
  readonly ends: readonly number[];
}

/**
 * Characters that show nothing and that a page puts inside a word: the soft hyphen, the zero-width
 * space, non-joiner and joiner, the word joiner and the byte order mark (a zero-width no-break space).
 */
export const isInvisible = (code: number): boolean => code === 0xad || (code >= 0x200b && code <= 0x200d) || code === 0x2060 || code === 0xfeff;

/** The named HTML character references that write a character the presets read (a space between digits, `@`, `.`, `+`, a bracket, a dash) or one that shows nothing. */
const NAMED_REFERENCES: Readonly<Record<string, string>> = {
  nbsp: '\u00a0',
  ensp: '\u2002',
  emsp: '\u2003',
  numsp: '\u2007',
  puncsp: '\u2008',
  thinsp: '\u2009',
  hairsp: '\u200a',
  commat: '@',
  period: '.',
  plus: '+',
  lpar: '(',
  rpar: ')',
  colon: ':',
  hyphen: '\u2010',
  dash: '\u2010',
  minus: '\u2212',
  shy: '\u00ad',
  zerowidthspace: '\u200b',
  nobreak: '\u2060',
};

/** A character reference: by its decimal or hexadecimal code, or by one of NAMED_REFERENCES' names (in any case, as they are short and unambiguous here); `;` ends each. */
const REFERENCE = /&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|([a-zA-Z]{3,15}));/y;
/** A `\u` escape of four hexadecimal digits or a `\x` one of two, after one backslash or more (JSON inside a JSON string writes `\\u0040`). */
const BACKSLASH_ESCAPE = /\\+(?:u([0-9a-fA-F]{4})|x([0-9a-fA-F]{2}))/y;

/** The character a reference at `index` of `text` (a `&`) stands for, and where the reference ends; undefined when none starts there. */
function referenceAt(text: string, index: number): { character: string; end: number } | undefined {
  REFERENCE.lastIndex = index;
  const match = REFERENCE.exec(text);
  if (match === null) return undefined;
  const [, decimal, hexadecimal, name] = match;
  const end = index + match[0].length;
  if (name !== undefined) {
    const character = NAMED_REFERENCES[name.toLowerCase()];
    return character === undefined ? undefined : { character, end };
  }
  const code = decimal !== undefined ? Number.parseInt(decimal, 10) : Number.parseInt(hexadecimal ?? '', 16);
  return code > 0 && code <= 0x10ffff ? { character: String.fromCodePoint(code), end } : undefined;
}

/** The character an escape at `index` of `text` (a `\`) stands for, and where the escape ends; undefined when none starts there. */
function backslashEscapeAt(text: string, index: number): { character: string; end: number } | undefined {
  BACKSLASH_ESCAPE.lastIndex = index;
  const match = BACKSLASH_ESCAPE.exec(text);
  if (match === null) return undefined;
  return { character: String.fromCharCode(Number.parseInt(match[1] ?? match[2] ?? '', 16)), end: index + match[0].length };
}

/** Whether a reference the presets read decoded starts at `index` of `text` (a `&`): the privacy probe asks it of every `&`. */
export const isCharacterReferenceAt = (text: string, index: number): boolean => referenceAt(text, index) !== undefined;

/** Whether an escape the presets read decoded starts at `index` of `text` (a `\`). */
export const isBackslashEscapeAt = (text: string, index: number): boolean => backslashEscapeAt(text, index) !== undefined;

/**
 * Whether `text` holds what decodedText decodes: a reference, an escape or an invisible character.
 * The privacy probe asks it of a text it would otherwise pass; the presets take the same fact as
 * they count a text's characters (TextFacts.characterEscapes).
 */
export function holdsCharacterEscapes(text: string): boolean {
  for (let index = text.indexOf('&'); index !== -1; index = text.indexOf('&', index + 1)) if (isCharacterReferenceAt(text, index)) return true;
  for (let index = text.indexOf('\\'); index !== -1; index = text.indexOf('\\', index + 1)) if (isBackslashEscapeAt(text, index)) return true;
  return INVISIBLE.test(text);
}

const INVISIBLE = /[\u00ad\u200b-\u200d\u2060\ufeff]/;

/**
 * `text` with its references and escapes as the characters they stand for, and without its
 * invisible characters (one decoded from a reference too); undefined when nothing changes.
 */
export function decodedText(text: string): DecodedText | undefined {
  let decoded = '';
  const starts: number[] = [];
  const ends: number[] = [];
  let changed = false;
  for (let index = 0; index < text.length; ) {
    const code = text.charCodeAt(index);
    const escape = code === 0x26 ? referenceAt(text, index) : code === 0x5c ? backslashEscapeAt(text, index) : undefined;
    if (escape !== undefined) {
      changed = true;
      // A character beyond the first plane is two code units, each mapped to the whole reference.
      for (let unit = 0; unit < escape.character.length; unit++) {
        if (isInvisible(escape.character.charCodeAt(unit))) continue;
        decoded += escape.character[unit];
        starts.push(index);
        ends.push(escape.end);
      }
      index = escape.end;
      continue;
    }
    if (isInvisible(code)) changed = true;
    else {
      decoded += text[index];
      starts.push(index);
      ends.push(index + 1);
    }
    index++;
  }
  return changed ? { text: decoded, starts, ends } : undefined;
}

// Text written in base64, as a mail's tracking or unsubscribe link carries an address
// (`?e=YWRhQGV4YW1wbGUuY29t` holds `ada@example.com`), a `data:` URL its body, or a cookie a form's
// fields. The presets read such a token decoded; when they find anything in it, the whole token is
// replaced by the placeholder of the first thing they find, as the token cannot be written back with
// only part of it hidden (as encoded-json.ts does for a JSON object, `eyJ…`).
//
// Any run of letters and digits decodes to something, so a token is read only when it decodes to
// printable ASCII, which base64 shows without decoding: each group of four characters encodes three
// bytes, the first character the top six bits of the first byte and the second the low two bits of
// the first and the top four of the second. A byte from ` ` to `~` (0x20–0x7e) has its top six bits
// from 8 to 31 (`I` to `f`) and its top four from 2 to 7, so a group's first character is one of
// 24 of base64's 64 and its second one of 24. An English word, an id or a hash of 12 characters or
// more passes that for its first three groups about one time in 300 or fewer, and then must decode
// to printable text in which a preset finds something.

import { MAX_ENCODED_LENGTH } from './encoded-json.js';

/** The fewest characters of a token read: 9 bytes, `ada@ex.io`. */
export const ENCODED_TEXT_MIN_LENGTH = 12;

/** The value of each character of base64's alphabets (`+` `/` and base64url's `-` `_`) by ASCII code; 255 for any other character. */
const VALUES = new Uint8Array(128).fill(255);
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
for (let value = 0; value < 64; value++) VALUES[ALPHABET.charCodeAt(value)] = value;
VALUES[45] = 62; // -
VALUES[95] = 63; // _
const SLASH = 47;
const DEAD = 15;

/** 1 at the ASCII codes of base64's characters (both alphabets): a run of them may be a token (see encodedRunAt). */
export const BASE64_CODES = new Uint8Array(128);
for (let code = 0; code < 128; code++) BASE64_CODES[code] = VALUES[code] === 255 ? 0 : 1;

/**
 * Whether the character of value `value` can stand at `position` of a token encoding printable
 * ASCII (see the module's comment): the first of a group encodes a byte's top six bits, from 8 to
 * 31; the second a byte's top four bits in its low four, from 2 to 7; the others anything.
 */
function printableAt(position: number, value: number): boolean {
  const phase = position & 3;
  if (phase === 0) return value >= 8 && value <= 31;
  if (phase === 1) return (value & 15) >= 2 && (value & 15) <= 7;
  return true;
}

/** A token's count of characters so far after one of value `value`, or DEAD once one cannot stand there. */
function advance(count: number, value: number): number {
  return count === DEAD || !printableAt(count, value) ? DEAD : count + 1;
}

/**
 * Whether the run of base64's characters `text[start, end)` (bounded by other characters or the
 * text's ends) may hold printable text in base64: its first 12 characters may encode printable
 * ASCII, or those of a piece after one of its `/`s (a path's segment; a query's value in standard
 * base64 holds `/` too). The test the privacy probe makes of each run as it counts, and TextFacts
 * when asked (mayHoldEncodedText); a token encodedTextIn reads passes it.
 */
export function encodedRunAt(text: string, start: number, end: number): boolean {
  if (end - start < ENCODED_TEXT_MIN_LENGTH) return false;
  let whole = 0;
  let piece = 0;
  for (let index = start; index < end; index++) {
    const code = text.charCodeAt(index);
    const value = VALUES[code] as number;
    whole = advance(whole, value);
    piece = code === SLASH ? 0 : advance(piece, value);
    if (whole === ENCODED_TEXT_MIN_LENGTH || piece === ENCODED_TEXT_MIN_LENGTH) return true;
  }
  return false;
}

/** Whether `text` may hold printable text in base64: one of its runs of base64's characters passes encodedRunAt. */
export function mayHoldEncodedText(text: string): boolean {
  let start = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code < 128 && BASE64_CODES[code] === 1) continue;
    if (encodedRunAt(text, start, index)) return true;
    start = index + 1;
  }
  return encodedRunAt(text, start, text.length);
}

/** A token found, with the printable text it encodes. */
export interface EncodedText {
  readonly start: number;
  readonly end: number;
  readonly decoded: string;
}

/**
 * A run of base64's characters not inside a longer one, with its padding (`=`, or `%3D` as a URL
 * escapes it). A token of standard base64 holds `/`: the run is read whole, then each of its pieces
 * between `/`s (a path's segment, `/unsubscribe/YWRh…/confirm`).
 */
const RUN = /(?<![\w+/-])[\w+/-]{12,}(?:={1,2}|(?:%3D){1,2})?(?![\w+/=-])/gi;

/**
 * The base64 tokens of `text` that decode to printable ASCII: a whole run of base64's characters,
 * or a piece of it between `/`s; not a JSON object's (`eyJ…`, see encoded-json.ts).
 */
export function encodedTextIn(text: string): EncodedText[] {
  const found: EncodedText[] = [];
  RUN.lastIndex = 0;
  for (let match = RUN.exec(text); match !== null; match = RUN.exec(text)) {
    const run = match[0];
    if (run.length > MAX_ENCODED_LENGTH) continue;
    const whole = tokenAt(run, match.index, 0, run.length);
    if (whole !== undefined) {
      found.push(whole);
      continue;
    }
    let from = 0;
    for (let slash = run.indexOf('/'); from < run.length; slash = run.indexOf('/', from)) {
      const to = slash < 0 ? run.length : slash;
      const piece = slash < 0 && from === 0 ? undefined : tokenAt(run, match.index, from, to);
      if (piece !== undefined) found.push(piece);
      if (slash < 0) break;
      from = slash + 1;
    }
  }
  RUN.lastIndex = 0;
  return found;
}

/** The token of `run[from, to)` (`run` at `offset` of its text), with its padding, when it decodes to printable ASCII. */
function tokenAt(run: string, offset: number, from: number, to: number): EncodedText | undefined {
  const written = run.slice(from, to);
  const token = written.replace(/(?:=|%3D)+$/i, '');
  if (token.length < ENCODED_TEXT_MIN_LENGTH || token.length % 4 === 1 || token.startsWith('eyJ')) return undefined;
  // The last group's second character, when the group encodes one byte, has no second byte's bits (`aw` of `k`).
  const lastByteAlone = token.length % 4 === 2 ? token.length - 1 : -1;
  for (let position = 0; position < token.length; position++) {
    const value = VALUES[token.charCodeAt(position)] as number;
    if (value === 255 || (position !== lastByteAlone && !printableAt(position, value))) return undefined;
  }
  const bytes = Buffer.from(token, 'base64');
  for (const byte of bytes) if (byte < 0x20 || byte > 0x7e) return undefined;
  return { start: offset + from, end: offset + to, decoded: bytes.toString('latin1') };
}

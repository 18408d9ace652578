// Reads a whole text file. `readFile(file, 'utf8')` from node:fs/promises decodes chunk by chunk
// into a rope of strings, which costs another copy the first time it is used (JSON.parse, a
// comparison): for a session of megabytes, decoding the whole buffer at once is faster. Bytes
// that are not UTF-8 are refused: decoding would quietly turn them into U+FFFD.

import { isAscii, isUtf8, transcode } from 'node:buffer';
import { readFile } from 'node:fs';

/**
 * A file whose bytes are not UTF-8 (an old encoding, or binary data).
 *
 * @category Sessions
 */
export class NotUtf8Error extends Error {
  /** Always `ERR_NOT_UTF8`. */
  readonly code = 'ERR_NOT_UTF8';
  /** @param line - The 1-based line of the first bytes that are not UTF-8. */
  constructor(readonly line: number) {
    super(`is not UTF-8 text (the first bytes that are not UTF-8 are on line ${line}); save it as UTF-8`);
    this.name = 'NotUtf8Error';
  }
}

/**
 * The file's text, decoded as UTF-8 in one piece; a byte order mark at the start is dropped.
 *
 * @throws {@link NotUtf8Error} when the bytes are not UTF-8; the errors of `readFile` (no such
 * file, a directory) as they are.
 * @category Sessions
 */
export async function readUtf8File(file: string): Promise<string> {
  // node:fs's callback, not node:fs/promises: loading that module costs the CLI's start-up.
  const bytes = await new Promise<Buffer>((resolve, reject) => readFile(file, (error, data) => (error === null ? resolve(data) : reject(error))));
  return decodeUtf8(bytes);
}

// Bytes transcoded at a time: the UTF-16 copy of a piece is twice its size, and a fixture can be
// hundreds of megabytes. Pieces are joined with a copy of the whole text, which one piece spares.
export const PIECE_BYTES = 32 * 2 ** 20;

/**
 * `bytes` as text, a byte order mark at the start dropped; throws {@link NotUtf8Error} when they
 * are not UTF-8. The same text as `bytes.toString('utf8')`, four to five times faster for a file
 * of megabytes that is not pure ASCII: V8 decodes UTF-8 into a string slowly, ICU transcodes to
 * UTF-16 fast, and UTF-16 bytes become a string by a copy. ASCII is copied as it is.
 *
 * @category Sessions
 */
export function decodeUtf8(bytes: Buffer): string {
  let text: string;
  if (isAscii(bytes)) {
    text = bytes.toString('latin1');
  } else if (isUtf8(bytes)) {
    text = transcodedUtf8(bytes);
  } else {
    text = bytes.toString('utf8');
    // The first replacement character marks the first undecodable bytes (or a real U+FFFD before them).
    const bad = text.indexOf('\uFFFD');
    throw new NotUtf8Error(bad < 0 ? 1 : text.slice(0, bad).split('\n').length);
  }
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** Valid UTF-8 `bytes` as text, piece by piece, each piece ending on a character boundary. */
function transcodedUtf8(bytes: Buffer): string {
  const pieces: string[] = [];
  for (let start = 0; start < bytes.length; ) {
    let end = Math.min(bytes.length, start + PIECE_BYTES);
    // Back off continuation bytes (10xxxxxx) so as not to split a character.
    while (end < bytes.length && ((bytes[end] as number) & 0xc0) === 0x80) end--;
    const piece = bytes.subarray(start, end);
    try {
      pieces.push(transcode(piece, 'utf8', 'utf16le').toString('utf16le'));
    } catch (error) {
      // A Node built without ICU has no transcode.
      if ((error as NodeJS.ErrnoException).code !== 'ERR_NO_ICU') throw error;
      pieces.push(piece.toString('utf8'));
    }
    start = end;
  }
  return pieces.length === 1 ? (pieces[0] as string) : pieces.join('');
}

// Reads a whole text file. `readFile(file, 'utf8')` from node:fs/promises decodes chunk by chunk
// into a rope of strings, which costs another copy the first time it is used (JSON.parse, a
// comparison): for a session of megabytes, decoding the whole buffer at once is faster. Bytes
// that are not UTF-8 are refused: decoding would quietly turn them into U+FFFD.

import { isUtf8 } from 'node:buffer';
import { readFile } from 'node:fs/promises';

/** A file whose bytes are not UTF-8 (an old encoding, or binary data). */
export class NotUtf8Error extends Error {
  readonly code = 'ERR_NOT_UTF8';
  constructor(readonly line: number) {
    super(`is not UTF-8 text (the first bytes that are not UTF-8 are on line ${line}); save it as UTF-8`);
    this.name = 'NotUtf8Error';
  }
}

/** The file's text, decoded as UTF-8 in one piece; a byte order mark at the start is dropped. */
export async function readUtf8File(file: string): Promise<string> {
  const bytes = await readFile(file);
  const text = bytes.toString('utf8');
  if (!isUtf8(bytes)) {
    // The first replacement character marks the first undecodable bytes (or a real U+FFFD before them).
    const bad = text.indexOf('\uFFFD');
    throw new NotUtf8Error(bad < 0 ? 1 : text.slice(0, bad).split('\n').length);
  }
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

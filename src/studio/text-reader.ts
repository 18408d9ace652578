// Reads the studio's files as text. The watcher reports every save at least twice (once at once,
// once when the file has been quiet), so the second read usually finds the same bytes: comparing
// bytes costs a millisecond for 8 MB where decoding costs tens, and handing back the same string
// lets the reducer see at a glance that nothing changed.

import { readFile } from 'node:fs/promises';
import { decodeUtf8 } from '../index.js';

/** How many files' last bytes are kept: the profile, the session and a compared profile. */
const REMEMBERED_FILES = 3;

export type ReadText = (file: string) => Promise<string>;

export function createTextReader(read: (file: string) => Promise<Buffer> = (file) => readFile(file)): ReadText {
  const last = new Map<string, { readonly bytes: Buffer; readonly text: string }>();
  return async (file) => {
    const bytes = await read(file);
    const known = last.get(file);
    last.delete(file);
    // One decode of the whole buffer (see decodeUtf8): readFile(file, 'utf8') decodes in chunks
    // into a rope string that costs another copy when first compared or parsed. Bytes that are not
    // UTF-8 are refused, as recap run refuses them, rather than shown with U+FFFD in their place.
    const text = known !== undefined && known.bytes.equals(bytes) ? known.text : decodeUtf8(bytes);
    last.set(file, { bytes, text });
    for (const oldest of last.keys()) {
      if (last.size <= REMEMBERED_FILES) break;
      last.delete(oldest);
    }
    return text;
  };
}

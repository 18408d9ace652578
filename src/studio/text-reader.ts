// Reads the studio's files as text. The watcher reports every save at least twice (once at once,
// once when the file has been quiet), so the second read usually finds the same bytes: comparing
// bytes costs a millisecond for 8 MB where decoding costs tens, and handing back the same string
// lets the reducer see at a glance that nothing changed.

import { readFile } from 'node:fs/promises';

/** How many files' last bytes are kept: the profile, the session and a compared profile. */
const REMEMBERED_FILES = 3;

export type ReadText = (file: string) => Promise<string>;

export function createTextReader(read: (file: string) => Promise<Buffer> = (file) => readFile(file)): ReadText {
  const last = new Map<string, { readonly bytes: Buffer; readonly text: string }>();
  return async (file) => {
    const bytes = await read(file);
    const known = last.get(file);
    last.delete(file);
    // One decode of the whole buffer: readFile(file, 'utf8') decodes in chunks into a rope string
    // that costs another copy when first compared or parsed (tens of ms for a session of 8 MB).
    const text = known !== undefined && known.bytes.equals(bytes) ? known.text : bytes.toString('utf8');
    last.set(file, { bytes, text });
    for (const oldest of last.keys()) {
      if (last.size <= REMEMBERED_FILES) break;
      last.delete(oldest);
    }
    return text;
  };
}

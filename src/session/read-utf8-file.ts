// Reads a whole text file. `readFile(file, 'utf8')` from node:fs/promises decodes chunk by chunk
// into a rope of strings, which costs another copy the first time it is used (JSON.parse, a
// comparison): for a session of megabytes, decoding the whole buffer at once is faster.

import { readFile } from 'node:fs/promises';

/** The file's text, decoded as UTF-8 in one piece. */
export async function readUtf8File(file: string): Promise<string> {
  return (await readFile(file)).toString('utf8');
}

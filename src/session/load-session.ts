// Reads a session fixture from disk; all validation is parseSession's.

import { parseSession } from './parse-session.js';
import { readUtf8File } from './read-utf8-file.js';
import { SessionFixtureError } from './session-error.js';
import type { Session } from './session-schema.js';
import { readFailure } from './read-failure.js';

/** Reads and validates a session fixture file. Throws {@link SessionFixtureError} naming the file. */
export async function loadSession(file: string, options: { readonly source?: string } = {}): Promise<Session> {
  const source = options.source ?? file;
  let text: string;
  try {
    text = await readUtf8File(file);
  } catch (error) {
    const reason = readFailure(error);
    throw new SessionFixtureError([{ path: '', message: reason }], source);
  }
  return parseSession(text, { source });
}

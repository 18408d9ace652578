// Reads a session fixture from disk; all validation is parseSession's. A valid fixture loads
// without zod (quick-parse-fixture.ts); the full parse is imported for one that is not.

import { quickParseFixture } from './quick-parse-fixture.js';
import { readUtf8File } from './read-utf8-file.js';
import { SessionFixtureError } from './session-error.js';
import type { Session } from './session-schema.js';
import { readFailure } from './read-failure.js';

/**
 * Reads a session fixture file (UTF-8 JSON) and validates it as {@link parseSession} does.
 *
 * @param file - The path of the fixture.
 * @param options - `source`: how to name the file in messages (default: `file` as given).
 * @returns The loaded session, events sorted by time.
 * @throws {@link SessionFixtureError} naming the file, also when it cannot be read or is not UTF-8.
 * @example
 * ```ts
 * import { loadSession } from 'recap';
 *
 * const session = await loadSession('sessions-fixtures/checkout-abandon.json');
 * session.id; // 'u-1001:s-9001'
 * ```
 * @category Sessions
 */
export async function loadSession(file: string, options: { readonly source?: string; readonly quoteValues?: boolean } = {}): Promise<Session> {
  const source = options.source ?? file;
  let text: string;
  try {
    text = await readUtf8File(file);
  } catch (error) {
    const reason = readFailure(error);
    throw new SessionFixtureError([{ path: '', message: reason }], source);
  }
  const quick = quickParseFixture(text);
  if (quick !== undefined) return quick.session;
  const { parseSession } = await import('./parse-session.js');
  return parseSession(text, { source, quoteValues: options.quoteValues });
}

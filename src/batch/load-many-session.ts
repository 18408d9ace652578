// Loads one session of a many-session run, telling a file that cannot be read (`unreadable_file`)
// from one that is not a valid fixture (`invalid_session`).

import { readFailure } from '../session/read-failure.js';
import { NotUtf8Error, readUtf8File } from '../session/read-utf8-file.js';
import { quickParseFixture } from '../session/quick-parse-fixture.js';
import type { Session } from '../session/session-schema.js';

/** A session, or why the file does not hold one. */
export type LoadedManySession =
  | { readonly ok: true; readonly session: Session }
  | { readonly ok: false; readonly code: 'unreadable_file' | 'invalid_session'; readonly message: string };

/**
 * Reads and validates the fixture at `absolute`, named `shown` in messages. `quoteValues: false`
 * (a run under privacy rules): messages name the kind of a wrong value, never the value.
 */
export async function loadManySession(absolute: string, shown: string, options: { readonly quoteValues?: boolean } = {}): Promise<LoadedManySession> {
  let text: string;
  try {
    text = await readUtf8File(absolute);
  } catch (error) {
    if (error instanceof NotUtf8Error) return { ok: false, code: 'invalid_session', message: `${shown}: ${error.message}` };
    return { ok: false, code: 'unreadable_file', message: `${shown}: ${await unreadableReason(absolute, error)}` };
  }
  const quick = quickParseFixture(text);
  if (quick !== undefined) return { ok: true, session: quick.session };
  const { safeParseSession } = await import('../session/parse-session.js');
  const parsed = safeParseSession(text, { source: shown, quoteValues: options.quoteValues });
  if (parsed.success) return { ok: true, session: parsed.session };
  return { ok: false, code: 'invalid_session', message: parsed.error.message };
}

/** Why `absolute` could not be read, in words: also when it is a folder (a session folder's subfolder recap may not list) or a link whose file is gone. */
async function unreadableReason(absolute: string, error: unknown): Promise<string> {
  const code = (error as NodeJS.ErrnoException).code;
  // Loaded only on this path: node:fs/promises costs the CLI's start-up.
  const { lstat, readlink } = await import('node:fs/promises');
  const entry = await lstat(absolute).catch(() => undefined);
  if (entry?.isSymbolicLink() === true && code === 'ENOENT') {
    const target = await readlink(absolute).catch(() => undefined);
    return `is a link to ${target ?? 'a file'}, which does not exist`;
  }
  if (entry?.isDirectory() === true && (code === 'EACCES' || code === 'EPERM')) return 'is a folder recap may not read (permission denied): the sessions in it are left out';
  return readFailure(error);
}

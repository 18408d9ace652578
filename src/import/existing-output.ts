// What stands where an import is about to write a fixture. Only a recap session fixture (an earlier
// import's output, when an import is run again) may be replaced; a recording, or anything else, is not.

import { open, readFile, stat } from 'node:fs/promises';
import { readFailure } from '../session/read-failure.js';

/** A file that is absent (or not a file), a recap fixture, or something else, with why it is kept. */
export type ExistingOutput =
  | { readonly kind: 'none' }
  | { readonly kind: 'fixture' }
  | {
      readonly kind: 'other';
      /** Follows the file's name: `looks like an rrweb recording, not a recap fixture`. */
      readonly why: string;
    };

/** Bytes read to see how the file starts: a recording is usually a JSON list, a fixture always an object. */
const HEAD_BYTES = 1024;

const LOOKS_LIKE_A_RECORDING: ExistingOutput = { kind: 'other', why: 'looks like an rrweb recording, not a recap fixture' };

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The recap fixture shape, checked only as far as telling a fixture from a recording needs: an
 * object with a string `id` and a list of `events` whose `type` and `timestamp` are strings (an
 * rrweb event's type is a number). Whether it would pass the session schema does not matter here.
 */
export function hasFixtureShape(value: unknown): boolean {
  return (
    isObject(value) &&
    typeof value.id === 'string' &&
    Array.isArray(value.events) &&
    value.events.every((event) => isObject(event) && typeof event.type === 'string' && typeof event.timestamp === 'string')
  );
}

/** How the parsed content of an existing file counts: a fixture, a recording, or other JSON. */
export function classifyExistingJson(value: unknown): ExistingOutput {
  if (hasFixtureShape(value)) return { kind: 'fixture' };
  if (Array.isArray(value) || (isObject(value) && ('events' in value || 'snapshot_data_by_window_id' in value))) return LOOKS_LIKE_A_RECORDING;
  return { kind: 'other', why: 'is not a recap fixture (a JSON object with a string "id" and a list of "events")' };
}

/** The first character of `file` that is not whitespace (or a byte order mark), if its head has one. */
async function firstCharacter(file: string): Promise<string | undefined> {
  const handle = await open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read({ buffer: Buffer.alloc(HEAD_BYTES), position: 0 });
    return /[^\s\uFEFF]/.exec(buffer.subarray(0, bytesRead).toString('utf8'))?.[0];
  } finally {
    await handle.close();
  }
}

/**
 * Looks at what `file` holds before an import writes over it. A file that does not start like a
 * JSON object is judged from its first bytes, so that a large recording is not read whole.
 */
export async function inspectExistingOutput(file: string): Promise<ExistingOutput> {
  const info = await stat(file).catch(() => undefined);
  // Nothing to lose: writing reports a missing folder, or a folder standing where the file goes.
  if (info === undefined || !info.isFile()) return { kind: 'none' };
  try {
    const first = await firstCharacter(file);
    if (first === '[') return LOOKS_LIKE_A_RECORDING;
    if (first !== undefined && first !== '{') return { kind: 'other', why: 'is not a recap fixture (not a JSON object)' };
    const text = await readFile(file, 'utf8');
    let value: unknown;
    try {
      value = JSON.parse(text.replace(/^\uFEFF/, ''));
    } catch {
      return { kind: 'other', why: 'is not a recap fixture (not valid JSON)' };
    }
    return classifyExistingJson(value);
  } catch (error) {
    return { kind: 'other', why: `cannot be read to check that it is a recap fixture (${readFailure(error)})` };
  }
}

// Reads a profile file from disk; all validation is parseProfile's.

import { readFile } from 'node:fs/promises';
import { ProfileValidationError } from './profile-error.js';
import { parseProfile } from './parse-profile.js';
import type { Profile } from './profile-schema.js';

/** Reads a file as UTF-8 text, turning "no such file" into a profile error naming the file. */
export async function readProfileText(file: string): Promise<string> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'file not found' : (error as Error).message;
    throw new ProfileValidationError([{ path: '', message: reason, line: 1, column: 1 }], file);
  }
}

/** Reads and validates a profile file. Throws {@link ProfileValidationError} naming file:line:col. */
export async function loadProfile(file: string): Promise<Profile> {
  return parseProfile(await readProfileText(file), { source: file });
}

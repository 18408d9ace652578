// Reads a profile file from disk; all validation is parseProfile's.

import { ProfileValidationError } from './profile-error.js';
import { parseProfile } from './parse-profile.js';
import type { Profile } from './profile-schema.js';
import { readFailure } from '../session/read-failure.js';
import { readUtf8File } from '../session/read-utf8-file.js';

export interface LoadProfileOptions {
  /** How to name the file in messages; default the path as given. */
  readonly source?: string;
}

/** Reads a file as UTF-8 text, turning "no such file" into a profile error naming the file. */
export async function readProfileText(file: string, options: LoadProfileOptions = {}): Promise<string> {
  try {
    return await readUtf8File(file);
  } catch (error) {
    const reason = readFailure(error);
    throw new ProfileValidationError([{ path: '', message: reason, line: 1, column: 1 }], options.source ?? file);
  }
}

/** Reads and validates a profile file. Throws {@link ProfileValidationError} naming file:line:col. */
export async function loadProfile(file: string, options: LoadProfileOptions = {}): Promise<Profile> {
  return parseProfile(await readProfileText(file, options), { source: options.source ?? file });
}

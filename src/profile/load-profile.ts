// Reads a profile file from disk; all validation is parseProfile's. A valid profile is checked
// without loading zod (quick-parse-profile.ts); the full check is imported when one is not.

import type { ParseProfileOptions, SafeParseProfileResult } from './parse-profile.js';
import { formatProfileIssue, ProfileValidationError } from './profile-error.js';
import type { Profile } from './profile-schema.js';
import { quickParseSource } from './quick-parse-profile.js';
import { parseYamlSource } from './yaml-source.js';
import { readFailure } from '../session/read-failure.js';
import { readUtf8File } from '../session/read-utf8-file.js';

/**
 * Options of {@link loadProfile}.
 *
 * @category Profiles
 */
export interface LoadProfileOptions {
  /** How to name the file in messages; default the path as given. */
  readonly source?: string;
  /**
   * Called with the likely typos of a valid profile (a filter key `rage_click`), each formatted
   * `file:line:col path: warning: message`, so that a command that runs it can show them as
   * `recap validate` does. Not called when there are none.
   */
  readonly onWarnings?: (warnings: readonly string[]) => void;
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

/**
 * Reads a profile file (UTF-8 YAML) and validates it as {@link parseProfile} does.
 *
 * @param file - The path of the profile file.
 * @param options - `source`: how to name the file in messages (default: `file` as given).
 * @returns The validated profile.
 * @throws {@link ProfileValidationError} naming `file:line:col` for every problem, also when the
 * file cannot be read or is not UTF-8 (then at 1:1).
 * @example
 * ```ts
 * import { loadProfile } from 'recap';
 *
 * const profile = await loadProfile('profiles/friction-report.yaml');
 * profile.llm?.response_schema?.type; // 'OBJECT'
 * ```
 * @category Profiles
 */
export async function loadProfile(file: string, options: LoadProfileOptions = {}): Promise<Profile> {
  const result = await safeParseProfileLazily(await readProfileText(file, options), { source: options.source ?? file });
  if (!result.success) throw result.error;
  if (options.onWarnings !== undefined && result.warnings.length > 0) {
    const source = options.source ?? file;
    options.onWarnings(result.warnings.map((issue) => formatProfileIssue({ ...issue, message: `warning: ${issue.message}` }, source)));
  }
  return result.profile;
}

/**
 * The answer of safeParseProfile, loading the full check (and zod) only for a profile the quick
 * check cannot vouch for: an invalid one, or one shaped in a way it does not follow.
 */
export async function safeParseProfileLazily(text: string, options: ParseProfileOptions = {}): Promise<SafeParseProfileResult> {
  // Parsed once: the full check reads the same document as the quick one.
  const source = parseYamlSource(text);
  return quickParseSource(source) ?? (await import('./parse-profile.js')).safeParseProfileSource(source, options);
}

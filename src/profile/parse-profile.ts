// Parses profile YAML and reports every problem as file:line:col with its field path.

import { checkProfile } from './check-profile.js';
import { ProfileValidationError, type ProfileIssue } from './profile-error.js';
import type { Profile } from './profile-schema.js';
import { promptCommentWarnings } from './prompt-comments.js';
import { positioned, quickParseSource } from './quick-parse-profile.js';
import { parseYamlSource, type YamlSource } from './yaml-source.js';

/**
 * Options of {@link parseProfile} and {@link safeParseProfile}.
 *
 * @category Profiles
 */
export interface ParseProfileOptions {
  /** The file the text came from, named in error messages (default `<profile>`). */
  readonly source?: string;
}

/**
 * What {@link safeParseProfile} returns: the profile, or the error that {@link parseProfile} would
 * throw. Both carry warnings: likely typos (an event type that is a near miss of a built-in one)
 * that do not make the profile invalid.
 *
 * @category Profiles
 */
export type SafeParseProfileResult =
  | { readonly success: true; readonly profile: Profile; readonly warnings: readonly ProfileIssue[] }
  | {
      readonly success: false;
      readonly error: ProfileValidationError;
      /** Likely typos found next to the errors, so that a fix does not reveal them one by one. */
      readonly warnings: readonly ProfileIssue[];
    };

/**
 * Parses and validates profile YAML without throwing: the result says whether it passed.
 * Warnings (likely typos) do not fail it.
 *
 * @param text - The YAML text of a profile (JSON is YAML too).
 * @param options - `source`: the file name used in messages.
 * @example
 * ```ts
 * import { safeParseProfile } from 'recap';
 *
 * const result = safeParseProfile('slice:\n  mode: MIDDLE\n', { source: 'draft.yaml' });
 * if (!result.success) console.error(result.error.message);
 * // draft.yaml:2:9 slice.mode: expected FIRST, LAST or TIMESTAMP, got "MIDDLE"
 * ```
 * @category Profiles
 */
export function safeParseProfile(text: string, options: ParseProfileOptions = {}): SafeParseProfileResult {
  return safeParseProfileSource(parseYamlSource(text), options);
}

/** At most this many problems of one profile are placed and listed; one more line says how many are left. */
export const MAX_PROFILE_ISSUES = 100;

/** {@link safeParseProfile} of YAML already parsed. */
export function safeParseProfileSource(source: YamlSource, options: ParseProfileOptions = {}): SafeParseProfileResult {
  if (!source.success) {
    const issues = source.syntaxErrors.map((error) => ({ path: '', ...error }));
    return { success: false, error: new ProfileValidationError(issues, options.source), warnings: [] };
  }
  const quick = quickParseSource(source);
  if (quick !== undefined) return quick;
  const result = checkProfile(source.data);
  if (!result.success) {
    // Placing a problem reads its mapping from the start: thousands of unknown keys would take
    // seconds to place, and nobody reads past the first hundred.
    const issues = result.issues.slice(0, MAX_PROFILE_ISSUES).map((issue) => positioned(issue, source.position));
    issues.sort((a, b) => a.line - b.line || a.column - b.column);
    const left = result.issues.length - issues.length;
    if (left > 0) issues.push({ path: '', line: 1, column: 1, message: `... and ${left} more problem(s) of the same kinds, not listed` });
    const warnings = [...result.warnings.map((issue) => positioned(issue, source.position)), ...promptCommentWarnings(source)];
    return { success: false, error: new ProfileValidationError(issues, options.source), warnings };
  }
  const warnings = [...result.warnings.map((issue) => positioned(issue, source.position)), ...promptCommentWarnings(source)];
  return { success: true, profile: result.profile, warnings };
}

/**
 * Parses and validates profile YAML (the rules are in docs/profiles.md): unknown keys, wrong types
 * and values, `slice.mode: TIMESTAMP` without `start_timestamp`, both `include_types` and
 * `exclude_types`, and every rule of the response schema. Lower-case response-schema types come
 * back upper-case.
 *
 * @param text - The YAML text of a profile (JSON is YAML too).
 * @param options - `source`: the file name used in messages.
 * @returns The validated profile.
 * @throws {@link ProfileValidationError} listing every problem as `file:line:col field: message`.
 * @example
 * ```ts
 * import { parseProfile } from 'recap';
 *
 * const profile = parseProfile(
 *   'llm:\n  post_prompt: Summarise the session in three sentences.\nslice:\n  mode: LAST\n  event_limit: 200\n',
 *   { source: 'inline.yaml' },
 * );
 * profile.slice?.mode; // 'LAST'
 * ```
 * @category Profiles
 */
export function parseProfile(text: string, options: ParseProfileOptions = {}): Profile {
  const result = safeParseProfile(text, options);
  if (!result.success) throw result.error;
  return result.profile;
}

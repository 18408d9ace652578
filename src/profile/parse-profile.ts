// Parses profile YAML and reports every problem as file:line:col with its field path.

import { checkProfile, formatProfilePath, type ProfileDataIssue } from './check-profile.js';
import { ProfileValidationError, type ProfileIssue } from './profile-error.js';
import type { Profile } from './profile-schema.js';
import { parseYamlSource, type SourcePosition } from './yaml-source.js';

export interface ParseProfileOptions {
  /** The file the text came from, named in error messages. */
  readonly source?: string;
}

export type SafeParseProfileResult =
  | { readonly success: true; readonly profile: Profile; readonly warnings: readonly ProfileIssue[] }
  | {
      readonly success: false;
      readonly error: ProfileValidationError;
      /** Likely typos found next to the errors, so that a fix does not reveal them one by one. */
      readonly warnings: readonly ProfileIssue[];
    };

function positioned(issue: ProfileDataIssue, position: (path: readonly (string | number)[], atKey?: boolean) => SourcePosition): ProfileIssue {
  return { path: formatProfilePath(issue.path), message: issue.message, ...position(issue.path, issue.atKey) };
}

/** Parses and validates profile YAML; never throws. Warnings (likely typos) do not fail it. */
export function safeParseProfile(text: string, options: ParseProfileOptions = {}): SafeParseProfileResult {
  const source = parseYamlSource(text);
  if (!source.success) {
    const issues = source.syntaxErrors.map((error) => ({ path: '', ...error }));
    return { success: false, error: new ProfileValidationError(issues, options.source), warnings: [] };
  }
  const result = checkProfile(source.data);
  if (!result.success) {
    const issues = result.issues.map((issue) => positioned(issue, source.position));
    issues.sort((a, b) => a.line - b.line || a.column - b.column);
    const warnings = result.warnings.map((issue) => positioned(issue, source.position));
    return { success: false, error: new ProfileValidationError(issues, options.source), warnings };
  }
  const warnings = result.warnings.map((issue) => positioned(issue, source.position));
  return { success: true, profile: result.profile, warnings };
}

/** Parses and validates profile YAML. Throws {@link ProfileValidationError} with every problem. */
export function parseProfile(text: string, options: ParseProfileOptions = {}): Profile {
  const result = safeParseProfile(text, options);
  if (!result.success) throw result.error;
  return result.profile;
}

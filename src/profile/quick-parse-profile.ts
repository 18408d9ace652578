// safeParseProfile for the common case, without zod: a profile that parses and that the quick
// check vouches for (quick-check-profile.ts). Anything else goes to the full check.

import { formatJsonPath } from '../session/json-path.js';
import type { ProfileDataIssue } from './check-profile.js';
import { promptCommentWarnings } from './prompt-comments.js';
import type { SafeParseProfileResult } from './parse-profile.js';
import type { ProfileIssue } from './profile-error.js';
import { quickCheckProfile } from './quick-check-profile.js';
import { typoWarnings } from './typo-warnings.js';
import type { SourcePosition, YamlSource } from './yaml-source.js';

/** A problem of profile data, placed at its line and column in the YAML text. */
export function positioned(issue: ProfileDataIssue, position: (path: readonly (string | number)[], atKey?: boolean) => SourcePosition): ProfileIssue {
  return { path: formatJsonPath(issue.path), message: issue.message, ...position(issue.path, issue.atKey) };
}

/** The result for parsed YAML the quick check vouches for; `undefined` when the full check must decide. */
export function quickParseSource(source: YamlSource): SafeParseProfileResult | undefined {
  if (!source.success) return undefined;
  const profile = quickCheckProfile(source.data);
  if (profile === undefined) return undefined;
  return { success: true, profile, warnings: [...typoWarnings(profile).map((issue) => positioned(issue, source.position)), ...promptCommentWarnings(source)] };
}

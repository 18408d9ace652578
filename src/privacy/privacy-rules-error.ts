// The typed error of privacy rules that cannot be read or compiled, in a module of its own: a
// command that only may find rules (recap run) loads the rules' compiler, RE2 and zod only when it
// does.

import { formatProfileIssue, type ProfileIssue } from '../profile/profile-error.js';

/**
 * One problem of a rules document, located in its text.
 *
 * @category Privacy
 */
export type PrivacyRulesIssue = ProfileIssue;

/**
 * A rules document could not be read or compiled. Its message has one line per problem:
 * `privacy.yaml:4:12 patterns.order: invalid pattern "order": missing closing ): ...`.
 *
 * @category Privacy
 */
export class PrivacyRulesError extends Error {
  /** Always `invalid_privacy_rules`. */
  readonly code = 'invalid_privacy_rules';
  readonly file: string | undefined;
  readonly issues: readonly PrivacyRulesIssue[];

  constructor(issues: readonly PrivacyRulesIssue[], file?: string) {
    super(issues.map((issue) => formatProfileIssue(issue, file ?? '<privacy rules>')).join('\n'));
    this.name = 'PrivacyRulesError';
    this.file = file;
    this.issues = issues;
  }
}


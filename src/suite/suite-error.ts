// A suite file that cannot be used: every problem with file, line, column and field.

import { formatProfileIssue, type ProfileIssue } from '../profile/profile-error.js';

/** A suite was unreadable or broke a rule of suites (see docs/suites.md). */
export class SuiteValidationError extends Error {
  readonly code = 'invalid_suite';
  readonly file: string;
  readonly issues: readonly ProfileIssue[];

  constructor(issues: readonly ProfileIssue[], file: string) {
    super(issues.map((issue) => formatProfileIssue(issue, file)).join('\n'));
    this.name = 'SuiteValidationError';
    this.file = file;
    this.issues = issues;
  }
}

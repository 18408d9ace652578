// The typed error for an invalid profile: every problem with its file, line, column and field.

/** One problem in a profile, located in its source text (1-based line and column). */
export interface ProfileIssue {
  /** Dotted field path, e.g. `slice.mode` or `llm.response_schema.properties.outcome.type`. */
  readonly path: string;
  readonly message: string;
  readonly line: number;
  readonly column: number;
}

/** `profiles/checkout.yaml:7:9 slice.mode: expected FIRST, LAST or TIMESTAMP, got "MIDDLE"` */
export function formatProfileIssue(issue: ProfileIssue, file = '<profile>'): string {
  const field = issue.path === '' ? '' : ` ${issue.path}:`;
  return `${file}:${issue.line}:${issue.column}${field} ${issue.message}`;
}

/** A profile could not be read or broke a rule of DESIGN §3. */
export class ProfileValidationError extends Error {
  readonly code = 'invalid_profile';
  readonly file: string | undefined;
  readonly issues: readonly ProfileIssue[];

  constructor(issues: readonly ProfileIssue[], file?: string) {
    super(issues.map((issue) => formatProfileIssue(issue, file)).join('\n'));
    this.name = 'ProfileValidationError';
    this.file = file;
    this.issues = issues;
  }
}

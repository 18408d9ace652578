// The typed error for an invalid profile: every problem with its file, line, column and field.

/**
 * One problem in a profile, located in its source text (1-based line and column).
 *
 * @category Profiles
 */
export interface ProfileIssue {
  /** Dotted field path, e.g. `slice.mode` or `llm.response_schema.properties.outcome.type`; empty for a problem of the whole file (YAML syntax, unreadable file). */
  readonly path: string;
  /** What is wrong, without the location. */
  readonly message: string;
  /** 1-based line in the source text. */
  readonly line: number;
  /** 1-based column in the source text. */
  readonly column: number;
}

/**
 * One issue as a line of text:
 * `profiles/checkout.yaml:7:9 slice.mode: expected FIRST, LAST or TIMESTAMP, got "MIDDLE"`.
 *
 * @param issue - The problem.
 * @param file - The file name to start the line with (default `<profile>`).
 * @category Profiles
 */
export function formatProfileIssue(issue: ProfileIssue, file = '<profile>'): string {
  const field = issue.path === '' ? '' : ` ${issue.path}:`;
  return `${file}:${issue.line}:${issue.column}${field} ${issue.message}`;
}

/**
 * A profile could not be read or broke a rule of profiles (see docs/profiles.md). Its message has
 * one line per issue, as {@link formatProfileIssue} writes them.
 *
 * @category Profiles
 */
export class ProfileValidationError extends Error {
  /** Always `invalid_profile`. */
  readonly code = 'invalid_profile';
  /** The file named in the messages, when known. */
  readonly file: string | undefined;
  /** Every problem found, in the order of the source text. */
  readonly issues: readonly ProfileIssue[];

  /**
   * @param issues - The problems, located in the source text.
   * @param file - The file they are in, named at the start of each message line.
   */
  constructor(issues: readonly ProfileIssue[], file?: string) {
    super(issues.map((issue) => formatProfileIssue(issue, file)).join('\n'));
    this.name = 'ProfileValidationError';
    this.file = file;
    this.issues = issues;
  }
}

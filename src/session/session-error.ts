// The typed error for a fixture that cannot be loaded: it names the file and each JSON path.

/**
 * One problem in a session fixture: a JSON path such as `events[41].timestamp` and a message.
 *
 * @category Sessions
 */
export interface SessionIssue {
  /** The JSON path of the problem; empty for a problem of the whole file (unreadable, not JSON). */
  readonly path: string;
  readonly message: string;
}

/**
 * A session fixture was unreadable, not JSON, or broke the rules of session fixtures (see
 * docs/fixtures.md). Its message has one line per issue: `file: path: message`.
 *
 * @category Sessions
 */
export class SessionFixtureError extends Error {
  /** Always `invalid_session`. */
  readonly code = 'invalid_session';
  /** The file named in the messages, when known. */
  readonly file: string | undefined;
  /** Every problem found; {@link parseSession} lists at most 20, then one saying how many more. */
  readonly issues: readonly SessionIssue[];

  /**
   * @param issues - The problems, by JSON path.
   * @param file - The file they are in, named at the start of each message line.
   */
  constructor(issues: readonly SessionIssue[], file?: string) {
    super(formatSessionIssues(issues, file));
    this.name = 'SessionFixtureError';
    this.file = file;
    this.issues = issues;
  }
}

/** One line per issue: `file: path: message` (the file part only when known). */
export function formatSessionIssues(issues: readonly SessionIssue[], file?: string): string {
  const prefix = file === undefined ? '' : `${file}: `;
  return issues
    .map((issue) => `${prefix}${issue.path === '' ? '' : `${issue.path}: `}${issue.message}`)
    .join('\n');
}

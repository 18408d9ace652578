// The typed error for a fixture that cannot be loaded: it names the file and each JSON path.

/** One problem in a session fixture: a JSON path such as `events[41].timestamp` and a message. */
export interface SessionIssue {
  readonly path: string;
  readonly message: string;
}

/** A session fixture was unreadable, not JSON, or broke the rules of DESIGN §2. */
export class SessionFixtureError extends Error {
  readonly code = 'invalid_session';
  readonly file: string | undefined;
  readonly issues: readonly SessionIssue[];

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

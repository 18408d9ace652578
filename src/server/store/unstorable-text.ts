// Text neither store can keep as sent: U+0000 (PostgreSQL's text refuses it, SQLite keeps it) and
// unpaired UTF-16 surrogates (both turn them into U+FFFD, each its own way). The HTTP API and the
// session import refuse such text with its path; the store refuses whatever still reaches it, the
// same on both databases (sql/refuse-unstorable-text.ts). JSON documents are stored as JSON text,
// where both are escapes (`\u0000`), and come back exactly.

/** The problem with `text`, or undefined when a store keeps it exactly. */
export function unstorableTextProblem(text: string): string | undefined {
  if (text.includes('\u0000')) return 'contains the character U+0000 (NUL), which cannot be stored';
  if (!text.isWellFormed()) return 'contains an unpaired UTF-16 surrogate (not a Unicode character), which cannot be stored';
  return undefined;
}

/** A statement was given text no store can keep; it never reached the database. */
export class UnstorableTextError extends Error {
  readonly code = 'unstorable_text';
  /** The table the statement was about, when its text names one. */
  readonly table: string | undefined;

  constructor(message: string, table: string | undefined) {
    super(message);
    this.name = 'UnstorableTextError';
    this.table = table;
  }
}

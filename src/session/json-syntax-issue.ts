// Locates a JSON.parse failure as line and column, which Node only reports as a character offset.

import type { SessionIssue } from './session-error.js';

/** The position of a JSON syntax error as `line L, column C` with the parser's message. */
export function jsonSyntaxIssue(text: string, error: unknown): SessionIssue {
  const message = error instanceof Error ? error.message : String(error);
  const position = /position (\d+)/.exec(message);
  if (position?.[1] === undefined) return { path: '', message: `not valid JSON: ${message}` };
  const offset = Number(position[1]);
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  const column = offset - before.lastIndexOf('\n');
  const reason = message.replace(/ in JSON at position \d+.*$/, '').replace(/^Unexpected/, 'unexpected');
  return { path: '', message: `not valid JSON at line ${line}, column ${column}: ${reason}` };
}

// Profile-specific wording on top of the generic zod messages: unknown fields with a suggestion,
// unsupported response-schema keywords named as such.

import type { z } from 'zod';
import { closestName } from '../session/closest-name.js';
import { describeIssue } from '../session/describe-issue.js';
import { printable } from '../session/printable.js';
import { RESPONSE_SCHEMA_KEYWORDS } from './response-schema-terms.js';

const inResponseSchema = (path: readonly PropertyKey[]): boolean => path[0] === 'llm' && path[1] === 'response_schema';

// A key comes from the file as written: quoted and escaped as the field path beside it is
// (formatJsonPath), so a control character in it cannot reach the terminal raw.
const quoted = (key: string): string => printable(JSON.stringify(key));

/** The message for an unknown key `key` found at `path` (where `known` are the allowed names). */
export function unknownKeyMessage(path: readonly PropertyKey[], key: string, known: readonly string[]): string {
  if (inResponseSchema(path)) {
    return `unsupported keyword ${quoted(key)} (supported: ${RESPONSE_SCHEMA_KEYWORDS.join(', ')})`;
  }
  const suggestion = closestName(key, known);
  return `unknown field ${quoted(key)}${suggestion === undefined ? '' : ` (did you mean "${suggestion}"?)`}`;
}

/** The message for an issue other than an unknown key. */
export function profileIssueMessage(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_value' && inResponseSchema(issue.path) && issue.path.at(-1) === 'type') {
    return `expected OBJECT, STRING, ARRAY, NUMBER, INTEGER or BOOLEAN, got ${JSON.stringify((issue as { input?: unknown }).input)}`;
  }
  return describeIssue(issue);
}

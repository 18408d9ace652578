// Profile-specific wording on top of the generic zod messages: unknown fields with a suggestion,
// unsupported response-schema keywords named as such.

import type { z } from 'zod';
import { describeIssue } from '../session/describe-issue.js';
import { RESPONSE_SCHEMA_KEYWORDS } from './response-schema-field.js';

/** The closest of `candidates` to `word` when it is a plausible typo, else undefined. */
export function closestName(word: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Math.max(2, Math.floor(word.length / 3)) + 1;
  for (const candidate of candidates) {
    const distance = editDistance(word.toLowerCase(), candidate.toLowerCase());
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

const inResponseSchema = (path: readonly PropertyKey[]): boolean => path[0] === 'llm' && path[1] === 'response_schema';

/** The message for an unknown key `key` found at `path` (where `known` are the allowed names). */
export function unknownKeyMessage(path: readonly PropertyKey[], key: string, known: readonly string[]): string {
  if (inResponseSchema(path)) {
    return `unsupported keyword "${key}" (supported: ${RESPONSE_SCHEMA_KEYWORDS.join(', ')})`;
  }
  const suggestion = closestName(key, known);
  return `unknown field "${key}"${suggestion === undefined ? '' : ` (did you mean "${suggestion}"?)`}`;
}

/** The message for an issue other than an unknown key. */
export function profileIssueMessage(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_value' && inResponseSchema(issue.path) && issue.path.at(-1) === 'type') {
    return `expected OBJECT, STRING, ARRAY, NUMBER, INTEGER or BOOLEAN, got ${JSON.stringify((issue as { input?: unknown }).input)}`;
  }
  return describeIssue(issue);
}

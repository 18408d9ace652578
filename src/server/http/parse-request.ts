// Request bodies and queries: JSON whatever the Content-Type says (curl -d sends a form type),
// checked with the route's zod schema; every problem is a 400 detail naming its path.

import type { z } from 'zod';
import { describeIssue } from '../../session/describe-issue.js';
import { formatJsonPath } from '../../session/json-path.js';
import { jsonSyntaxIssue } from '../../session/json-syntax-issue.js';
import { invalidRequest, type ErrorDetail } from './api-error.js';

function issuesToDetails(issues: readonly z.core.$ZodIssue[], root: string): ErrorDetail[] {
  return issues.flatMap((issue) => {
    const path = formatJsonPath(issue.path);
    const at = (tail: string) => (path === '' ? (tail === '' ? root : tail) : tail === '' ? path : `${path}.${tail}`);
    if (issue.code === 'unrecognized_keys') return issue.keys.map((key) => ({ path: at(key), message: 'unknown field' }));
    return [{ path: at(''), message: describeIssue(issue) }];
  });
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The body's text; bytes that are not UTF-8 are a 400, never replaced and stored. */
export function decodeBody(bytes: ArrayBuffer | Uint8Array): string {
  try {
    return utf8.decode(bytes);
  } catch {
    throw invalidRequest('the body is not valid UTF-8', [{ path: 'body', message: 'not valid UTF-8' }]);
  }
}

/** Parses and validates a JSON body; an empty body is `{}` when `optional`, else a 400. */
export function parseBody<Body>(raw: string, schema: z.ZodType<Body> | undefined, optional = false): Body {
  if (schema === undefined) return undefined as Body;
  let data: unknown = {};
  if (raw.trim() === '') {
    if (!optional) throw invalidRequest('the body is empty; send a JSON object', [{ path: 'body', message: 'is required' }]);
  } else {
    try {
      data = JSON.parse(raw);
    } catch (error) {
      throw invalidRequest('the body is not valid JSON', [{ path: 'body', message: jsonSyntaxIssue(raw, error).message }]);
    }
  }
  return validateBody(data, schema);
}

/** Validates already parsed JSON (a batch item) with a body schema; 400 with details otherwise. */
export function validateBody<Body>(data: unknown, schema: z.ZodType<Body>): Body {
  const result = schema.safeParse(data, { reportInput: true });
  if (!result.success) throw invalidRequest('invalid request body', issuesToDetails(result.error.issues, 'body'));
  return result.data;
}

/** Validates query parameters (strings) with the route's schema. */
export function parseQuery<Query>(query: Record<string, string>, schema: z.ZodType<Query> | undefined): Query {
  if (schema === undefined) return undefined as Query;
  const result = schema.safeParse(query, { reportInput: true });
  if (!result.success) throw invalidRequest('invalid query parameters', issuesToDetails(result.error.issues, 'query'));
  return result.data;
}

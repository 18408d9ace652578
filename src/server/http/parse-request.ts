// Request bodies and queries: JSON whatever the Content-Type says (curl -d sends a form type),
// checked with the route's zod schema; every problem is a 400 detail naming its path.

import type { z } from 'zod';
import { describeIssue } from '../../session/describe-issue.js';
import { formatJsonPath } from '../../session/json-path.js';
import { jsonSyntaxIssue } from '../../session/json-syntax-issue.js';
import { MAX_NESTING, TOO_DEEP_MESSAGE, tooDeepAt } from '../../session/nesting.js';
import { invalidRequest, type ErrorDetail } from './api-error.js';
import { explainUnionIssue } from './explain-union-issue.js';
import { unsafeStringDetails } from './unsafe-strings.js';

function issuesToDetails(issues: readonly z.core.$ZodIssue[], root: string): ErrorDetail[] {
  return issues.flatMap((issue): ErrorDetail[] => {
    const path = formatJsonPath(issue.path);
    const at = (tail: string) => (path === '' ? (tail === '' ? root : tail) : tail === '' ? path : `${path}.${tail}`);
    if (issue.code === 'unrecognized_keys') return issue.keys.map((key) => ({ path: at(key), message: 'unknown field' }));
    if (issue.code === 'invalid_union') {
      const explained = explainUnionIssue(issue);
      if (explained !== undefined) return 'issues' in explained ? issuesToDetails(explained.issues, root) : [{ path: at(''), message: explained.message }];
    }
    return [{ path: at(''), message: describeIssue(issue) }];
  });
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** How much of a too-deep path an error shows. */
const SHOWN_SEGMENTS = 8;

/** The body's text; bytes that are not UTF-8 are a 400, never replaced and stored. */
export function decodeBody(bytes: ArrayBuffer | Uint8Array): string {
  try {
    return utf8.decode(bytes);
  } catch {
    throw invalidRequest('the body is not valid UTF-8', [{ path: 'body', message: 'not valid UTF-8' }]);
  }
}

/**
 * Parses and validates a JSON body; an empty body is `{}` when `optional`, else a 400. A string no
 * store can keep (unsafe-strings.ts) is a 400 naming its path, except in the items of `itemsField`
 * (a batch's `requests`), which are checked one by one when processed.
 */
export function parseBody<Body>(raw: string, schema: z.ZodType<Body> | undefined, optional = false, itemsField?: string): Body {
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
    // Validation walks values recursively: a small body nested thousands deep must be a 400, not
    // a stack overflow. No valid body nests anywhere near this (property paths stop at 512 characters).
    const tooDeep = tooDeepAt(data, MAX_NESTING);
    if (tooDeep !== undefined) {
      const shown = tooDeep.length > SHOWN_SEGMENTS ? `${formatJsonPath(tooDeep.slice(0, SHOWN_SEGMENTS))}…` : formatJsonPath(tooDeep);
      throw invalidRequest('the body nests too deeply', [{ path: shown, message: TOO_DEEP_MESSAGE }]);
    }
    const isItem = itemsField === undefined ? undefined : (path: readonly (string | number)[]) => path.length === 2 && path[0] === itemsField;
    const unsafe = unsafeStringDetails(data, [], isItem);
    if (unsafe.length > 0) throw invalidRequest('the body holds text that cannot be stored', unsafe);
  }
  return validateBody(data, schema);
}

/** A 400 for a batch item holding text no store can keep (unsafe-strings.ts), naming its paths. */
export function checkItemStrings(item: unknown): void {
  const unsafe = unsafeStringDetails(item);
  if (unsafe.length > 0) throw invalidRequest('the item holds text that cannot be stored', unsafe);
}

/** Validates already parsed JSON (a batch item) with a body schema; 400 with details otherwise. */
export function validateBody<Body>(data: unknown, schema: z.ZodType<Body>): Body {
  const result = schema.safeParse(data, { reportInput: true });
  if (!result.success) throw invalidRequest('invalid request body', issuesToDetails(result.error.issues, 'body'));
  return result.data;
}

/** Path parameters (URL-decoded) holding text no store can keep are a 400, like such a body. */
export function checkParameters(params: Readonly<Record<string, string>>): void {
  const unsafe = unsafeStringDetails(params);
  if (unsafe.length > 0) throw invalidRequest('the path holds text that cannot be stored', unsafe);
}

/** Validates query parameters (strings) with the route's schema. */
export function parseQuery<Query>(query: Record<string, string>, schema: z.ZodType<Query> | undefined): Query {
  const unsafe = unsafeStringDetails(query, ['query']);
  if (unsafe.length > 0) throw invalidRequest('the query holds text that cannot be stored', unsafe);
  // A route that reads no query refuses one, as a route with a query schema refuses an unknown field:
  // `POST /v2/sessions/search?limit=5` must not be answered as if the limit applied.
  if (schema === undefined) {
    const names = Object.keys(query);
    if (names.length > 0) throw invalidRequest('invalid query parameters', names.map((name) => ({ path: name, message: 'unknown field (this route reads no query parameters)' })));
    return undefined as Query;
  }
  const result = schema.safeParse(query, { reportInput: true });
  if (!result.success) throw invalidRequest('invalid query parameters', issuesToDetails(result.error.issues, 'query'));
  return result.data;
}

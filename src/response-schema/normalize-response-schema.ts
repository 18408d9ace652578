// Checks a response schema's keywords and normalises its type names to upper-case (DESIGN §5).

import { describeIssue } from '../session/describe-issue.js';
import { formatJsonPath } from '../session/json-path.js';
import { RESPONSE_SCHEMA_KEYWORDS, responseSchemaField, type ResponseSchema } from '../profile/response-schema-field.js';

/** A problem in a response schema, by path inside the schema (`properties.outcome.type`). */
export interface ResponseSchemaIssue {
  readonly path: string;
  readonly message: string;
}

export type NormalizeResponseSchemaResult =
  | { readonly success: true; readonly schema: ResponseSchema }
  | { readonly success: false; readonly issues: readonly ResponseSchemaIssue[] };

/** Checks keywords and structure, and returns the schema with upper-case types; never throws. */
export function normalizeResponseSchema(schema: unknown): NormalizeResponseSchemaResult {
  const result = responseSchemaField.safeParse(schema, { reportInput: true });
  if (result.success) return { success: true, schema: result.data };
  const issues = result.error.issues.flatMap((issue): ResponseSchemaIssue[] =>
    issue.code === 'unrecognized_keys'
      ? issue.keys.map((key) => ({
          path: formatJsonPath([...issue.path, key]),
          message: `unsupported keyword "${key}" (supported: ${RESPONSE_SCHEMA_KEYWORDS.join(', ')})`,
        }))
      : [{ path: formatJsonPath(issue.path), message: describeIssue(issue) }],
  );
  return { success: false, issues };
}

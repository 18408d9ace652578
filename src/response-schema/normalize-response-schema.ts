// Checks a response schema's keywords and normalises its type names to upper-case (see docs/profiles.md#response-schemas-and-results).

import { describeIssue } from '../session/describe-issue.js';
import { formatJsonPath } from '../session/json-path.js';
import { MAX_NESTING, TOO_DEEP_MESSAGE, tooDeepAt } from '../session/nesting.js';
import { RESPONSE_SCHEMA_KEYWORDS, responseSchemaField, type ResponseSchema } from '../profile/response-schema-field.js';

/**
 * A problem in a response schema, by path inside the schema (`properties.outcome.type`).
 *
 * @category Response schemas
 */
export interface ResponseSchemaIssue {
  readonly path: string;
  readonly message: string;
}

/**
 * What {@link normalizeResponseSchema} returns: the normalised schema, or every problem in it.
 *
 * @category Response schemas
 */
export type NormalizeResponseSchemaResult =
  | { readonly success: true; readonly schema: ResponseSchema }
  | { readonly success: false; readonly issues: readonly ResponseSchemaIssue[] };

/**
 * Checks a response schema's keywords and structure, and returns it with upper-case types; never
 * throws. The rules are those of `llm.response_schema` in a profile (see
 * docs/profiles.md#response-schemas-and-results): only the keywords of
 * {@link RESPONSE_SCHEMA_KEYWORDS}, the root an OBJECT, every OBJECT with properties, every ARRAY
 * with items, `enum` only on STRING.
 *
 * @param schema - A response schema as written, e.g. parsed from JSON.
 * @example
 * ```ts
 * import { normalizeResponseSchema } from 'recap';
 *
 * const result = normalizeResponseSchema({
 *   type: 'object',
 *   properties: { outcome: { type: 'string', enum: ['completed', 'abandoned'] } },
 *   required: ['outcome'],
 * });
 * if (result.success) result.schema.properties?.outcome?.type; // 'STRING'
 *
 * normalizeResponseSchema({ type: 'OBJECT', properties: { a: { type: 'STRING' } }, $ref: '#/x' });
 * // { success: false, issues: [{ path: '$ref', message: 'unsupported keyword "$ref" (supported: type, format, ...)' }] }
 * ```
 * @category Response schemas
 */
export function normalizeResponseSchema(schema: unknown): NormalizeResponseSchemaResult {
  // Checked before the schema's own walk, which would overflow the stack first (a schema is far shallower).
  const tooDeep = tooDeepAt(schema, MAX_NESTING);
  if (tooDeep !== undefined) return { success: false, issues: [{ path: formatJsonPath(tooDeep), message: `the schema ${TOO_DEEP_MESSAGE}` }] };
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

// Validates a model's answer against a response schema with ajv; errors name the answer's paths.

import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { ResponseSchema } from '../profile/response-schema-terms.js';
import { toJsonSchema } from './to-json-schema.js';

/**
 * One way an answer breaks the schema: `friction[0]` and `must be string`.
 *
 * @category Response schemas
 */
export interface ResponseValidationIssue {
  /** The path in the answer, e.g. `friction[0].kind`; `(root)` for the answer as a whole. */
  readonly path: string;
  readonly message: string;
}

/**
 * What {@link validateResponse} returns: the valid answer, or every way it breaks the schema.
 *
 * @category Response schemas
 */
export type ValidateResponseResult =
  | { readonly valid: true; readonly value: Record<string, unknown> }
  | { readonly valid: false; readonly issues: readonly ResponseValidationIssue[] };

// ajv-formats is CommonJS; under NodeNext its default export arrives wrapped.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (
  ajv: Ajv2020,
) => Ajv2020;

const ajv = addFormats(new Ajv2020({ allErrors: true, strict: true }));
const compiled = new WeakMap<ResponseSchema, ValidateFunction>();

function validatorFor(schema: ResponseSchema): ValidateFunction {
  let validate = compiled.get(schema);
  if (validate === undefined) {
    validate = ajv.compile(toJsonSchema(schema));
    compiled.set(schema, validate);
  }
  return validate;
}

/** `/friction/0` → `friction[0]`; the root is `(root)`. */
function answerPath(error: ErrorObject): string {
  const segments = error.instancePath
    .split('/')
    .slice(1)
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (error.keyword === 'required') segments.push(String(error.params.missingProperty));
  if (error.keyword === 'additionalProperties') segments.push(String(error.params.additionalProperty));
  let path = '';
  for (const segment of segments) {
    if (/^\d+$/.test(segment)) path += `[${segment}]`;
    else path += path === '' ? segment : `.${segment}`;
  }
  return path === '' ? '(root)' : path;
}

function issueMessage(error: ErrorObject): string {
  switch (error.keyword) {
    case 'required':
      return 'is required';
    case 'additionalProperties':
      return 'is not in the schema';
    case 'enum':
      return `must be one of ${(error.params.allowedValues as unknown[]).map((value) => JSON.stringify(value)).join(', ')}`;
    default:
      return error.message ?? error.keyword;
  }
}

/**
 * Validates a parsed answer against a normalised response schema, with ajv, reporting every
 * problem (not only the first). The answer is checked against {@link toJsonSchema}'s form of the
 * schema, so properties the schema does not declare are problems too. Never throws for an invalid
 * answer.
 *
 * @param schema - A normalised response schema (as a profile's `llm.response_schema` holds it).
 * @param answer - The answer, already parsed from JSON ({@link parseAnswer}).
 * @example
 * ```ts
 * import { formatResponseIssues, normalizeResponseSchema, validateResponse } from 'recap';
 *
 * const normalized = normalizeResponseSchema({
 *   type: 'OBJECT',
 *   properties: { outcome: { type: 'STRING', enum: ['completed', 'abandoned'] } },
 *   required: ['outcome'],
 * });
 * if (!normalized.success) throw new Error('invalid schema');
 * const result = validateResponse(normalized.schema, { outcome: 'lost' });
 * if (!result.valid) console.log(formatResponseIssues(result.issues));
 * // outcome: must be one of "completed", "abandoned"
 * ```
 * @category Response schemas
 */
export function validateResponse(schema: ResponseSchema, answer: unknown): ValidateResponseResult {
  const validate = validatorFor(schema);
  if (validate(answer)) return { valid: true, value: answer as Record<string, unknown> };
  const issues = (validate.errors ?? []).map((error) => ({ path: answerPath(error), message: issueMessage(error) }));
  return { valid: false, issues };
}

/**
 * Issues as one line of text:
 * `outcome: must be one of "abandoned", "completed"; friction[0]: must be string`.
 *
 * @category Response schemas
 */
export function formatResponseIssues(issues: readonly ResponseValidationIssue[]): string {
  return issues.map((issue) => `${issue.path}: ${issue.message}`).join('; ');
}

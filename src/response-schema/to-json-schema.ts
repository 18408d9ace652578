// Converts an upper-case response schema into the equivalent JSON Schema (draft 2020-12 subset).

import { RESPONSE_SCHEMA_FORMATS, type ResponseSchema } from '../profile/response-schema-terms.js';

/**
 * JSON Schema as a plain object.
 *
 * @category Response schemas
 */
export type JsonSchema = { [keyword: string]: unknown };

// Every format a profile may write is checked on answers (ajv-formats knows them all), but `enum`:
// Gemini's mark of an enum string is no JSON Schema format, and the `enum` keyword checks it.
const CHECKED_FORMATS = new Set(Object.values(RESPONSE_SCHEMA_FORMATS).flat().filter((format) => format !== 'enum'));

/**
 * Options of {@link toJsonSchema}.
 *
 * @category Response schemas
 */
export interface ToJsonSchemaOptions {
  /**
   * Every property required and nullable ones typed `[t, "null"]`, as OpenAI's strict structured
   * output demands. Default false: `required` as written.
   */
  readonly allRequired?: boolean;
}

/**
 * The JSON Schema equivalent of a (normalised) response schema. Objects do not allow properties
 * beyond those declared: an answer with extra fields is not what the profile asked for. Nullable
 * types become `[type, "null"]`; every format is kept (ajv-formats checks them) except `enum`,
 * which the `enum` keyword checks; `propertyOrdering` is dropped.
 *
 * @param schema - A normalised response schema ({@link normalizeResponseSchema}).
 * @param options - `allRequired`: the strict form OpenAI's structured output demands.
 * @category Response schemas
 */
export function toJsonSchema(schema: ResponseSchema, options: ToJsonSchemaOptions = {}): JsonSchema {
  const type = schema.type.toLowerCase();
  const out: JsonSchema = { type: schema.nullable === true ? [type, 'null'] : type };
  if (schema.title !== undefined) out.title = schema.title;
  if (schema.description !== undefined) out.description = schema.description;
  if (schema.format !== undefined && CHECKED_FORMATS.has(schema.format)) out.format = schema.format;
  if (schema.enum !== undefined) out.enum = schema.nullable === true ? [...schema.enum, null] : [...schema.enum];
  if (schema.properties !== undefined) {
    const names = Object.keys(schema.properties);
    out.properties = Object.fromEntries(
      names.map((name) => [name, toJsonSchema(schema.properties?.[name] as ResponseSchema, options)]),
    );
    const required = options.allRequired === true ? names : schema.required;
    if (required !== undefined && required.length > 0) out.required = [...required];
    out.additionalProperties = false;
  }
  if (schema.items !== undefined) out.items = toJsonSchema(schema.items, options);
  if (schema.minItems !== undefined) out.minItems = schema.minItems;
  if (schema.maxItems !== undefined) out.maxItems = schema.maxItems;
  return out;
}

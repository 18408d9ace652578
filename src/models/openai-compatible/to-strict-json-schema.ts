// The JSON Schema sent for OpenAI's strict structured output. Strict mode demands that every
// property be required, so a property the profile left optional is sent as nullable instead;
// dropNullOptionalProperties removes the nulls this lets the model write.

import type { ResponseSchema } from '../../profile/response-schema-terms.js';
import { keepFormats } from '../../response-schema/keep-formats.js';
import { toJsonSchema, type JsonSchema } from '../../response-schema/to-json-schema.js';

/**
 * The formats strict mode accepts; any other (`uri`, `int32`, ...) is refused with a 400 ("'uri' is
 * not a valid format"), so it is not sent. recap still checks it on the answer.
 */
export const OPENAI_STRICT_FORMATS: ReadonlySet<string> = new Set(['date-time', 'time', 'date', 'duration', 'email', 'hostname', 'ipv4', 'ipv6', 'uuid']);

/** `schema` as strict-mode JSON Schema: every property required, optional ones nullable, only the formats strict mode takes. */
export function toStrictJsonSchema(schema: ResponseSchema): JsonSchema {
  return toJsonSchema(optionalAsNullable(keepFormats(schema, OPENAI_STRICT_FORMATS)), { allRequired: true });
}

function optionalAsNullable(schema: ResponseSchema): ResponseSchema {
  const converted: ResponseSchema = { ...schema };
  if (schema.properties !== undefined) {
    const required = new Set(schema.required ?? []);
    converted.properties = Object.fromEntries(
      Object.entries(schema.properties).map(([name, property]) => {
        const inner = optionalAsNullable(property);
        return [name, required.has(name) ? inner : { ...inner, nullable: true }];
      }),
    );
  }
  if (schema.items !== undefined) converted.items = optionalAsNullable(schema.items);
  return converted;
}

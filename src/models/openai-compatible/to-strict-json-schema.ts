// The JSON Schema sent for OpenAI's strict structured output. Strict mode demands that every
// property be required, so a property the profile left optional is sent as nullable instead;
// dropNullOptionalProperties removes the nulls this lets the model write.

import type { ResponseSchema } from '../../profile/response-schema-terms.js';
import { toJsonSchema, type JsonSchema } from '../../response-schema/to-json-schema.js';

/** `schema` as strict-mode JSON Schema: every property required, optional ones nullable. */
export function toStrictJsonSchema(schema: ResponseSchema): JsonSchema {
  return toJsonSchema(optionalAsNullable(schema), { allRequired: true });
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

// Undoes the strict-mode workaround of toStrictJsonSchema on the answer: an optional property
// the model set to null (because strict mode made it required and nullable) is removed, so that
// the answer validates against the profile's own schema.

import type { ResponseSchema } from '../../profile/response-schema-terms.js';
import { parseAnswer } from '../../response-schema/parse-answer.js';

/**
 * `text` without the null values of properties that `schema` has as optional and not nullable.
 * The text is read as the answer check reads it (a ```json fence around it is tolerated), so that a
 * fenced answer is not failed for a null that recap itself asked for. Text that is not JSON, or
 * that has no such null, is returned unchanged, byte for byte.
 */
export function dropNullOptionalProperties(text: string, schema: ResponseSchema): string {
  const parsed = parseAnswer(text);
  if (!parsed.success) return text;
  const result = drop(parsed.value, schema);
  return result.changed ? JSON.stringify(result.value) : text;
}

interface Dropped {
  readonly value: unknown;
  readonly changed: boolean;
}

function drop(value: unknown, schema: ResponseSchema): Dropped {
  if (Array.isArray(value) && schema.items !== undefined) {
    const items = schema.items;
    const results = value.map((item) => drop(item, items));
    return results.some((result) => result.changed)
      ? { value: results.map((result) => result.value), changed: true }
      : { value, changed: false };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value) || schema.properties === undefined) {
    return { value, changed: false };
  }
  const required = new Set(schema.required ?? []);
  let changed = false;
  const entries: [string, unknown][] = [];
  for (const [name, child] of Object.entries(value)) {
    const property = Object.hasOwn(schema.properties, name) ? schema.properties[name] : undefined;
    if (property === undefined) {
      entries.push([name, child]);
    } else if (child === null && !required.has(name) && property.nullable !== true) {
      changed = true;
    } else {
      const result = drop(child, property);
      changed ||= result.changed;
      entries.push([name, result.value]);
    }
  }
  return changed ? { value: Object.fromEntries(entries), changed } : { value, changed: false };
}

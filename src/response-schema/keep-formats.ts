// A response schema as one vendor takes it: the formats that vendor refuses are left out of what is
// sent. recap still checks every format on the answer (toJsonSchema), so nothing is lost but a hint.

import type { ResponseSchema } from '../profile/response-schema-terms.js';

/**
 * `schema` without the `format` values that are not in `accepted`, at every depth. The schema
 * itself is not changed; the same object comes back when nothing is left out.
 */
export function keepFormats(schema: ResponseSchema, accepted: ReadonlySet<string>): ResponseSchema {
  let changed = false;
  const kept: ResponseSchema = { ...schema };
  if (schema.format !== undefined && !accepted.has(schema.format)) {
    delete kept.format;
    changed = true;
  }
  if (schema.properties !== undefined) {
    const entries = Object.entries(schema.properties).map(([name, property]) => {
      const child = keepFormats(property, accepted);
      changed ||= child !== property;
      return [name, child] as const;
    });
    kept.properties = Object.fromEntries(entries);
  }
  if (schema.items !== undefined) {
    kept.items = keepFormats(schema.items, accepted);
    changed ||= kept.items !== schema.items;
  }
  return changed ? kept : schema;
}

// The vendors' refusal of a response schema `format` they do not take, for the stand-ins: OpenAI's
// strict mode and Gemini's responseSchema both answer such a schema with a 400 before any model runs.

type SchemaNode = { readonly [keyword: string]: unknown };

const isNode = (value: unknown): value is SchemaNode => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Where a format refused by `refuses` first appears: the path of keys to its node, and the format. */
export function refusedFormat(
  schema: unknown,
  refuses: (format: string, type: unknown) => boolean,
  path: readonly string[] = [],
): { readonly path: readonly string[]; readonly format: string } | undefined {
  if (!isNode(schema)) return undefined;
  if (typeof schema.format === 'string' && refuses(schema.format, schema.type)) return { path, format: schema.format };
  if (isNode(schema.properties)) {
    for (const [name, property] of Object.entries(schema.properties)) {
      const found = refusedFormat(property, refuses, [...path, 'properties', name]);
      if (found !== undefined) return found;
    }
  }
  return schema.items === undefined ? undefined : refusedFormat(schema.items, refuses, [...path, 'items']);
}

// The deterministic value a stand-in answers for a response schema: it fits the schema and says
// plainly that no language model wrote it. Reads both upper-case Gemini schemas and JSON Schema.

/** What every stand-in string says, so that nobody mistakes it for a model's answer. */
export const STAND_IN_STRING = 'stand-in';

// Formats the answer validator checks (ajv-formats); a plain marker would not fit them.
const FORMATTED_STRINGS: Readonly<Record<string, string>> = {
  'date-time': '1970-01-01T00:00:00Z',
  date: '1970-01-01',
  time: '00:00:00Z',
  email: 'stand-in@example.com',
  uri: 'https://example.com/stand-in',
  duration: 'PT0S',
  hostname: 'stand-in.example.com',
  ipv4: '192.0.2.1',
  ipv6: '2001:db8::1',
  uuid: '00000000-0000-4000-8000-000000000000',
};

type SchemaNode = { readonly [keyword: string]: unknown };

/**
 * A JSON value that fits `schema`: the first enum value, 0 for numbers, false for booleans,
 * `"stand-in"` for strings, max(1, minItems) items for arrays (at most maxItems), and every
 * property of an object.
 */
export function standInValue(schema: unknown): unknown {
  if (!isNode(schema)) return STAND_IN_STRING;
  const enumValues = Array.isArray(schema.enum) ? schema.enum.filter((value) => value !== null) : [];
  if (enumValues.length > 0) return enumValues[0];
  switch (typeName(schema.type)) {
    case 'object':
      return objectValue(schema);
    case 'array':
      return arrayValue(schema);
    case 'number':
    case 'integer':
      return 0;
    case 'boolean':
      return false;
    case 'null':
      return null;
    default:
      return typeof schema.format === 'string' ? (FORMATTED_STRINGS[schema.format] ?? STAND_IN_STRING) : STAND_IN_STRING;
  }
}

function objectValue(schema: SchemaNode): Record<string, unknown> {
  const properties = isNode(schema.properties) ? schema.properties : {};
  const ordering = Array.isArray(schema.propertyOrdering) ? schema.propertyOrdering.map(String) : [];
  const names = [...ordering, ...Object.keys(properties).filter((name) => !ordering.includes(name))];
  return Object.fromEntries(names.map((name) => [name, standInValue(properties[name])]));
}

function arrayValue(schema: SchemaNode): unknown[] {
  const minimum = typeof schema.minItems === 'number' ? schema.minItems : Number(schema.minItems ?? 0);
  const maximum = schema.maxItems === undefined ? Infinity : Number(schema.maxItems);
  const count = Math.min(Math.max(1, minimum), maximum);
  return Array.from({ length: count }, () => standInValue(schema.items));
}

/** The lower-case type name; for `["string", "null"]` the first one that is not null. */
function typeName(type: unknown): string | undefined {
  const names = (Array.isArray(type) ? type : [type]).filter((name): name is string => typeof name === 'string');
  const chosen = names.find((name) => name.toLowerCase() !== 'null') ?? names[0];
  return chosen?.toLowerCase();
}

function isNode(value: unknown): value is SchemaNode {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// The words of the response schema language (types, keywords) and the shape of a normalised node,
// apart from the zod schema that checks them, so that code that only needs the words does not load zod.

/**
 * The six type names, upper-case as the vendor APIs write them. Profiles may write them lower-case;
 * they are normalised.
 *
 * @category Response schemas
 */
export const RESPONSE_SCHEMA_TYPES = ['OBJECT', 'STRING', 'ARRAY', 'NUMBER', 'INTEGER', 'BOOLEAN'] as const;
/**
 * One of {@link RESPONSE_SCHEMA_TYPES}.
 *
 * @category Response schemas
 */
export type ResponseSchemaType = (typeof RESPONSE_SCHEMA_TYPES)[number];

/**
 * The keywords a response schema may use; anything else is an error naming the keyword.
 *
 * @category Response schemas
 */
export const RESPONSE_SCHEMA_KEYWORDS = [
  'type',
  'format',
  'description',
  'title',
  'nullable',
  'enum',
  'properties',
  'required',
  'items',
  'minItems',
  'maxItems',
  'propertyOrdering',
] as const;

/**
 * The `format` values each type may carry. Every one is checked on answers (with ajv-formats, as
 * JSON Schema defines it), except `enum`, Gemini's mark of an enum string, which the `enum`
 * keyword checks. Adapters send a vendor only the formats it accepts (see docs/profiles.md).
 *
 * @category Response schemas
 */
export const RESPONSE_SCHEMA_FORMATS: Readonly<Record<ResponseSchemaType, readonly string[]>> = {
  OBJECT: [],
  STRING: ['date-time', 'date', 'time', 'duration', 'email', 'hostname', 'ipv4', 'ipv6', 'uuid', 'uri', 'enum'],
  ARRAY: [],
  NUMBER: ['float', 'double'],
  INTEGER: ['int32', 'int64'],
  BOOLEAN: [],
};

/**
 * Why `format` cannot go on a node of `type` with `hasEnum` (whether it has `enum`); undefined
 * when it can. Shared by the profile check and its quick path, so that both refuse the same.
 */
export function formatProblem(type: ResponseSchemaType, format: string, hasEnum: boolean): string | undefined {
  const allowed = RESPONSE_SCHEMA_FORMATS[type];
  if (allowed.length === 0) return `${type} takes no format, got "${format}"`;
  if (!allowed.includes(format)) return `unsupported format "${format}" for ${type} (supported: ${allowed.join(', ')})`;
  if (format === 'enum' && !hasEnum) return 'format enum needs the enum values (enum: [...])';
  return undefined;
}

/**
 * A response schema node after normalisation: `type` upper-case. The root of a profile's
 * `llm.response_schema` is an OBJECT with at least one property; an ARRAY has `items`.
 *
 * @category Response schemas
 */
export interface ResponseSchema {
  type: ResponseSchemaType;
  /** One of {@link RESPONSE_SCHEMA_FORMATS} for the type, e.g. `date-time` or `int32`; checked on answers. */
  format?: string;
  description?: string;
  title?: string;
  /** The value may also be null. */
  nullable?: boolean;
  /** The allowed values; only on STRING. */
  enum?: string[];
  /** Only on OBJECT; an answer may not have properties beyond these. */
  properties?: Record<string, ResponseSchema>;
  /** Only on OBJECT: names of `properties` the answer must have. */
  required?: string[];
  /** Only on ARRAY, where it is required: the schema of every item. */
  items?: ResponseSchema;
  minItems?: number;
  maxItems?: number;
  /** The order in which the model should write the properties (Gemini); not checked on answers. */
  propertyOrdering?: string[];
}

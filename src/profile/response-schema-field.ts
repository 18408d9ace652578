// The response_schema field of a profile: the upper-case schema language of DESIGN §5.
// It lives with the profile because a profile file is checked as a whole; src/response-schema/
// builds on it (conversion to JSON Schema, validation of answers).

import { z } from 'zod';

/** The six type names, upper-case as the vendor APIs write them. */
export const RESPONSE_SCHEMA_TYPES = ['OBJECT', 'STRING', 'ARRAY', 'NUMBER', 'INTEGER', 'BOOLEAN'] as const;
export type ResponseSchemaType = (typeof RESPONSE_SCHEMA_TYPES)[number];

/** The keywords a response schema may use; anything else is an error naming the keyword. */
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

/** A response schema node after normalisation: `type` upper-case. */
export interface ResponseSchema {
  type: ResponseSchemaType;
  format?: string;
  description?: string;
  title?: string;
  nullable?: boolean;
  enum?: string[];
  properties?: Record<string, ResponseSchema>;
  required?: string[];
  items?: ResponseSchema;
  minItems?: number;
  maxItems?: number;
  propertyOrdering?: string[];
}

// Lower-case JSON Schema names are accepted and normalised to upper-case.
const typeNames = [...RESPONSE_SCHEMA_TYPES, ...RESPONSE_SCHEMA_TYPES.map((type) => type.toLowerCase())] as [
  string,
  ...string[],
];

const nodeSchema: z.ZodType<ResponseSchema, unknown> = z.lazy(() =>
  z
    .strictObject({
      type: z.enum(typeNames).transform((type) => type.toUpperCase() as ResponseSchemaType),
      format: z.string().optional(),
      description: z.string().optional(),
      title: z.string().optional(),
      nullable: z.boolean().optional(),
      enum: z.array(z.string()).min(1).optional(),
      properties: z.record(z.string(), nodeSchema).optional(),
      required: z.array(z.string()).optional(),
      items: nodeSchema.optional(),
      minItems: z.number().int().nonnegative().optional(),
      maxItems: z.number().int().nonnegative().optional(),
      propertyOrdering: z.array(z.string()).optional(),
    })
    .superRefine(checkNode),
).meta({ id: 'ResponseSchemaNode', description: 'A response schema node: upper-case types (DESIGN §5).' });

function checkNode(node: ResponseSchema, context: z.RefinementCtx): void {
  const issue = (path: PropertyKey[], message: string): void => context.addIssue({ code: 'custom', path, message });
  const names = new Set(Object.keys(node.properties ?? {}));
  if (node.type === 'OBJECT' && names.size === 0) issue(['properties'], 'an OBJECT needs at least one property');
  if (node.type !== 'OBJECT' && node.properties !== undefined) issue(['properties'], `only an OBJECT has properties, not ${node.type}`);
  if (node.type !== 'OBJECT' && node.required !== undefined) issue(['required'], `only an OBJECT has required, not ${node.type}`);
  if (node.type === 'ARRAY' && node.items === undefined) issue(['items'], 'an ARRAY needs items');
  if (node.type !== 'ARRAY') {
    for (const keyword of ['items', 'minItems', 'maxItems'] as const) {
      if (node[keyword] !== undefined) issue([keyword], `only an ARRAY has ${keyword}, not ${node.type}`);
    }
  }
  if (node.enum !== undefined && node.type !== 'STRING') issue(['enum'], `enum is only supported on STRING, not ${node.type}`);
  if (node.minItems !== undefined && node.maxItems !== undefined && node.minItems > node.maxItems) {
    issue(['minItems'], `minItems (${node.minItems}) is greater than maxItems (${node.maxItems})`);
  }
  for (const [keyword, list] of [
    ['required', node.required],
    ['propertyOrdering', node.propertyOrdering],
  ] as const) {
    list?.forEach((name, index) => {
      if (!names.has(name)) issue([keyword, index], `"${name}" is not one of the properties`);
    });
  }
}

/** A whole response schema: a node whose root is an OBJECT. */
export const responseSchemaField = nodeSchema.superRefine((root, context) => {
  if (root.type !== 'OBJECT') {
    context.addIssue({ code: 'custom', path: ['type'], message: `the root must be an OBJECT, not ${root.type}` });
  }
});

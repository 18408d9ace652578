// The response_schema field of a profile: the upper-case schema language (see docs/profiles.md#response-schemas-and-results).
// It lives with the profile because a profile file is checked as a whole; src/response-schema/
// builds on it (conversion to JSON Schema, validation of answers).

import { z } from 'zod';
import { formatProblem, RESPONSE_SCHEMA_TYPES, type ResponseSchema, type ResponseSchemaType } from './response-schema-terms.js';

export { RESPONSE_SCHEMA_FORMATS, RESPONSE_SCHEMA_KEYWORDS, RESPONSE_SCHEMA_TYPES, type ResponseSchema, type ResponseSchemaType } from './response-schema-terms.js';

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
    // Also when a child has problems: a profile's problems are reported all at once.
    .superRefine(checkNode, { when: isObjectPayload }),
).meta({ id: 'ResponseSchemaNode', description: 'A response schema node: upper-case types (docs/profiles.md#response-schemas-and-results).' });

const isObjectPayload = (payload: { value: unknown }): boolean =>
  typeof payload.value === 'object' && payload.value !== null && !Array.isArray(payload.value);

/**
 * The rules between keywords. It also runs on a node whose other parts failed (a child with an
 * unknown keyword, say), so it reads every keyword defensively and skips the rules of a type it
 * does not know (that problem is already reported).
 */
function checkNode(node: ResponseSchema, context: z.RefinementCtx): void {
  const issue = (path: PropertyKey[], message: string): void => context.addIssue({ code: 'custom', path, message });
  const properties: unknown = node.properties;
  const names = new Set(typeof properties === 'object' && properties !== null ? Object.keys(properties) : []);
  const type = (RESPONSE_SCHEMA_TYPES as readonly unknown[]).includes(node.type) ? node.type : undefined;
  if (type !== undefined) {
    if (type === 'OBJECT' && names.size === 0) issue(['properties'], 'an OBJECT needs at least one property');
    if (type !== 'OBJECT' && node.properties !== undefined) issue(['properties'], `only an OBJECT has properties, not ${type}`);
    if (type !== 'OBJECT' && node.required !== undefined) issue(['required'], `only an OBJECT has required, not ${type}`);
    if (type === 'ARRAY' && node.items === undefined) issue(['items'], 'an ARRAY needs items');
    if (type !== 'ARRAY') {
      for (const keyword of ['items', 'minItems', 'maxItems'] as const) {
        if (node[keyword] !== undefined) issue([keyword], `only an ARRAY has ${keyword}, not ${type}`);
      }
    }
    if (node.enum !== undefined && type !== 'STRING') issue(['enum'], `enum is only supported on STRING, not ${type}`);
    // A format recap would not check, or a vendor would refuse, must not pass as a promise about the answer.
    if (typeof node.format === 'string') {
      const problem = formatProblem(type, node.format, node.enum !== undefined);
      if (problem !== undefined) issue(['format'], problem);
    }
  }
  if (typeof node.minItems === 'number' && typeof node.maxItems === 'number' && node.minItems > node.maxItems) {
    issue(['minItems'], `minItems (${node.minItems}) is greater than maxItems (${node.maxItems})`);
  }
  for (const [keyword, list] of [
    ['required', node.required as unknown],
    ['propertyOrdering', node.propertyOrdering as unknown],
  ] as const) {
    if (!Array.isArray(list)) continue;
    // A name listed twice makes `required` an invalid JSON Schema: ajv would refuse it when an answer is validated.
    const listed = new Set<unknown>();
    list.forEach((name: unknown, index) => {
      if (typeof name === 'string' && !names.has(name)) issue([keyword, index], `"${name}" is not one of the properties`);
      else if (listed.has(name)) issue([keyword, index], `"${String(name)}" is listed twice`);
      listed.add(name);
    });
  }
}

/** A whole response schema: a node whose root is an OBJECT (not null: the result's `response` is an object). */
export const responseSchemaField = nodeSchema.superRefine((root, context) => {
  if ((RESPONSE_SCHEMA_TYPES as readonly unknown[]).includes(root.type) && root.type !== 'OBJECT') {
    context.addIssue({ code: 'custom', path: ['type'], message: `the root must be an OBJECT, not ${root.type}` });
  }
  if (root.nullable === true) context.addIssue({ code: 'custom', path: ['nullable'], message: 'the root cannot be nullable: the answer must be an object' });
}, { when: isObjectPayload });

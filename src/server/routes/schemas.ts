// Request and response schemas shared by routes (also the source of /openapi.json).

import { z } from 'zod';

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A JSON object passed through as parsed. z.record would copy it key by key, and a key named
 * `__proto__` would then set the copy's prototype instead of staying data; the server checks
 * these objects itself (validate-properties.ts).
 */
export const jsonObjectSchema = z
  .custom<Record<string, unknown>>(isPlainObject, { message: 'expected an object' })
  .meta({ type: 'object', additionalProperties: true });

/** A query parameter holding a whole number from `min` (to `max`), with a message that says so. */
export function wholeNumber(min: number, max?: number) {
  const expected = max === undefined ? `a whole number of ${min} or more` : `a whole number from ${min} to ${max}`;
  return z
    .string()
    // Any number of digits: a route may cap a large value (GET /v2/sessions' limit) rather than refuse it.
    .refine((text) => /^[0-9]+$/.test(text) && Number(text) >= min && (max === undefined || Number(text) <= max), { error: `expected ${expected}` })
    .transform(Number)
    .meta({ type: 'integer', minimum: min, ...(max === undefined ? {} : { maximum: max }) });
}

export const propertiesSchema = jsonObjectSchema.nullable().describe('Custom properties: nested objects, primitives, arrays of primitives.');
export const typeSchemaSchema = jsonObjectSchema.describe(
  'Type declarations: { "properties": { "<dotted path>": "bool|date|int|real|str|bools|dates|ints|reals|strs" } }',
);

const identifier = z.string().min(1).max(256);

/**
 * The most bytes (UTF-8) of a user's email. Emails are indexed, and a PostgreSQL index entry
 * holds at most 2,704 bytes: 1,024 characters of 3 bytes each failed there (500) and were stored
 * on SQLite. Checked before any store, so both answer the same 400.
 */
export const MAX_EMAIL_BYTES = 2048;

/** A user's email (v2 and v1 alike): 1,024 characters and MAX_EMAIL_BYTES bytes at most. */
export const emailSchema = z
  .string()
  // An email over 1,024 characters is named once, not also for its bytes.
  .max(1024, { abort: true })
  .superRefine((email, context) => {
    const bytes = Buffer.byteLength(email);
    if (bytes > MAX_EMAIL_BYTES) context.addIssue({ code: 'custom', message: `must be at most ${MAX_EMAIL_BYTES} bytes in UTF-8, got ${bytes}` });
  });

/** A user's display name (v2 and v1 alike). */
export const displayNameSchema = z.string().max(1024);

export const userRequestSchema = z.strictObject({
  id: identifier.optional().describe('An id returned earlier: identifies or updates that user.'),
  uid: identifier.optional().describe("The client's own id for the user; immutable once set."),
  display_name: displayNameSchema.nullable().optional(),
  email: emailSchema.nullable().optional().describe('At most 1,024 characters and 2,048 bytes (UTF-8).'),
  properties: propertiesSchema.optional(),
  schema: typeSchemaSchema.optional(),
});

export const userViewSchema = z.object({
  id: z.string(),
  uid: z.string().nullable(),
  display_name: z.string().nullable(),
  email: z.string().nullable(),
  properties: z.record(z.string(), z.unknown()),
  type_conflicts: z.object({ properties: z.record(z.string(), z.record(z.string(), z.unknown())) }).optional(),
  rejected_properties: z.array(z.string()).optional(),
});

export const eventRequestSchema = z.strictObject({
  name: z.string().min(1).max(256),
  timestamp: z.string().optional().describe('ISO 8601; default: when the server receives it.'),
  user: z.union([z.strictObject({ uid: identifier }), z.strictObject({ id: identifier })]).optional(),
  session: z.union([z.strictObject({ id: identifier }), z.strictObject({ use_most_recent: z.literal(true) })]).optional(),
  properties: propertiesSchema.optional(),
  schema: typeSchemaSchema.optional(),
  context: jsonObjectSchema.optional(),
});

export const eventViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  timestamp: z.string(),
  user_id: z.string().nullable(),
  session_id: z.string().nullable(),
  properties: z.record(z.string(), z.unknown()),
  rejected_event_names: z.array(z.string()).optional(),
  rejected_properties: z.array(z.string()).optional(),
});

export const MAX_BATCH_ITEMS = 50_000;

export const batchRequestSchema = z.strictObject({
  requests: z.array(z.unknown()).max(MAX_BATCH_ITEMS, { message: `at most ${MAX_BATCH_ITEMS} requests` }),
});

export const jobSchema = z.object({
  id: z.string(),
  status: z.enum(['PROCESSING', 'COMPLETED', 'FAILED', 'CANCELLED']),
  created: z.string(),
  finished: z.string().nullable().optional(),
});

export const pageQuerySchema = z.strictObject({
  page_token: z.string().optional(),
  page_size: wholeNumber(1, 1000).optional().describe('Default 100, at most 1000.'),
});

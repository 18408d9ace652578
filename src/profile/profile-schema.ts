// The summary profile (see docs/profiles.md): the spec's POST /v2/visit_profile body plus recap's extensions.

import { z } from 'zod';
import { timestampSchema } from '../session/session-schema.js';
import { CONTEXT_ELEMENTS, SLICE_MODES } from './profile-terms.js';
import { responseSchemaField } from './response-schema-field.js';

export { CONTEXT_ELEMENTS, SLICE_MODES, type ContextElement, type SliceMode } from './profile-terms.js';

const limit = z.number().int().nonnegative();
const eventKeyList = z.array(z.string().min(1));
const contextElementList = z.array(z.enum(CONTEXT_ELEMENTS));

/**
 * The `llm` section of a profile: prompts, response schema, temperature and model.
 *
 * @category Profiles
 */
export const llmSchema = z.strictObject({
  pre_prompt: z.string().optional().describe('Instruction text placed before the session data.'),
  post_prompt: z.string().optional().describe('Instruction text placed after the session data.'),
  response_schema: responseSchemaField
    .optional()
    .describe('Requests structured output. Types upper-case: OBJECT, STRING, ARRAY, NUMBER, INTEGER, BOOLEAN.'),
  temperature: z.number().min(0).max(2).optional().describe('Randomness of the model, 0 to 2.'),
  model: z.string().min(1).optional().describe('recap extension: a model name such as gemini-2.5-flash.'),
  grounding: z
    .enum(['off', 'report', 'require'])
    .optional()
    .describe('recap extension: check the answer\'s claims against the session (docs/grounding.md). report (the default) reports them; require repairs an answer with unsupported claims once, then fails it; off skips the check.'),
});

/**
 * The `slice` section of a profile: which time window of the session is kept, and how many events
 * (see docs/pipeline.md). `mode: TIMESTAMP` needs `start_timestamp`.
 *
 * @category Profiles
 */
export const sliceSchema = z
  .strictObject({
    mode: z.enum(SLICE_MODES).optional().describe('FIRST (default), LAST or TIMESTAMP.'),
    event_limit: limit.optional().describe('Maximum number of events; 0 or absent means no limit.'),
    duration_limit_ms: limit.optional().describe('Maximum duration in milliseconds; 0 or absent means no limit.'),
    start_timestamp: timestampSchema
      .optional()
      .describe('ISO 8601. The limits apply to the time beginning here; required by TIMESTAMP.'),
    end_timestamp: timestampSchema.optional().describe('recap extension, ISO 8601: events at or after it are dropped.'),
  })
  .superRefine((slice, context) => {
    if (slice.mode === 'TIMESTAMP' && slice.start_timestamp === undefined) {
      context.addIssue({ code: 'custom', path: ['mode'], message: 'TIMESTAMP needs slice.start_timestamp' });
    }
  });

/**
 * The `context` section of a profile: which of user, org, location and device reach the prompt.
 *
 * @category Profiles
 */
export const contextSchema = z.strictObject({
  include: contextElementList.optional().describe('Context elements to include: user, org, location, device.'),
  exclude: contextElementList.optional().describe('Context elements to exclude; exclusion always wins.'),
  exclude_user_context: z.boolean().optional().describe('Excludes user context.'),
  exclude_org_context: z.boolean().optional().describe('Excludes organization context.'),
});

/**
 * The `events` section of a profile: `include_types` or `exclude_types` (not both). A built-in
 * event is matched by its type, a custom event by its name.
 *
 * @category Profiles
 */
export const eventsSchema = z
  .strictObject({
    include_types: eventKeyList
      .optional()
      .describe('Only these event types (custom events by name, verbatim) are processed.'),
    exclude_types: eventKeyList.optional().describe('These event types (custom events by name) are ignored.'),
  })
  .superRefine((events, context) => {
    if (events.include_types !== undefined && events.exclude_types !== undefined) {
      context.addIssue({
        code: 'custom',
        path: ['exclude_types'],
        message: 'use either include_types or exclude_types, not both',
      });
    }
  });

/**
 * The zod schema of a summary profile. Converted to JSON, a profile is a valid
 * `POST /v2/visit_profile` body. Use {@link parseProfile} or {@link checkProfile} rather than this
 * schema directly: they word the problems for people and find the likely typos.
 *
 * @category Profiles
 */
export const profileSchema = z.strictObject({
  name: z.string().optional().describe('recap extension: a short name for the profile.'),
  description: z.string().optional().describe('recap extension: what the profile is for.'),
  llm: llmSchema.optional(),
  slice: sliceSchema.optional(),
  context: contextSchema.optional(),
  events: eventsSchema.optional(),
});

/**
 * A validated summary profile, as {@link parseProfile} and {@link loadProfile} return it: every
 * section optional, response-schema types upper-case.
 *
 * @category Profiles
 */
export type Profile = z.infer<typeof profileSchema>;
/**
 * A profile's `llm` section ({@link llmSchema}).
 *
 * @category Profiles
 */
export type LlmSettings = z.infer<typeof llmSchema>;
/**
 * A profile's `slice` section ({@link sliceSchema}).
 *
 * @category Profiles
 */
export type SliceSettings = z.infer<typeof sliceSchema>;
/**
 * A profile's `context` section ({@link contextSchema}).
 *
 * @category Profiles
 */
export type ContextSettings = z.infer<typeof contextSchema>;
/**
 * A profile's `events` section ({@link eventsSchema}).
 *
 * @category Profiles
 */
export type EventsSettings = z.infer<typeof eventsSchema>;

// The summary profile (DESIGN §3): the spec's POST /v2/visit_profile body plus recap's extensions.

import { z } from 'zod';
import { timestampSchema } from '../session/session-schema.js';
import { responseSchemaField } from './response-schema-field.js';

/** The slice modes: which part of a session is kept. */
export const SLICE_MODES = ['FIRST', 'LAST', 'TIMESTAMP'] as const;
export type SliceMode = (typeof SLICE_MODES)[number];

/** The context elements a profile can include or exclude. */
export const CONTEXT_ELEMENTS = ['user', 'org', 'location', 'device'] as const;
export type ContextElement = (typeof CONTEXT_ELEMENTS)[number];

const limit = z.number().int().nonnegative();
const eventKeyList = z.array(z.string().min(1));
const contextElementList = z.array(z.enum(CONTEXT_ELEMENTS));

export const llmSchema = z.strictObject({
  pre_prompt: z.string().optional().describe('Instruction text placed before the session data.'),
  post_prompt: z.string().optional().describe('Instruction text placed after the session data.'),
  response_schema: responseSchemaField
    .optional()
    .describe('Requests structured output. Types upper-case: OBJECT, STRING, ARRAY, NUMBER, INTEGER, BOOLEAN.'),
  temperature: z.number().min(0).max(2).optional().describe('Randomness of the model, 0 to 2.'),
  model: z.string().min(1).optional().describe('recap extension: a model name such as gemini-2.5-flash.'),
});

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

export const contextSchema = z.strictObject({
  include: contextElementList.optional().describe('Context elements to include: user, org, location, device.'),
  exclude: contextElementList.optional().describe('Context elements to exclude; exclusion always wins.'),
  exclude_user_context: z.boolean().optional().describe('Excludes user context.'),
  exclude_org_context: z.boolean().optional().describe('Excludes organization context.'),
});

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

/** A summary profile. Converted to JSON it is a valid POST /v2/visit_profile body. */
export const profileSchema = z.strictObject({
  name: z.string().optional().describe('recap extension: a short name for the profile.'),
  description: z.string().optional().describe('recap extension: what the profile is for.'),
  llm: llmSchema.optional(),
  slice: sliceSchema.optional(),
  context: contextSchema.optional(),
  events: eventsSchema.optional(),
});

export type Profile = z.infer<typeof profileSchema>;
export type LlmSettings = z.infer<typeof llmSchema>;
export type SliceSettings = z.infer<typeof sliceSchema>;
export type ContextSettings = z.infer<typeof contextSchema>;
export type EventsSettings = z.infer<typeof eventsSchema>;

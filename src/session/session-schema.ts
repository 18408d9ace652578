// The session fixture format (DESIGN §2): a recorded session with its context and events.

import { z } from 'zod';
import { EVENT_TYPES } from './event-types.js';
import { timestampProblem } from './iso-timestamp.js';
import { MAX_NESTING, TOO_DEEP_MESSAGE, tooDeepAt } from './nesting.js';

const propertiesSchema = z.record(z.string(), z.unknown());

/** An ISO 8601 timestamp with a time zone. */
export const timestampSchema = z.string().superRefine((value, context) => {
  const problem = timestampProblem(value);
  if (problem !== undefined) context.addIssue({ code: 'custom', message: problem });
});

/** The element an interaction happened on. */
export const eventTargetSchema = z.looseObject({
  selector: z.string().optional(),
  text: z.string().optional(),
});

/**
 * One recorded event. `type` and `timestamp` are required; a custom event also needs `name`.
 * The other fields are free-form; those listed are the conventional ones the renderer knows.
 */
export const sessionEventSchema = z
  .looseObject({
    type: z.enum(EVENT_TYPES),
    timestamp: timestampSchema,
    name: z.string().min(1).optional(),
    url: z.string().optional(),
    title: z.string().optional(),
    target: eventTargetSchema.optional(),
    value: z.union([z.string(), z.number(), z.boolean(), z.null()]).optional(),
    message: z.string().optional(),
    method: z.string().optional(),
    status: z.number().int().optional(),
    text: z.string().optional(),
    count: z.number().int().nonnegative().optional(),
    properties: propertiesSchema.optional(),
  })
  .superRefine((event, context) => {
    if (event.type === 'custom' && event.name === undefined) {
      context.addIssue({ code: 'custom', path: ['name'], message: 'a custom event needs a name' });
    }
    reportTooDeep(event, context);
  });

/** An issue for every field whose value nests too deeply (see nesting.ts). */
function reportTooDeep(object: Record<string, unknown>, context: z.RefinementCtx<Record<string, unknown>>): void {
  for (const key in object) {
    const below = tooDeepAt(object[key], MAX_NESTING);
    if (below !== undefined) context.addIssue({ code: 'custom', path: [key, ...below], message: TOO_DEEP_MESSAGE });
  }
}

export const sessionUserSchema = z.looseObject({
  id: z.string().optional(),
  uid: z.string().optional(),
  display_name: z.string().optional(),
  email: z.string().optional(),
  properties: propertiesSchema.optional(),
});

export const sessionOrgSchema = z.looseObject({
  id: z.string().optional(),
  name: z.string().optional(),
  properties: propertiesSchema.optional(),
});

export const sessionLocationSchema = z.looseObject({
  country: z.string().optional(),
  region: z.string().optional(),
  city: z.string().optional(),
});

export const sessionDeviceSchema = z.looseObject({
  type: z.string().optional(),
  browser: z.string().optional(),
  os: z.string().optional(),
  viewport: z.object({ width: z.number().nonnegative(), height: z.number().nonnegative() }).optional(),
});

/** A session fixture as written on disk (events in any order). */
export const sessionFixtureSchema = z.looseObject({
  id: z.string().regex(/^[^:]+:.+$/, { message: 'expected "<user_id>:<session_id>"' }),
  created_time: timestampSchema.optional(),
  user: sessionUserSchema.optional(),
  org: sessionOrgSchema.optional(),
  location: sessionLocationSchema.optional(),
  device: sessionDeviceSchema.optional(),
  events: z.array(sessionEventSchema),
}).superRefine((fixture, context) => {
  const { events: _events, ...header } = fixture;
  reportTooDeep(header, context);
});

export type SessionFixture = z.infer<typeof sessionFixtureSchema>;
export type SessionUser = z.infer<typeof sessionUserSchema>;
export type SessionOrg = z.infer<typeof sessionOrgSchema>;
export type SessionLocation = z.infer<typeof sessionLocationSchema>;
export type SessionDevice = z.infer<typeof sessionDeviceSchema>;

/** A recorded event as written in a fixture. */
export type FixtureEvent = z.infer<typeof sessionEventSchema>;

/** A recorded event after loading: the fixture's fields plus `time`, milliseconds since the epoch. */
export type SessionEvent = FixtureEvent & { readonly time: number };

/** A loaded session: validated, with events sorted by time (stably) and indexed by position. */
export interface Session {
  readonly id: string;
  readonly created_time?: string | undefined;
  readonly user?: SessionUser | undefined;
  readonly org?: SessionOrg | undefined;
  readonly location?: SessionLocation | undefined;
  readonly device?: SessionDevice | undefined;
  readonly events: readonly SessionEvent[];
}

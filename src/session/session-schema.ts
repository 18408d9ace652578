// The session fixture format (see docs/fixtures.md): a recorded session with its context and events.

import { z } from 'zod';
import { EVENT_TYPES } from './event-types.js';
import { timestampProblem } from './iso-timestamp.js';
import { dataProblemAt } from './data-problem.js';

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
 *
 * @category Sessions
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
    reportDataProblems(event, context);
  });

/**
 * An issue for every field whose value is not JSON data or nests too deeply (see
 * data-problem.ts): Infinity, NaN, a function, a Map, a bigint...
 */
function reportDataProblems(object: Record<string, unknown>, context: z.RefinementCtx<Record<string, unknown>>): void {
  for (const key in object) {
    const problem = dataProblemAt(object[key]);
    if (problem !== undefined) context.addIssue({ code: 'custom', path: [key, ...problem.path], message: problem.message });
  }
}

/**
 * The `user` element of a fixture: who the session belongs to. Other fields are kept.
 *
 * @category Sessions
 */
export const sessionUserSchema = z.looseObject({
  id: z.string().optional(),
  uid: z.string().optional(),
  display_name: z.string().optional(),
  email: z.string().optional(),
  properties: propertiesSchema.optional(),
});

/**
 * The `org` element of a fixture: the user's organisation. Other fields are kept.
 *
 * @category Sessions
 */
export const sessionOrgSchema = z.looseObject({
  id: z.string().optional(),
  name: z.string().optional(),
  properties: propertiesSchema.optional(),
});

/**
 * The `location` element of a fixture. Other fields are kept.
 *
 * @category Sessions
 */
export const sessionLocationSchema = z.looseObject({
  country: z.string().optional(),
  region: z.string().optional(),
  city: z.string().optional(),
});

/**
 * The `device` element of a fixture. Other fields are kept.
 *
 * @category Sessions
 */
export const sessionDeviceSchema = z.looseObject({
  type: z.string().optional(),
  browser: z.string().optional(),
  os: z.string().optional(),
  // Other fields of the viewport (`dpr`) are kept too.
  viewport: z.looseObject({ width: z.number().nonnegative(), height: z.number().nonnegative() }).optional(),
});

/**
 * The zod schema of a session fixture as written on disk (events in any order): `id` is
 * `<user_id>:<session_id>`, the context elements are optional. {@link parseSession} applies the
 * same rules faster and sorts the events.
 *
 * @category Sessions
 */
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
  reportDataProblems(header, context);
});

/**
 * A session fixture as written on disk ({@link sessionFixtureSchema}).
 *
 * @category Sessions
 */
export type SessionFixture = z.infer<typeof sessionFixtureSchema>;
/**
 * The `user` context element ({@link sessionUserSchema}).
 *
 * @category Sessions
 */
export type SessionUser = z.infer<typeof sessionUserSchema>;
/**
 * The `org` context element ({@link sessionOrgSchema}).
 *
 * @category Sessions
 */
export type SessionOrg = z.infer<typeof sessionOrgSchema>;
/**
 * The `location` context element ({@link sessionLocationSchema}).
 *
 * @category Sessions
 */
export type SessionLocation = z.infer<typeof sessionLocationSchema>;
/**
 * The `device` context element ({@link sessionDeviceSchema}).
 *
 * @category Sessions
 */
export type SessionDevice = z.infer<typeof sessionDeviceSchema>;

/**
 * A recorded event as written in a fixture ({@link sessionEventSchema}).
 *
 * @category Sessions
 */
export type FixtureEvent = z.infer<typeof sessionEventSchema>;

/**
 * A recorded event after loading: the fixture's fields plus `time`, milliseconds since the epoch.
 *
 * @category Sessions
 */
export type SessionEvent = FixtureEvent & { readonly time: number };

/**
 * A loaded session, as {@link parseSession} and {@link loadSession} return it: validated, with
 * events sorted by time (stably) and indexed by position.
 *
 * @category Sessions
 */
export interface Session {
  /** `<user_id>:<session_id>`. */
  readonly id: string;
  readonly created_time?: string | undefined;
  readonly user?: SessionUser | undefined;
  readonly org?: SessionOrg | undefined;
  readonly location?: SessionLocation | undefined;
  readonly device?: SessionDevice | undefined;
  /** Sorted by time, stably; an event's index is its position here. */
  readonly events: readonly SessionEvent[];
}

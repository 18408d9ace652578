// The body of POST /v2/sessions/search (docs/server.md#searching-sessions; the search that exports and summary batches
// take too) and its translation into the store's search: the user resolved to an id the way
// GET /v2/sessions resolves it (following merges), timestamps to the store's form.

import { z } from 'zod';
import { timestampSchema } from '../../session/session-schema.js';
import { parseIsoTimestamp } from '../../session/iso-timestamp.js';
import { propertyMatch } from '../users/property-match.js';
import { MAX_NAME_LENGTH, NAME } from '../users/validate-properties.js';
import { jsonObjectSchema } from '../routes/schemas.js';
import type { SessionSearch } from '../store/session-search.js';
import type { StoreReader } from '../store/store.js';

export const DEFAULT_SEARCH_LIMIT = 20;
export const MAX_SEARCH_LIMIT = 100;
/** At most this many user_properties and has_events entries: each is a condition of the query. */
export const MAX_SEARCH_CONDITIONS = 20;

const identifier = z.string().min(1).max(256);

const userPropertiesSchema = jsonObjectSchema
  .superRefine((properties, context) => {
    const entries = Object.entries(properties);
    if (entries.length > MAX_SEARCH_CONDITIONS) context.addIssue({ code: 'custom', message: `allows at most ${MAX_SEARCH_CONDITIONS} properties` });
    for (const [path, value] of entries) {
      if (!path.split('.').every((name) => NAME.test(name)) || path.length > MAX_NAME_LENGTH) {
        context.addIssue({ code: 'custom', path: [path], message: `expected a property name or dotted path (A-Z, a-z, 0-9 and _, nested names as parent.child, at most ${MAX_NAME_LENGTH} characters)` });
      } else if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') {
        context.addIssue({ code: 'custom', path: [path], message: 'expected a string, number or boolean (name a nested value by its dotted path)' });
      }
    }
  })
  .describe('{ "<property name or dotted path>": <string, number or boolean> }: the user’s stored property equals the value.');

const timestamp = timestampSchema.meta({ type: 'string', format: 'date-time' });
const wholeNumber = (min: number, max?: number) => (max === undefined ? z.number().int().min(min) : z.number().int().min(min).max(max));

export const sessionSearchSchema = z.strictObject({
  from: timestamp.optional().describe('ISO 8601: sessions created at or after this moment.'),
  to: timestamp.optional().describe('ISO 8601: sessions created before this moment.'),
  user: z
    .union([z.strictObject({ uid: identifier }), z.strictObject({ email: z.string().min(1).max(1024) }), z.strictObject({ id: identifier })])
    .optional()
    .describe('The sessions of one user (an id of an anonymous user merged into another means that one; email: the most recently updated user with it).'),
  user_properties: userPropertiesSchema.optional(),
  has_events: z
    .array(
      z.strictObject({
        type: z.string().min(1).max(256).describe('An event type of the spec (rage-click, dead-click, ...; custom: any custom event) or a custom event’s name.'),
        min_count: wholeNumber(1).optional().describe('Default 1.'),
      }),
    )
    .max(MAX_SEARCH_CONDITIONS)
    .optional()
    .describe('The session has at least min_count events of each.'),
  url_contains: z
    .string()
    .min(1)
    .max(2048)
    .refine((text) => !/[\r\n]/.test(text), { error: 'must not contain a line break' })
    .optional()
    .describe('A case-insensitive substring of a URL of the session’s events (pages visited, network requests).'),
  min_duration_ms: wholeNumber(0).optional().describe('The time from the first event to the last is at least this.'),
  max_duration_ms: wholeNumber(0).optional().describe('...and at most this.'),
  limit: wholeNumber(1, MAX_SEARCH_LIMIT).optional().describe(`Default ${DEFAULT_SEARCH_LIMIT}, at most ${MAX_SEARCH_LIMIT}.`),
  page_token: z.string().min(1).optional().describe('The next_page_token of the previous page, with the same filters.'),
});

export type SessionSearchRequest = z.infer<typeof sessionSearchSchema>;

/** The store's form of a timestamp the schema accepted. */
const storedTime = (value: string): string => new Date(parseIsoTimestamp(value) ?? Number.NaN).toISOString();

/** The store's search for `request`; undefined when it names a user the organisation does not have (no session matches). */
export async function toStoreSearch(store: StoreReader, orgId: string, request: SessionSearchRequest): Promise<SessionSearch | undefined> {
  let userId: string | undefined;
  if (request.user !== undefined) {
    const named = request.user;
    const found = 'uid' in named ? await store.findUserByUid(orgId, named.uid) : 'email' in named ? await store.findUserByEmail(orgId, named.email) : await store.findUser(orgId, named.id);
    // Sessions move with merges: an anonymous user's are the user's it was merged into (merge
    // chains are kept one hop long).
    const user = found?.mergedInto == null ? found : await store.findUser(orgId, found.mergedInto);
    if (user === undefined) return undefined;
    userId = user.id;
  }
  return {
    from: request.from === undefined ? undefined : storedTime(request.from),
    to: request.to === undefined ? undefined : storedTime(request.to),
    userId,
    userProperties: Object.entries(request.user_properties ?? {}).map(([path, value]) => propertyMatch(path, value as string | number | boolean)),
    hasEvents: (request.has_events ?? []).map((entry) => ({ type: entry.type, minCount: entry.min_count ?? 1 })),
    urlContains: request.url_contains,
    minDurationMs: request.min_duration_ms,
    maxDurationMs: request.max_duration_ms,
  };
}

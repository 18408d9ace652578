// GET /v2/users/{id}/export: everything kept about one user, as one JSON document written while it
// is read (docs/server.md, User export).

import { z } from 'zod';
import { ApiError } from '../http/api-error.js';
import { chunkStream } from '../http/chunk-stream.js';
import { redactInternals } from '../http/redact-internals.js';
import { defineRoute } from '../http/route-definition.js';
import { userExportChunks } from '../users/user-export-chunks.js';
import { eventViewSchema, userViewSchema } from './schemas.js';
import { findLogicalUser } from '../users/find-logical-user.js';

const exportedUserSchema = userViewSchema.extend({
  identified_in_session: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  merged_into: z.string().optional().describe('On a user merged into this one: its id.'),
});
const exportedEventSchema = eventViewSchema.extend({ context: z.record(z.string(), z.unknown()).nullable(), created_at: z.string() });

/** The document, for /openapi.json (the route writes it in pages, not through this schema). */
const userExportSchema = z.object({
  user: exportedUserSchema,
  merged_users: z.array(exportedUserSchema).describe('Anonymous users merged into this one.'),
  type_conflicts: z
    .array(z.object({ user_id: z.string(), path: z.string(), last_type: z.string(), types: z.record(z.string(), z.object({ value: z.unknown(), captured_at: z.string() })) }))
    .describe('Property paths captured with more than one type: each type’s latest value. Rejected property names are not kept per user.'),
  events: z.array(exportedEventSchema).describe('Server events of the user and of the users merged into it, in the order they were received.'),
  sessions: z.array(
    z.object({
      id: z.string(),
      app_url: z.string(),
      created_time: z.string(),
      old_ids: z.array(z.string()).describe('Ids the session had before its user was merged into this one.'),
      fixture: z.record(z.string(), z.unknown()).nullable(),
      events: z.array(exportedEventSchema),
    }),
  ),
  summaries: z.array(z.object({ session_id: z.string(), updated_at: z.string(), value: z.unknown() })).describe('Cached summaries of the sessions (not those cached before schema version 5/6).'),
});

/** A file name made of the id's safe characters only (ids are the server's, but a header is no place to trust that). */
const fileName = (id: string): string => `user-${id.replace(/[^A-Za-z0-9._-]/g, '_')}.json`;

export const exportUserRoute = defineRoute({
  method: 'get',
  path: '/v2/users/{id}/export',
  summary: 'Export everything kept about one user (streamed JSON)',
  tag: 'users',
  level: 'architect',
  response: { status: 200, description: 'The export document, written as it is read; cut short (the connection aborted) if reading fails part-way', schema: userExportSchema },
  errors: [400, 401, 403, 404],
  async handle({ store, org, deps, params }) {
    const id = params.id ?? '';
    // The rule of DELETE /v2/users/{id}: an anonymous user merged into another exports that one.
    const user = await findLogicalUser(store, org.id, id);
    if (user === undefined) throw new ApiError('not_found', `no user ${id}`);
    const chunks = userExportChunks({ store, orgId: org.id, user, appUrl: deps.appUrl });
    const body = chunkStream(chunks, (error) =>
      deps.logger({
        time: deps.clock().toISOString(),
        level: 'error',
        message: redactInternals(`the export of user ${user.id} failed part-way; the connection is aborted: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`),
      }),
    );
    return { status: 200, body, headers: { 'Content-Type': 'application/json', 'Content-Disposition': `attachment; filename="${fileName(user.id)}"` } };
  },
});

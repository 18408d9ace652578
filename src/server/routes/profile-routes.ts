// Summary profiles: POST /v2/visit_profile and the read, list, update and delete routes (see
// docs/server.md).
// Bodies get the same validation and messages as YAML profiles (recap validate).

import { z } from 'zod';
import { checkProfile } from '../../profile/check-profile.js';
import { formatJsonPath } from '../../session/json-path.js';
import type { Profile } from '../../profile/profile-schema.js';
import { ApiError, invalidRequest } from '../http/api-error.js';
import { defineRoute, type RouteDefinition } from '../http/route-definition.js';
import { commitAnswer } from '../idempotency/commit-answer.js';
import type { JsonObject, ProfileRecord } from '../store/records.js';
import { jsonObjectSchema, wholeNumber } from './schemas.js';

/** The profile body checked like a YAML profile; 400 with a detail per problem otherwise. */
export function validProfile(body: unknown): Profile {
  const result = checkProfile(body);
  if (!result.success) {
    throw invalidRequest('invalid profile', result.issues.map((issue) => ({ path: formatJsonPath(issue.path), message: issue.message })));
  }
  return result.profile;
}

const profileView = (record: ProfileRecord) => ({ id: record.id, ...record.body });

/**
 * A body without the `id` that GET adds to a profile: an update may send back what it read (with
 * its own id, nothing else), a new profile gets its id from the server. Else 400 naming `id`.
 */
function withoutId(body: unknown, own: string | undefined): unknown {
  if (body === null || typeof body !== 'object' || Array.isArray(body) || !Object.hasOwn(body, 'id')) return body;
  const { id, ...rest } = body as Record<string, unknown>;
  if (own === undefined) throw invalidRequest('invalid profile', [{ path: 'id', message: 'a new profile gets its id from the server: leave id out' }]);
  if (id !== own) throw invalidRequest('invalid profile', [{ path: 'id', message: `an id in the body must be the profile's own (${own}), or left out` }]);
  return rest;
}

const profileBody = jsonObjectSchema.describe('A summary profile: llm, slice, context, events (and name, description); as a YAML profile converted to JSON.');
const profileViewSchema = z.looseObject({ id: z.string() });

async function findProfile(store: { findProfile(orgId: string, id: string): Promise<ProfileRecord | undefined> }, orgId: string, id: string | undefined): Promise<ProfileRecord> {
  const record = id === undefined ? undefined : await store.findProfile(orgId, id);
  if (record === undefined) throw new ApiError('not_found', `no profile ${id ?? ''}`);
  return record;
}

export function profileRoutes(): RouteDefinition<unknown, unknown>[] {
  const create = defineRoute({
    method: 'post',
    path: '/v2/visit_profile',
    summary: 'Create a summary profile',
    tag: 'profiles',
    level: 'standard',
    idempotent: true,
    body: profileBody,
    response: { status: 200, description: 'The profile with its id', schema: profileViewSchema },
    errors: [400, 401, 403, 413, 422],
    async handle({ store, org, deps, body }) {
      const profile = validProfile(withoutId(body, undefined));
      const now = deps.clock().toISOString();
      const record: ProfileRecord = { orgId: org.id, id: `p-${deps.newId()}`, body: profile as JsonObject, version: 1, createdAt: now, updatedAt: now };
      return commitAnswer(store, async (writer) => {
        await writer.insertProfile(record);
        return { status: 200, body: profileView(record) };
      });
    },
  });
  const read = defineRoute({
    method: 'get',
    path: '/v2/visit_profile/{id}',
    summary: 'Read a summary profile',
    tag: 'profiles',
    level: 'standard',
    response: { status: 200, description: 'The profile', schema: profileViewSchema },
    errors: [401, 403, 404],
    async handle({ store, org, params }) {
      return { status: 200, body: profileView(await findProfile(store, org.id, params.id)) };
    },
  });
  const list = defineRoute({
    method: 'get',
    path: '/v2/visit_profile',
    summary: 'List summary profiles',
    tag: 'profiles',
    level: 'standard',
    query: z.strictObject({
      page_token: z.string().optional(),
      page_size: wholeNumber(1, 100).optional().describe('Default 20, at most 100.'),
    }),
    response: { status: 200, description: 'Profiles, oldest first', schema: z.object({ results: z.array(profileViewSchema), next_page_token: z.string().nullable() }) },
    errors: [400, 401, 403],
    async handle({ store, org, query }) {
      try {
        const page = await store.listProfiles(org.id, { after: query.page_token ?? null, limit: query.page_size ?? 20 });
        return { status: 200, body: { results: page.items.map(profileView), next_page_token: page.next } };
      } catch (error) {
        if ((error as { code?: string }).code === 'invalid_cursor') throw invalidRequest('invalid page token', [{ path: 'page_token', message: 'not a token from next_page_token' }]);
        throw error;
      }
    },
  });
  const update = defineRoute({
    method: 'post',
    path: '/v2/visit_profile/{id}',
    summary: 'Update a summary profile',
    tag: 'profiles',
    level: 'admin',
    body: profileBody,
    response: { status: 200, description: 'The profile as it now is', schema: profileViewSchema },
    errors: [400, 401, 403, 404, 413],
    async handle({ store, org, deps, body, params }) {
      const profile = validProfile(withoutId(body, params.id));
      const updated = await store.transaction(async (writer) => {
        const current = await findProfile(writer, org.id, params.id);
        const next: ProfileRecord = { ...current, body: profile as JsonObject, version: current.version + 1, updatedAt: deps.clock().toISOString() };
        await writer.updateProfile(next);
        return next;
      });
      return { status: 200, body: profileView(updated) };
    },
  });
  const remove = defineRoute({
    method: 'delete',
    path: '/v2/visit_profile/{id}',
    summary: 'Delete a summary profile',
    tag: 'profiles',
    level: 'admin',
    response: { status: 200, description: 'Deleted', schema: z.object({ id: z.string(), deleted: z.literal(true) }) },
    errors: [401, 403, 404],
    async handle({ store, org, params }) {
      const deleted = await store.transaction((writer) => writer.deleteProfile(org.id, params.id ?? ''));
      if (!deleted) throw new ApiError('not_found', `no profile ${params.id ?? ''}`);
      return { status: 200, body: { id: params.id, deleted: true } };
    },
  });
  return [create, list, read, update, remove] as RouteDefinition<unknown, unknown>[];
}

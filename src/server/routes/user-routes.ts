// POST /v2/users and GET /v2/users?uid=.

import { z } from 'zod';
import { ApiError } from '../http/api-error.js';
import { defineRoute } from '../http/route-definition.js';
import { retentionCutoff } from '../users/limits.js';
import { checkIdentifier, upsertUser } from '../users/upsert-user.js';
import { userView } from '../users/user-view.js';
import { userRequestSchema, userViewSchema } from './schemas.js';
import { commitAnswer } from '../idempotency/commit-answer.js';

export const upsertUserRoute = defineRoute({
  method: 'post',
  path: '/v2/users',
  summary: 'Create or update one user',
  tag: 'users',
  level: 'standard',
  idempotent: true,
  body: userRequestSchema,
  response: { status: 200, description: 'The user record', schema: userViewSchema },
  errors: [400, 401, 403, 404, 409, 413, 422],
  async handle({ store, org, deps, body }) {
    checkIdentifier(body.uid, 'uid');
    const now = deps.clock();
    return commitAnswer(store, async (writer) => {
      const result = await upsertUser(writer, body, { orgId: org.id, now, newId: deps.newId, retentionCutoff: retentionCutoff(now, deps.retentionDays) });
      return { status: 200, body: userView(result.user, result.rejectedProperties) };
    });
  },
});

export const readUserRoute = defineRoute({
  method: 'get',
  path: '/v2/users',
  summary: 'Read a user',
  tag: 'users',
  level: 'architect',
  query: z.strictObject({ uid: z.string().min(1).describe('The uid of the user.') }),
  response: { status: 200, description: 'The user record', schema: userViewSchema },
  errors: [400, 401, 403, 404],
  async handle({ store, org, query }) {
    const user = await store.findUserByUid(org.id, query.uid);
    if (user === undefined) throw new ApiError('not_found', `no user with uid ${JSON.stringify(query.uid)}`);
    return { status: 200, body: userView(user) };
  },
});

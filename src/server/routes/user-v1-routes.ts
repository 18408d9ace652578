// POST /users/v1/individual/{uid}/customvars: the version 1 update, only for users identified in a
// recorded session (404 otherwise, unlike v2).

import { ApiError } from '../http/api-error.js';
import { defineRoute } from '../http/route-definition.js';
import { retentionCutoff } from '../users/limits.js';
import { upsertUser } from '../users/upsert-user.js';
import { userView } from '../users/user-view.js';
import { readV1CustomVars } from '../users/v1-customvars.js';
import { jsonObjectSchema, userViewSchema } from './schemas.js';

export const v1CustomVarsRoute = defineRoute({
  method: 'post',
  path: '/users/v1/individual/{uid}/customvars',
  summary: 'Version 1 user update',
  tag: 'users',
  level: 'standard',
  body: jsonObjectSchema.describe('camelCase fields (displayName, email) and suffixed custom names (plan_str, seats_int, beta_bool, ...)'),
  response: { status: 200, description: 'The user record (v2 shape)', schema: userViewSchema },
  errors: [400, 401, 403, 404, 413],
  async handle({ store, org, deps, body, params }) {
    const uid = params.uid ?? '';
    const { request, declarations, inV1Terms } = readV1CustomVars(body);
    const now = deps.clock();
    const result = await store.transaction(async (writer) => {
      const user = await writer.findUserByUidForUpdate(org.id, uid);
      if (user === undefined || !user.identifiedInSession) {
        throw new ApiError('not_found', `user not found: ${JSON.stringify(uid)} has not been identified in a recorded session (version 1 updates only such users)`);
      }
      return upsertUser(writer, { ...request, id: user.id }, { orgId: org.id, now, newId: deps.newId, retentionCutoff: retentionCutoff(now, deps.retentionDays), declarations });
    }).catch((error: unknown) => {
      // Problems the v2 validation found are named as the client wrote them (seats_int, not properties.seats).
      throw inV1Terms(error);
    });
    return { status: 200, body: userView(result.user, result.rejectedProperties) };
  },
});

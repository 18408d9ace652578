// GET /v2/sessions, POST /v2/sessions/search, and a session's summary and context (see docs/server.md).

import { z } from 'zod';
import { toPreparedJson } from '../../pipeline/prepared-json.js';
import { prepare } from '../../pipeline/prepare.js';
import type { Profile } from '../../profile/profile-schema.js';
import { timestampProblem } from '../../session/iso-timestamp.js';
import { ApiError, invalidRequest } from '../http/api-error.js';
import { defineRoute, type HandlerInput, type RouteDefinition } from '../http/route-definition.js';
import { mergeProfileOverrides } from '../profiles/merge-profile-overrides.js';
import { orgPrivacy } from '../privacy/org-privacy.js';
import { loadServerSession, SessionCache } from '../sessions/load-server-session.js';
import { sessionView } from '../sessions/session-view.js';
import type { JsonValue } from '../store/records.js';
import { validProfile } from './profile-routes.js';
import { jsonObjectSchema, wholeNumber } from './schemas.js';
import { sessionSearchRoute } from './session-search-route.js';

export const MAX_SESSIONS_LISTED = 100;

const summaryQuery = z.strictObject({
  config_profile: z.string().min(1).describe('The id of a profile created by POST /v2/visit_profile.'),
  end_timestamp: z.string().optional().describe('ISO 8601: summarise the session as it was before this moment.'),
  grounding: z.enum(['0', '1']).optional().describe('1: add the grounding report (score, findings, unsupported, dropped) to the body; 400 when the profile sets llm.grounding: off.'),
});
type SummaryQuery = z.infer<typeof summaryQuery>;

const overridesBody = jsonObjectSchema.describe('Profile fields for this request only: non-array fields replace, array fields append.');

const resultSchema = z.union([
  z.object({ summary: z.string() }),
  z.object({ response: z.record(z.string(), z.unknown()), response_schema: z.record(z.string(), z.unknown()) }),
]);

/** The profile for one request: stored, with overrides and end_timestamp applied, validated. */
async function requestProfile(input: HandlerInput<Record<string, unknown> | undefined, SummaryQuery>): Promise<{ profile: Profile; key: unknown }> {
  const record = await input.store.findProfile(input.org.id, input.query.config_profile);
  if (record === undefined) throw new ApiError('not_found', `no profile ${input.query.config_profile}`);
  let body: JsonValue = record.body;
  // No overrides and `{}` are the same request, and share a cached summary.
  const overrides = input.body !== undefined && Object.keys(input.body).length > 0 ? input.body : undefined;
  if (overrides !== undefined) body = mergeProfileOverrides(body, overrides as JsonValue);
  if (input.query.end_timestamp !== undefined) {
    const problem = timestampProblem(input.query.end_timestamp);
    if (problem !== undefined) throw invalidRequest('invalid end_timestamp', [{ path: 'end_timestamp', message: problem }]);
    body = mergeProfileOverrides(body, { slice: { end_timestamp: input.query.end_timestamp } });
  }
  return { profile: validProfile(body), key: { id: record.id, version: record.version, overrides: overrides ?? null, end_timestamp: input.query.end_timestamp ?? null } };
}

export function sessionRoutes(): RouteDefinition<unknown, unknown>[] {
  const cache = new SessionCache();

  const list = defineRoute({
    method: 'get',
    path: '/v2/sessions',
    summary: 'List sessions for a user',
    tag: 'sessions',
    level: 'standard',
    query: z.strictObject({
      uid: z.string().min(1).optional().describe('The user uid; one of uid or email is required.'),
      email: z.string().min(1).optional().describe('The user email, URL-encoded.'),
      limit: wholeNumber(1).optional().describe(`Default 20; at most ${MAX_SESSIONS_LISTED} (larger values are capped).`),
    }),
    response: { status: 200, description: 'Sessions, newest first', schema: z.object({ results: z.array(z.object({ id: z.string(), app_url: z.string(), created_time: z.string() })) }) },
    errors: [400, 401, 403],
    async handle({ store, org, deps, query }) {
      if (query.uid === undefined && query.email === undefined) {
        throw invalidRequest('give uid or email', [{ path: 'uid', message: 'one of uid or email is required' }]);
      }
      const user = query.uid !== undefined ? await store.findUserByUid(org.id, query.uid) : await store.findUserByEmail(org.id, query.email ?? '');
      const limit = Math.min(query.limit ?? 20, MAX_SESSIONS_LISTED);
      const sessions = user === undefined ? [] : await store.listSessionsForUser(org.id, user.id, limit);
      return { status: 200, body: { results: sessions.map((session) => sessionView(session, deps.appUrl)) } };
    },
  });

  async function session(input: HandlerInput<unknown, unknown>) {
    const loaded = await loadServerSession(input.store, input.org.id, input.params.session_id ?? '', cache);
    if (loaded === undefined) throw new ApiError('not_found', `no session ${input.params.session_id ?? ''}`);
    return loaded;
  }

  const summaryRoute = (method: 'get' | 'post') =>
    defineRoute({
      method,
      path: '/v2/sessions/{session_id}/summary',
      summary: method === 'get' ? 'Generate a summary of one session' : 'Generate a summary with profile overrides for this request',
      tag: 'summaries',
      level: 'architect',
      query: summaryQuery,
      ...(method === 'post' ? { body: overridesBody, bodyOptional: true } : {}),
      response: { status: 200, description: '{ summary } without a response schema; { response, response_schema } with one', schema: resultSchema },
      errors: [400, 401, 403, 404, 413, 502, 503],
      async handle(input: HandlerInput<Record<string, unknown> | undefined, SummaryQuery>) {
        const { profile, key } = await requestProfile(input);
        if (input.query.grounding === '1' && profile.llm?.grounding === 'off') {
          throw invalidRequest('grounding=1 asks for a grounding report, but the profile sets llm.grounding: off', [
            { path: 'grounding', message: `profile ${input.query.config_profile} does not check its answers (llm.grounding: off); drop grounding=1, or set llm.grounding to report or require` },
          ]);
        }
        const loaded = await session(input);
        const answer = await input.deps.summaries.summarize({
          store: input.store,
          orgId: input.org.id,
          session: loaded.session,
          sessionVersion: loaded.version,
          profile,
          profileKey: key,
          privacy: await orgPrivacy(input.store, input.org.id),
          now: input.deps.clock(),
          signal: input.signal,
        });
        const withReport = input.query.grounding === '1' && answer.grounding !== undefined;
        return {
          status: 200,
          body: withReport ? { ...answer.result, grounding: answer.grounding } : answer.result,
          headers: {
            ...(answer.grounding === undefined ? {} : { 'X-Recap-Grounding': String(answer.grounding.score) }),
            // The answer is valid but came after a repair request: for which reasons (schema, grounding).
            ...(answer.repairs.length === 0 ? {} : { 'X-Recap-Repaired': [...new Set(answer.repairs.map((repair) => repair.reason))].join(', ') }),
            'Server-Timing': `model;dur=${answer.modelMs.toFixed(2)}`,
            'X-Recap-Cache': answer.cached ? 'hit' : 'miss',
            'X-Recap-Model': `${input.deps.summaries.provider}/${answer.model}`,
          },
        };
      },
    });

  const context = defineRoute({
    method: 'post',
    path: '/v2/sessions/{session_id}/context',
    summary: 'What a summary would send to the model, without calling it',
    tag: 'summaries',
    level: 'architect',
    query: summaryQuery,
    body: overridesBody,
    bodyOptional: true,
    response: { status: 200, description: 'The prepared request: prompt, kept events, included context, generation settings, tokens (as `recap run --dry-run --json`)' },
    errors: [400, 401, 403, 404, 413],
    async handle(input: HandlerInput<Record<string, unknown>, SummaryQuery>) {
      const { profile } = await requestProfile(input);
      const loaded = await session(input);
      const { rules } = await orgPrivacy(input.store, input.org.id);
      return { status: 200, body: toPreparedJson(prepare(profile, loaded.session, { privacy: rules }), { model: input.deps.summaries.modelName(profile) }) };
    },
  });

  return [list, sessionSearchRoute, summaryRoute('get'), summaryRoute('post'), context] as RouteDefinition<unknown, unknown>[];
}

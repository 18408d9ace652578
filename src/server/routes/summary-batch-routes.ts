// POST /v2/sessions/summary/batch?config_profile=<id>: summaries of many sessions as an operation
// (see docs/server.md#summary-batches). The sessions, named or found by a search, and the profile
// as it is now are stored before 202 is answered; any instance then works on it (job-runner.ts).

import { z } from 'zod';
import { ApiError, invalidRequest } from '../http/api-error.js';
import { defineRoute, type RouteDefinition } from '../http/route-definition.js';
import { commitAnswer } from '../idempotency/commit-answer.js';
import { MAX_SEARCH_LIMIT, toStoreSearch } from '../sessions/session-search-request.js';
import type { JobRecord, JsonValue, SessionInfo } from '../store/records.js';
import type { DataCenterStore, Page } from '../store/store.js';
import { exportSearchSchema } from './export-routes.js';
import type { SummaryBatchHead } from '../summaries/summary-batch.js';
import { operationSchema, operationView } from './operation-routes.js';
import { validProfile } from './profile-routes.js';

/** The most sessions one batch summarises. */
export const MAX_SUMMARY_BATCH_SESSIONS = 10_000;

const query = z.strictObject({ config_profile: z.string().min(1).describe('The id of a profile created by POST /v2/visit_profile.') });

const body = z.union([
  z.strictObject({
    session_ids: z.array(z.string().min(1)).min(1).max(MAX_SUMMARY_BATCH_SESSIONS).describe(`Sessions to summarise (at most ${MAX_SUMMARY_BATCH_SESSIONS}); an id named twice is summarised once.`),
  }),
  z.strictObject({ search: exportSearchSchema.describe('The sessions a search (POST /v2/sessions/search, without paging) finds when the batch is submitted.') }),
]);

/** The ids of every session `search` finds now, newest first; 400 beyond the most a batch takes. */
async function searchedIds(store: DataCenterStore, orgId: string, search: z.infer<typeof exportSearchSchema>): Promise<string[]> {
  const resolved = await toStoreSearch(store, orgId, search);
  const ids: string[] = [];
  let after: string | null = null;
  if (resolved === undefined) return ids;
  do {
    const page: Page<SessionInfo> = await store.searchSessions(orgId, resolved, { after, limit: MAX_SEARCH_LIMIT });
    ids.push(...page.items.map((session) => session.id));
    after = page.next;
    if (ids.length > MAX_SUMMARY_BATCH_SESSIONS) throw invalidRequest('too many sessions', [{ path: 'search', message: `finds more than ${MAX_SUMMARY_BATCH_SESSIONS} sessions: narrow it (from, to, has_events, ...)` }]);
  } while (after !== null);
  return ids;
}

export function summaryBatchRoutes(): RouteDefinition<unknown, unknown>[] {
  const submit = defineRoute({
    method: 'post',
    path: '/v2/sessions/summary/batch',
    summary: 'Summarise many sessions with one profile, as an operation',
    tag: 'summaries',
    level: 'architect',
    idempotent: true,
    query,
    body,
    response: { status: 202, description: 'The operation, PENDING; its results (GET /v2/operations/{id}/results) are one line per session, as recap run --output writes them', schema: z.object({ operation: operationSchema }) },
    errors: [400, 401, 403, 404, 413],
    async handle({ store, org, deps, query: { config_profile }, body: request }) {
      const record = await store.findProfile(org.id, config_profile);
      if (record === undefined) throw new ApiError('not_found', `no profile ${config_profile}`);
      validProfile(record.body);
      const named = 'session_ids' in request ? request.session_ids : await searchedIds(store, org.id, request.search);
      // A session named by its old id (its user was merged into another) and by its new one is one session.
      const moved = await store.currentSessionIds(org.id, named);
      const sessionIds = [...new Set(named.map((id) => moved.get(id) ?? id))];
      if (sessionIds.length === 0) throw invalidRequest('no sessions', [{ path: 'search', message: 'finds no session' }]);
      const head: SummaryBatchHead = { session_id: sessionIds[0] as string, config_profile, profile_version: record.version, profile: record.body };
      const items: JsonValue[] = [head as unknown as JsonValue, ...sessionIds.slice(1).map((id) => ({ session_id: id }))];
      const job: JobRecord = {
        orgId: org.id,
        id: `j-${deps.newId()}`,
        kind: 'summary_batch',
        status: 'PROCESSING',
        created: deps.clock().toISOString(),
        finished: null,
        total: items.length,
        cursor: 0,
        imports: 0,
        errors: 0,
      };
      // Stored before 202 is answered: an acknowledged batch survives a crash.
      const answer = await commitAnswer(store, async (writer) => {
        await writer.createJob(job, items);
        return { status: 202, body: { operation: await operationView(store, job) } };
      });
      deps.jobs.enqueue(org.dataCenter, job);
      return answer;
    },
  });
  return [submit] as RouteDefinition<unknown, unknown>[];
}

// POST /v2/sessions/search: the organisation's sessions matching a search, newest first, a page at
// a time (see docs/server.md). The store answers from facts kept with each session, never from
// the fixtures.

import { z } from 'zod';
import { defineRoute } from '../http/route-definition.js';
import { DEFAULT_SEARCH_LIMIT, sessionSearchSchema, toStoreSearch } from '../sessions/session-search-request.js';
import { sessionView } from '../sessions/session-view.js';
import { readPage } from './page-tokens.js';

const sessionItemSchema = z.object({ id: z.string(), app_url: z.string(), created_time: z.string() });

export const sessionSearchRoute = defineRoute({
  method: 'post',
  path: '/v2/sessions/search',
  summary: 'Search the sessions of the organisation',
  tag: 'sessions',
  level: 'standard',
  body: sessionSearchSchema,
  response: {
    status: 200,
    description: 'Sessions matching every filter, newest first (the items of GET /v2/sessions); next_page_token is null on the last page',
    schema: z.object({ results: z.array(sessionItemSchema), next_page_token: z.string().nullable() }),
  },
  errors: [400, 401, 403, 413],
  async handle({ store, org, deps, body }) {
    const search = await toStoreSearch(store, org.id, body);
    if (search === undefined) return { status: 200, body: { results: [], next_page_token: null } };
    const page = await readPage(() => store.searchSessions(org.id, search, { after: body.page_token ?? null, limit: body.limit ?? DEFAULT_SEARCH_LIMIT }));
    return { status: 200, body: { results: page.items.map((session) => sessionView(session, deps.appUrl)), next_page_token: page.next } };
  },
});

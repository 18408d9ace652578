// Every route of operations, session search, exports and summary batches (issue 23) walked with
// every level and another organisation's key, on both stores. The expected statuses are written
// from docs/server.md, not read from the code: a missing key is 401; a level below the route's is
// 403; an operation needs the level of the route that starts it (batches Standard; user deletions,
// exports and summary batches Architect), and a lower key gets 403 for it and for `?kind=` of its
// kind; another organisation's operation, export or profile is 404, as an unknown one is.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importSession } from '../../src/server/sessions/import-session.js';
import { createServerHarness, STORE_KINDS, type ServerHarness } from '../support/server-harness.js';

/** Who asks: no key, acme's keys of each level, globex's Admin key (another organisation, the highest level). */
const CALLERS = ['none', 'standard', 'architect', 'admin', 'other'] as const;
type Caller = (typeof CALLERS)[number];
type Expected = readonly [none: number, standard: number, architect: number, admin: number, other: number];

/** A Standard route; one that starts nothing another organisation could be refused. */
const STANDARD: Expected = [401, 200, 200, 200, 200];
/** An Architect route that starts an operation (202); another organisation starts its own. */
const ARCHITECT_START: Expected = [401, 403, 202, 202, 202];
/** An acme operation a Standard key may manage (batches). */
const STANDARD_OPERATION: Expected = [401, 200, 200, 200, 404];
/** An acme operation that needs Architect (user deletions, exports, summary batches), or its download. */
const ARCHITECT_OPERATION: Expected = [401, 403, 200, 200, 404];

interface Operations {
  readonly users_batch: string;
  readonly events_batch: string;
  readonly user_deletion: string;
  readonly export_search: string;
  readonly export_events: string;
  readonly summary_batch: string;
}

interface Row {
  readonly method: 'GET' | 'POST' | 'DELETE';
  readonly path: string;
  /** The path as failures show it, the operation named by its kind (default: the path). */
  readonly label?: string;
  readonly body?: unknown;
  readonly expected: Expected;
}

function table(operations: Operations, profileId: string, sessionId: string): Row[] {
  const rows: Row[] = [
    { method: 'GET', path: '/v2/operations', expected: STANDARD },
    { method: 'GET', path: '/v2/operations?kind=users_batch', expected: STANDARD },
    { method: 'GET', path: '/v2/operations?kind=events_batch', expected: STANDARD },
    { method: 'GET', path: '/v2/operations?kind=user_deletion', expected: [401, 403, 200, 200, 200] },
    { method: 'GET', path: '/v2/operations?kind=export', expected: [401, 403, 200, 200, 200] },
    { method: 'GET', path: '/v2/operations?kind=summary_batch', expected: [401, 403, 200, 200, 200] },
  ];
  const levels: Record<keyof Operations, Expected> = {
    users_batch: STANDARD_OPERATION,
    events_batch: STANDARD_OPERATION,
    user_deletion: ARCHITECT_OPERATION,
    export_search: ARCHITECT_OPERATION,
    export_events: ARCHITECT_OPERATION,
    summary_batch: ARCHITECT_OPERATION,
  };
  for (const [name, id] of Object.entries(operations) as [keyof Operations, string][]) {
    rows.push(
      { method: 'GET', path: `/v2/operations/${id}`, label: `/v2/operations/{${name}}`, expected: levels[name] },
      { method: 'GET', path: `/v2/operations/${id}/results`, label: `/v2/operations/{${name}}/results`, expected: levels[name] },
      // Finished: cancelling answers it as it is, so the rows after still find it.
      { method: 'DELETE', path: `/v2/operations/${id}`, label: `/v2/operations/{${name}}`, expected: levels[name] },
    );
  }
  rows.push(
    { method: 'POST', path: '/v2/sessions/search', body: {}, expected: STANDARD },
    { method: 'POST', path: '/v2/exports/search', body: {}, expected: ARCHITECT_START },
    { method: 'POST', path: '/v2/exports/events', body: { from: '2026-01-01T00:00:00Z', to: '2027-01-01T00:00:00Z' }, expected: ARCHITECT_START },
    { method: 'GET', path: `/v2/exports/${operations.export_search}/download`, label: '/v2/exports/{export_search}/download', expected: ARCHITECT_OPERATION },
    { method: 'GET', path: `/v2/exports/${operations.export_events}/download`, label: '/v2/exports/{export_events}/download', expected: ARCHITECT_OPERATION },
    // Another organisation's key names acme's profile: unknown there.
    { method: 'POST', path: `/v2/sessions/summary/batch?config_profile=${profileId}`, body: { session_ids: [sessionId] }, expected: [401, 403, 202, 202, 404] },
  );
  return rows;
}

describe.each(STORE_KINDS)('levels and organisations on every operation, search, export and summary batch route (%s)', (store) => {
  let server: ServerHarness;
  let operations: Operations;
  let profileId: string;
  let sessionId: string;
  const keyOf = (caller: Caller): string | undefined => (caller === 'none' ? undefined : caller === 'other' ? server.keys.globex.admin : server.keys.acme[caller]);

  beforeAll(async () => {
    server = await createServerHarness({ store });
    const { standard, architect } = server.keys.acme;
    const start = async (method: string, path: string, key: string, body?: unknown) => {
      const response = await server.request(method, path, { key, body });
      expect(response.status, `${method} ${path}`).toBe(202);
      return (response.body.job ?? response.body.operation).id as string;
    };
    const fixture = { id: 'visitor-1:s-1', events: [{ type: 'navigate', timestamp: '2026-11-20T10:00:00.000Z', url: 'https://shop.example/checkout' }] };
    sessionId = (await importSession(server.stores.na1, server.orgs.acme, JSON.stringify(fixture), { source: 's1.json', now: server.clock.now })).id;
    await server.request('POST', '/v2/events', { key: standard, body: { name: 'Plan Upgraded', user: { uid: 'levels' } } });
    profileId = (await server.request('POST', '/v2/visit_profile', { key: standard, body: { llm: { pre_prompt: 'Summarise.' } } })).body.id as string;
    const doomed = (await server.request('POST', '/v2/users', { key: standard, body: { uid: 'levels-doomed' } })).body.id as string;
    operations = {
      users_batch: await start('POST', '/v2/users/batch', standard, { requests: [{ uid: 'levels-batch' }] }),
      events_batch: await start('POST', '/v2/events/batch', standard, { requests: [{ name: 'Walked', user: { uid: 'levels-batch' } }] }),
      user_deletion: await start('DELETE', `/v2/users/${doomed}`, architect),
      export_search: await start('POST', '/v2/exports/search', architect, {}),
      export_events: await start('POST', '/v2/exports/events', architect, { from: '2026-01-01T00:00:00Z', to: '2027-01-01T00:00:00Z' }),
      summary_batch: await start('POST', `/v2/sessions/summary/batch?config_profile=${profileId}`, architect, { session_ids: [sessionId] }),
    };
    await server.jobs.idle();
  });
  afterAll(async () => server?.close());

  it('answers each route with the documented status for every caller', async () => {
    const answered: string[] = [];
    const expected: string[] = [];
    for (const row of table(operations, profileId, sessionId)) {
      for (const [index, caller] of CALLERS.entries()) {
        const response = await server.request(row.method, row.path, { key: keyOf(caller), body: row.body });
        const route = `${row.method} ${row.label ?? row.path} as ${caller}`;
        answered.push(`${route}: ${response.status}`);
        expected.push(`${route}: ${row.expected[index]}`);
      }
    }
    // One comparison, so that a failure lists every route and caller that differ.
    expect(answered).toEqual(expected);
  });

  it("shows another organisation none of acme's operations", async () => {
    const listed = await server.request('GET', '/v2/operations', { key: server.keys.globex.admin });
    const ids = new Set(Object.values(operations));
    expect(listed.body.results.filter((operation: { id: string }) => ids.has(operation.id))).toEqual([]);
  });
});

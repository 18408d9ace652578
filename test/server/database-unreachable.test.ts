// A PostgreSQL database stopped under a running server: API routes answer 503 store_unavailable
// with Retry-After (retryable, never saved under an Idempotency-Key), /metrics keeps answering with
// recap_store_up 0, /readyz is 503 and /healthz 200. A server of the test's own is stopped for real.

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createServerHarness, type ServerHarness } from '../support/server-harness.js';
import { startOwnPostgres, type OwnPostgresServer } from '../support/own-postgres-server.js';

const unavailable = { code: 'store_unavailable', message: 'the database cannot be reached; retry later' };

describe('a PostgreSQL database that stops under a running server', () => {
  let database: OwnPostgresServer;
  let server: ServerHarness;
  beforeAll(async () => {
    database = await startOwnPostgres();
    server = await createServerHarness({ store: 'postgres', postgresUrl: database.url });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await database?.stop();
  });

  it('answers 503 store_unavailable with Retry-After on API routes, and /metrics 200 with the store down', async () => {
    const key = server.keys.acme.standard;
    expect((await server.request('GET', '/me', { key })).status).toBe(200);
    const before = await (await server.app.request('/metrics')).text();
    expect(before).toMatch(/^recap_store_up\{data_center="na1"\} 1$/m);
    expect(before).toMatch(/^recap_batch_jobs_unfinished 0$/m);

    await database.stop();

    const requests: [string, string, unknown?][] = [
      ['GET', '/me'],
      ['POST', '/v2/users', { uid: 'alice' }],
      ['GET', '/v2/operations'],
      ['POST', '/v2/sessions/search', {}],
      ['POST', '/v2/events/batch', { requests: [{ name: 'a' }] }],
    ];
    for (const [method, target, body] of requests) {
      const response = await server.request(method, target, { key, body });
      expect(response.status, `${method} ${target}`).toBe(503);
      expect(response.body, `${method} ${target}`).toEqual(unavailable);
      expect(response.headers.get('retry-after'), `${method} ${target}`).toBe('5');
    }
    const idempotent = await server.request('POST', '/v2/users', { key, body: { uid: 'bob' }, headers: { 'idempotency-key': 'while-down' } });
    expect(idempotent).toMatchObject({ status: 503, body: unavailable });

    const metrics = await server.app.request('/metrics');
    expect(metrics.status).toBe(200);
    const text = await metrics.text();
    expect(text).toMatch(/^recap_store_up\{data_center="na1"\} 0$/m);
    expect(text).toMatch(/^recap_store_up\{data_center="eu1"\} 0$/m);
    // A queue that cannot be counted is left out rather than reported as empty.
    expect(text).not.toMatch(/^recap_batch_jobs_unfinished /m);
    expect(text).toMatch(/^recap_http_requests_total\{method="GET",route="\/me",status="503"\} 1$/m);

    expect((await server.app.request('/readyz')).status).toBe(503);
    expect((await server.app.request('/healthz')).status).toBe(200);
    // 503s are answers, not internal errors: the app logs none. The job runner says once per data
    // center that it cannot claim jobs (again only after a minute, and the harness's clock stands still).
    await vi.waitFor(() => {
      const logged = server.logs.filter((line) => 'level' in line).map((line) => String(line.message));
      expect(logged.sort()).toEqual(
        ['eu1', 'na1'].map((dataCenter) => expect.stringMatching(new RegExp(`^the store of ${dataCenter} cannot be reached, no batch job can be claimed there \\(.*\\): the PostgreSQL database cannot be reached: `))),
      );
    });
  }, 60_000);
});

// GET /readyz (readiness) next to /healthz (liveness): 503 while a store cannot serve or the
// server is stopping, naming why without internal addresses.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app/create-app.js';
import type { DataCenterStore, Readiness } from '../../src/server/store/store.js';
import { createServerHarness, type ServerHarness } from '../support/server-harness.js';

let server: ServerHarness;
beforeAll(async () => {
  server = await createServerHarness();
});
afterAll(async () => server.close());

/** The harness's store of a data center, answering `readiness` to checkReady. */
const storeAnswering = (store: DataCenterStore, readiness: Readiness): DataCenterStore =>
  Object.assign(Object.create(store) as DataCenterStore, { checkReady: async () => readiness });

describe('GET /readyz', () => {
  it('answers 200 ready without a key when every store can serve', async () => {
    const response = await server.request('GET', '/readyz');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ready' });
  });

  it('answers 503 naming the store that cannot serve, never its address, while /healthz stays 200', async () => {
    const failing = storeAnswering(server.stores.eu1, { ready: false, reason: 'the PostgreSQL database of eu1 lacks migration 4 (leases and moves) at postgres://recap@10.1.2.3:5432/recap' });
    const app = createApp({ ...server.deps, jobs: server.jobs, stores: { ...server.stores, eu1: failing } });
    const response = await app.request('/readyz');
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ status: 'not_ready', reasons: ['eu1: the PostgreSQL database of eu1 lacks migration 4 (leases and moves) at [address]'] });
    expect((await app.request('/healthz')).status).toBe(200);
  });

  it('answers 503 once the server is stopping, so that a load balancer sends no more requests', async () => {
    const lifecycle = { draining: false };
    const app = createApp({ ...server.deps, jobs: server.jobs, lifecycle });
    expect((await app.request('/readyz')).status).toBe(200);
    lifecycle.draining = true;
    const response = await app.request('/readyz');
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ status: 'not_ready', reasons: ['the server is stopping'] });
  });
});

// Operations on both stores: batches and user deletions listed, read, paged and cancelled as
// operations with one shape; every route walked with every level and another organisation's key.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServerHarness, STORE_KINDS, type ServerHarness } from '../support/server-harness.js';

describe.each(STORE_KINDS)('operations (%s)', (store) => {
  let server: ServerHarness;
  let standard: string;
  let architect: string;
  beforeAll(async () => {
    server = await createServerHarness({ store, runJobs: false });
    standard = server.keys.acme.standard;
    architect = server.keys.acme.architect;
  });
  afterAll(async () => server.close());

  const get = (target: string, key = standard) => server.request('GET', target, { key });
  const submitUsers = async (requests: unknown[]) => (await server.request('POST', '/v2/users/batch', { key: standard, body: { requests } })).body.job.id as string;

  it('shows a batch as PENDING, then COMPLETED with its progress, result and results, as the batch route counts them', async () => {
    const id = await submitUsers([{ uid: 'op-1' }, { uid: 'op-2', properties: { 'no spaces': 1 } }, { uid: 'op-3' }]);
    expect((await get(`/v2/operations/${id}`)).body).toEqual({
      id,
      kind: 'users_batch',
      status: 'PENDING',
      created: expect.any(String),
      finished: null,
      progress: { done: 0, total: 3, failed: 0 },
    });
    server.jobs.start();
    await server.jobs.idle();
    const done = await get(`/v2/operations/${id}`);
    expect(done.body).toMatchObject({ status: 'COMPLETED', finished: expect.any(String), progress: { done: 3, total: 3, failed: 1 }, result: { imports: 2, errors: 1 } });
    const batch = await get(`/v2/users/batch/${id}`);
    expect(batch.body).toMatchObject({ job: { id, status: 'COMPLETED' }, imports: 2, errors: 1 });
    const results = await get(`/v2/operations/${id}/results?page_size=2`);
    expect(results.body.results.map((entry: { index: number; ok: boolean }) => [entry.index, entry.ok])).toEqual([[0, true], [1, false]]);
    expect(results.body.results[1].result).toMatchObject({ code: 'invalid_request' });
    const rest = await get(`/v2/operations/${id}/results?page_size=2&page_token=${results.body.next_page_token}`);
    expect(rest.body).toMatchObject({ results: [{ index: 2, ok: true, result: { uid: 'op-3' } }], next_page_token: null });
    await server.jobs.stop();
  });

  it('cancels a pending operation: the runner never applies it, and the batch route says CANCELLED', async () => {
    const fresh = await createServerHarness({ store, runJobs: false });
    try {
      const id = (await fresh.request('POST', '/v2/users/batch', { key: fresh.keys.acme.standard, body: { requests: [{ uid: 'never-1' }, { uid: 'never-2' }] } })).body.job.id as string;
      const cancelled = await fresh.request('DELETE', `/v2/operations/${id}`, { key: fresh.keys.acme.standard });
      expect(cancelled.status).toBe(200);
      expect(cancelled.body).toMatchObject({ id, status: 'CANCELLED', finished: expect.any(String), progress: { done: 0, total: 2, failed: 0 } });
      fresh.jobs.start();
      await fresh.jobs.idle();
      expect((await fresh.request('GET', `/v2/operations/${id}`, { key: fresh.keys.acme.standard })).body.status).toBe('CANCELLED');
      expect((await fresh.request('GET', `/v2/users/batch/${id}`, { key: fresh.keys.acme.standard })).body.job.status).toBe('CANCELLED');
      expect((await fresh.request('GET', '/v2/users?uid=never-1', { key: fresh.keys.acme.architect })).status).toBe(404);
      // A finished operation is answered as it is.
      const again = await fresh.request('DELETE', `/v2/operations/${id}`, { key: fresh.keys.acme.standard });
      expect(again.body.status).toBe('CANCELLED');
    } finally {
      await fresh.close();
    }
  });

  it('lists newest first, by kind and status, in pages without repeats', async () => {
    const fresh = await createServerHarness({ store, runJobs: false });
    try {
      const key = fresh.keys.acme.architect;
      const ids: string[] = [];
      for (let n = 0; n < 5; n++) {
        fresh.clock.now = new Date(Date.parse('2026-11-22T10:00:00.000Z') + n * 1000);
        ids.push((await fresh.request('POST', '/v2/events/batch', { key, body: { requests: [{ name: 'E', user: { uid: `u-${n}` } }] } })).body.job.id as string);
      }
      const user = (await fresh.request('POST', '/v2/users', { key, body: { uid: 'to-delete' } })).body.id as string;
      const deletion = (await fresh.request('DELETE', `/v2/users/${user}`, { key })).body.job.id as string;
      await fresh.request('DELETE', `/v2/operations/${ids[1]}`, { key });
      const first = await fresh.request('GET', '/v2/operations?page_size=4', { key });
      const second = await fresh.request('GET', `/v2/operations?page_size=4&page_token=${first.body.next_page_token}`, { key });
      expect([...first.body.results, ...second.body.results].map((operation: { id: string }) => operation.id)).toEqual([deletion, ...[...ids].reverse()]);
      expect(second.body.next_page_token).toBeNull();
      const events = await fresh.request('GET', '/v2/operations?kind=events_batch&status=PENDING', { key });
      expect(events.body.results.map((operation: { id: string }) => operation.id)).toEqual([ids[4], ids[3], ids[2], ids[0]]);
      const cancelled = await fresh.request('GET', '/v2/operations?status=CANCELLED', { key });
      expect(cancelled.body.results.map((operation: { id: string }) => operation.id)).toEqual([ids[1]]);
      expect((await fresh.request('GET', '/v2/operations?page_token=nonsense', { key })).status).toBe(400);
      expect((await fresh.request('GET', '/v2/operations?kind=teleport', { key })).status).toBe(400);
    } finally {
      await fresh.close();
    }
  });

  it('filters PENDING and PROCESSING in the query: every page is full until the last, whatever lies between', async () => {
    const fresh = await createServerHarness({ store, runJobs: false });
    try {
      const key = fresh.keys.acme.standard;
      const at = (second: number) => (fresh.clock.now = new Date(Date.parse('2026-11-22T10:00:00.000Z') + second * 1000));
      const submit = async (second: number) => {
        at(second);
        return (await fresh.request('POST', '/v2/users/batch', { key, body: { requests: [{ uid: `page-${second}` }] } })).body.job.id as string;
      };
      // Taken by another instance (odd seconds), each claimed before the next is created: the
      // oldest unclaimed job is the one claimed.
      const processing: string[] = [];
      for (const second of [1, 3, 5, 7, 9, 11, 13]) {
        processing.push(await submit(second));
        const claimed = await fresh.stores.na1.transaction((writer) => writer.claimJob({ owner: 'elsewhere', now: fresh.clock.now.toISOString(), leaseMs: 600_000 }));
        expect(claimed?.job.id).toBe(processing.at(-1));
      }
      // Not yet taken (even seconds), interleaved with them in the list; one cancelled among them.
      const pending: string[] = [];
      for (const second of [0, 2, 4, 6, 8, 10, 12]) pending.push(await submit(second));
      const cancelled = await submit(14);
      await fresh.request('DELETE', `/v2/operations/${cancelled}`, { key });

      const walk = async (status: string) => {
        const pages: string[][] = [];
        let token: string | null = null;
        do {
          const response = await fresh.request('GET', `/v2/operations?status=${status}&page_size=3${token === null ? '' : `&page_token=${token}`}`, { key });
          expect(response.status).toBe(200);
          pages.push(response.body.results.map((operation: { id: string; status: string }) => (expect(operation.status).toBe(status), operation.id)));
          token = response.body.next_page_token;
        } while (token !== null);
        return pages;
      };
      const newestFirst = (ids: string[]) => [...ids].reverse();
      const inPages = (ids: string[]) => [ids.slice(0, 3), ids.slice(3, 6), ids.slice(6)];
      expect(await walk('PENDING')).toEqual(inPages(newestFirst(pending)));
      expect(await walk('PROCESSING')).toEqual(inPages(newestFirst(processing)));
    } finally {
      await fresh.close();
    }
  });

  it('walks every route with every level and another organisation', async () => {
    const fresh = await createServerHarness({ store, runJobs: false });
    try {
      const keys = fresh.keys.acme;
      const batch = (await fresh.request('POST', '/v2/users/batch', { key: keys.standard, body: { requests: [{ uid: 'walk' }] } })).body.job.id as string;
      const user = (await fresh.request('POST', '/v2/users', { key: keys.standard, body: { uid: 'walk-delete' } })).body.id as string;
      const deletion = (await fresh.request('DELETE', `/v2/users/${user}`, { key: keys.architect })).body.job.id as string;
      const routes = (id: string) => [
        ['GET', `/v2/operations/${id}`],
        ['GET', `/v2/operations/${id}/results`],
        ['DELETE', `/v2/operations/${id}`],
      ] as const;
      // A Standard key sees and manages batches, not deletions (an Architect's operation).
      for (const [method, target] of routes(deletion)) {
        expect((await fresh.request(method, target, { key: keys.standard })).status, `${method} ${target} standard`).toBe(403);
        expect((await fresh.request(method, target, { key: fresh.keys.globex.admin })).status, `${method} ${target} globex`).toBe(404);
        expect((await fresh.request(method, target)).status, `${method} ${target} no key`).toBe(401);
      }
      for (const [method, target] of routes(batch)) {
        expect((await fresh.request(method, target, { key: fresh.keys.globex.admin })).status, `${method} ${target} globex`).toBe(404);
      }
      for (const level of ['standard', 'architect', 'admin'] as const) {
        for (const [method, target] of routes(batch).slice(0, 2)) expect((await fresh.request(method, target, { key: keys[level] })).status, `${method} ${target} ${level}`).toBe(200);
      }
      for (const level of ['architect', 'admin'] as const) {
        for (const [method, target] of routes(deletion).slice(0, 2)) expect((await fresh.request(method, target, { key: keys[level] })).status, `${method} ${target} ${level}`).toBe(200);
      }
      const listed = async (key: string) => (await fresh.request('GET', '/v2/operations', { key })).body.results.map((operation: { id: string }) => operation.id);
      expect(await listed(keys.standard)).toEqual([batch]);
      expect(await listed(keys.architect)).toEqual([deletion, batch]);
      expect(await listed(fresh.keys.globex.admin)).toEqual([]);
      expect((await fresh.request('GET', '/v2/operations?kind=user_deletion', { key: keys.standard })).body).toEqual({
        code: 'forbidden',
        message: "this key's level (standard) does not allow user_deletion operations; they need architect or higher",
      });
      expect((await fresh.request('GET', `/v2/operations/${deletion}`, { key: keys.standard })).body.message).toBe(
        `this key's level (standard) does not allow operation ${deletion} (user_deletion); it needs architect or higher`,
      );
      expect((await fresh.request('GET', '/v2/operations')).status).toBe(401);
      expect((await fresh.request('DELETE', `/v2/operations/${batch}`, { key: keys.standard })).body.status).toBe('CANCELLED');
      expect((await fresh.request('DELETE', `/v2/operations/${deletion}`, { key: keys.admin })).body.status).toBe('CANCELLED');
    } finally {
      await fresh.close();
    }
  });

  it("shows an events batch's results as the batch routes show them: each import as its event record", async () => {
    const fresh = await createServerHarness({ store });
    try {
      const read = async (target: string) => (await fresh.request('GET', target, { key: fresh.keys.acme.standard })).body;
      const requests = [{ name: 'a', user: { uid: 'op-events' } }, { name: '' }, { name: 'b', properties: { plan: 'pro' }, timestamp: '2026-03-01T10:00:00Z' }, { name: 'c', properties: { 'no spaces': 1 } }];
      const id = (await fresh.request('POST', '/v2/events/batch', { key: fresh.keys.acme.standard, body: { requests } })).body.job.id as string;
      await fresh.jobs.idle();
      const results = (await read(`/v2/operations/${id}/results`)).results as { index: number; ok: boolean; result: unknown }[];
      const imports = (await read(`/v2/events/batch/${id}/imports`)).results as { index: number; record: unknown }[];
      const errors = (await read(`/v2/events/batch/${id}/errors`)).results as { index: number }[];
      expect(results.map((entry) => [entry.index, entry.ok])).toEqual([[0, true], [1, false], [2, true], [3, false]]);
      expect(results.filter((entry) => entry.ok).map((entry) => ({ index: entry.index, record: entry.result }))).toEqual(imports);
      expect(results.filter((entry) => !entry.ok).map((entry) => ({ index: entry.index, ...(entry.result as object) }))).toEqual(errors);
      expect(results[0]?.result).toEqual({ id: expect.stringMatching(/^e-/), name: 'a', timestamp: expect.any(String), user_id: expect.stringMatching(/^u-/), session_id: null, properties: {} });
      expect(results[2]?.result).toMatchObject({ name: 'b', timestamp: '2026-03-01T10:00:00.000Z', user_id: null, properties: { plan: 'pro' } });
    } finally {
      await fresh.close();
    }
  });
});

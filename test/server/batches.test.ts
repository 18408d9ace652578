// Batches as jobs: submit, status, errors and imports pages, restart.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app/create-app.js';
import { createJobRunner } from '../../src/server/batches/job-runner.js';
import { StoreUnavailableError, type DataCenterStore, type StoreWriter } from '../../src/server/store/store.js';
import { createServerHarness, STORE_KINDS, type ServerHarness } from '../support/server-harness.js';

let server: ServerHarness;
let key: string;
beforeAll(async () => {
  server = await createServerHarness();
  key = server.keys.acme.standard;
});
afterAll(async () => server.close());

describe('POST /v2/users/batch', () => {
  it('answers 202 with a job, then reports imports and per-item errors in pages', async () => {
    const requests = [
      ...Array.from({ length: 150 }, (_, index) => ({ uid: `batch-${index}`, properties: { n: index } })),
      { uid: 'bad', properties: { 'no spaces': 1 } },
      { nickname: 'x' },
    ];
    const submitted = await server.request('POST', '/v2/users/batch', { key, body: { requests } });
    expect(submitted.status).toBe(202);
    expect(submitted.body).toEqual({ job: { id: expect.stringMatching(/^j-/), status: 'PROCESSING', created: '2026-11-22T10:00:00.000Z' } });
    await server.jobs.idle();
    const id = submitted.body.job.id;
    const status = await server.request('GET', `/v2/users/batch/${id}`, { key });
    expect(status.body).toEqual({ job: { id, status: 'COMPLETED', created: '2026-11-22T10:00:00.000Z', finished: expect.any(String) }, imports: 150, errors: 2 });

    const errors = await server.request('GET', `/v2/users/batch/${id}/errors`, { key });
    expect(errors.body).toEqual({
      results: [
        { index: 150, code: 'invalid_request', message: 'invalid properties', details: [{ path: 'properties.no spaces', message: expect.any(String) }] },
        { index: 151, code: 'invalid_request', message: 'invalid request body', details: [{ path: 'nickname', message: 'unknown field' }] },
      ],
      total_records: 2,
      next_page_token: null,
    });

    const seen: number[] = [];
    let token: string | null = null;
    do {
      const page = await server.request('GET', `/v2/users/batch/${id}/imports?page_size=64${token === null ? '' : `&page_token=${token}`}`, { key });
      expect(page.body.total_records).toBe(150);
      seen.push(...page.body.results.map((result: { index: number }) => result.index));
      token = page.body.next_page_token;
    } while (token !== null);
    expect(seen).toEqual(Array.from({ length: 150 }, (_, index) => index));
    // Only tokens next_page_token wrote: Number() would read '' and ' ' as 0 and '0x1' as 1.
    for (const forged of ['', '!!!', 'IA', 'MHgx', 'abc']) {
      const page = await server.request('GET', `/v2/users/batch/${id}/imports?page_size=1&page_token=${forged}`, { key });
      expect(page.body, forged).toMatchObject({ code: 'invalid_request', details: [{ path: 'page_token', message: 'not a token from next_page_token' }] });
    }
    const user = await server.request('GET', '/v2/users?uid=batch-149', { key: server.keys.acme.architect });
    expect(user.body.properties).toEqual({ n: 149 });
  });

  it('refuses more than 50,000 items and a body that is not a batch', async () => {
    const tooMany = await server.request('POST', '/v2/users/batch', { key, body: { requests: Array.from({ length: 50_001 }, () => ({})) } });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.details).toEqual([{ path: 'requests', message: 'allows at most 50000 item(s)' }]);
    expect((await server.request('POST', '/v2/users/batch', { key, body: [{}] })).status).toBe(400);
  });

  it("hides another organisation's jobs", async () => {
    const submitted = await server.request('POST', '/v2/users/batch', { key, body: { requests: [{ uid: 'x' }] } });
    expect((await server.request('GET', `/v2/users/batch/${submitted.body.job.id}`, { key: server.keys.globex.admin })).status).toBe(404);
    expect((await server.request('GET', `/v2/events/batch/${submitted.body.job.id}`, { key })).status).toBe(404);
  });
});

describe('POST /v2/events/batch', () => {
  it('records every valid event and reports the invalid ones', async () => {
    const requests = [{ name: 'Viewed', user: { uid: 'batch-ev' } }, { name: '' }, { name: 'Clicked', properties: { x: 1 } }];
    const submitted = await server.request('POST', '/v2/events/batch', { key, body: { requests } });
    await server.jobs.idle();
    const status = await server.request('GET', `/v2/events/batch/${submitted.body.job.id}`, { key });
    expect(status.body).toMatchObject({ job: { status: 'COMPLETED' }, imports: 2, errors: 1 });
    const errors = await server.request('GET', `/v2/events/batch/${submitted.body.job.id}/errors`, { key });
    expect(errors.body.results).toEqual([{ index: 1, code: 'invalid_request', message: 'invalid request body', details: [{ path: 'name', message: 'must not be empty' }] }]);
  });

  it('shows every import as the whole event recorded, though most are stored without what their item holds', async () => {
    const requests: unknown[] = [
      { name: 'Import Viewed', user: { uid: 'imports-ev' }, timestamp: '2026-03-01T10:00:00+02:00' },
      { name: '' },
      { name: 'Import Clicked', properties: { x: 1, nested: { y: 'z' } } },
      // A property sent as null is dropped: the record differs from the item, and is stored whole.
      { name: 'Import Cleared', properties: { gone: null, kept: 2 } },
      ...Array.from({ length: 700 }, () => ({ name: '' })),
      { name: 'Import Far Away', properties: { at: 704 } },
    ];
    const submitted = await server.request('POST', '/v2/events/batch', { key, body: { requests } });
    const jobId = submitted.body.job.id as string;
    await server.jobs.idle();
    const imports = await server.request('GET', `/v2/events/batch/${jobId}/imports?page_size=10`, { key });
    const userId = (await server.stores.na1.findUserByUid(server.orgs.acme.id, 'imports-ev'))?.id;
    const stored = (await server.stores.na1.listEvents(server.orgs.acme.id, { limit: 1000 })).items;
    const recorded = (name: string) => stored.find((event) => event.name === name);
    const expected = (name: string) => {
      const event = recorded(name);
      return { id: event?.id, name, timestamp: event?.timestamp, user_id: event?.userId, session_id: null, properties: event?.properties };
    };
    expect(imports.body.results).toEqual([
      { index: 0, record: { ...expected('Import Viewed'), timestamp: '2026-03-01T08:00:00.000Z', user_id: userId, properties: {} } },
      { index: 2, record: { ...expected('Import Clicked'), properties: { x: 1, nested: { y: 'z' } } } },
      { index: 3, record: { ...expected('Import Cleared'), properties: { kept: 2 } } },
      { index: 704, record: { ...expected('Import Far Away'), properties: { at: 704 } } },
    ]);
    const kept = await server.stores.na1.listJobResults(jobId, { ok: true, after: -1, limit: 10 });
    expect(kept.map((result) => Array.isArray(result.result))).toEqual([true, true, false, true]);
  });

  it('reserves the server event quota for the whole batch: 429 when it does not fit', async () => {
    const limited = await createServerHarness({ serverEventQuota: 3 });
    const response = await limited.request('POST', '/v2/events/batch', { key: limited.keys.acme.standard, body: { requests: [{ name: 'a' }, { name: 'b' }, { name: 'c' }, { name: 'd' }] } });
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toMatch(/^\d+$/);
    await limited.close();
  });
});

describe.each(STORE_KINDS)('the server event quota and batch items that are no events, on %s', (store) => {
  it('gives back the quota of refused items, and of the items a cancelled batch never applies', async () => {
    const limited = await createServerHarness({ store, serverEventQuota: 5, runJobs: false });
    try {
      const key = limited.keys.acme.standard;
      const send = (name: string) => limited.request('POST', '/v2/events', { key, body: { name } });
      // Five reserved, four of them refused (an empty name): one event stored, four back.
      const refused = await limited.request('POST', '/v2/events/batch', { key, body: { requests: [{ name: 'kept' }, { name: '' }, { name: '' }, { name: '' }, { name: '' }] } });
      expect(refused.status).toBe(202);
      limited.jobs.start();
      await limited.jobs.idle();
      await limited.jobs.stop();
      for (const name of ['one', 'two']) expect((await send(name)).status).toBe(200);
      // Two left: a batch of two reserves them, and its cancel before any chunk gives them back.
      const cancelled = await limited.request('POST', '/v2/events/batch', { key, body: { requests: [{ name: 'x' }, { name: 'y' }] } });
      expect(cancelled.status).toBe(202);
      expect((await send('over')).status).toBe(429);
      expect((await limited.request('DELETE', `/v2/operations/${cancelled.body.job.id}`, { key })).status).toBe(200);
      for (const name of ['three', 'four']) expect((await send(name)).status).toBe(200);
      expect((await send('five')).status).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe.each(STORE_KINDS)('jobs side by side on %s', (store) => {
  it('jobs creating the same new users at once all complete, with one user per uid', async () => {
    const server = await createServerHarness({ store, runJobs: false });
    const uids = Array.from({ length: 300 }, (_, index) => `crowd-${index}`);
    const submit = (path: string, body: unknown) => server.request('POST', path, { key: server.keys.acme.standard, body });
    const jobs = [
      ...(await Promise.all(
        [0, 1, 2, 3].map((round) => submit('/v2/events/batch', { requests: uids.map((uid, index) => ({ name: 'Crowd Arrived', user: { uid }, properties: { round, index } })) })),
      )),
      ...(await Promise.all([0, 1].map((round) => submit('/v2/users/batch', { requests: [...uids].reverse().map((uid) => ({ uid, properties: { round } })) })))),
    ].map((response) => response.body.job.id as string);
    // Four jobs at a time on one store: on PostgreSQL they really run side by side.
    const runner = createJobRunner(server.deps, { concurrency: () => 4, chunkSize: 100, pollMs: 5 });
    runner.start();
    await runner.idle();
    await runner.stop();
    for (const id of jobs) expect(await server.stores.na1.findJob(server.orgs.acme.id, id)).toMatchObject({ status: 'COMPLETED', imports: 300, errors: 0 });
    const ids = await server.stores.na1.findUserIdsByUids(server.orgs.acme.id, uids);
    expect(ids.size).toBe(300);
    const events = [];
    for (let after: string | null = null; ; ) {
      const page = await server.stores.na1.listEvents(server.orgs.acme.id, { after, limit: 500 });
      events.push(...page.items);
      if (page.next === null) break;
      after = page.next;
    }
    expect(events).toHaveLength(1200);
    expect(new Set(events.map((event) => event.userId))).toEqual(new Set(ids.values()));
    await server.close();
  });
});

describe('restarts', () => {
  it('a graceful stop hands the lease back: another instance continues the job at once, from the last committed chunk', async () => {
    const server = await createServerHarness({ runJobs: false });
    const submitted = await server.request('POST', '/v2/events/batch', {
      key: server.keys.acme.standard,
      body: { requests: Array.from({ length: 3000 }, (_, index) => ({ name: 'Handed Back', properties: { index } })) },
    });
    const jobId = submitted.body.job.id as string;
    const first = createJobRunner(server.deps, { owner: 'first', chunkSize: 100, pollMs: 5 });
    first.start();
    for (;;) {
      const job = await server.stores.na1.findJob(server.orgs.acme.id, jobId);
      if ((job?.cursor ?? 0) >= 500) break;
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    await first.stop();
    const stopped = await server.stores.na1.findJob(server.orgs.acme.id, jobId);
    expect(stopped).toMatchObject({ status: 'PROCESSING' });
    expect(stopped?.cursor).toBeLessThan(3000);
    // No lease left to wait for: the next instance claims it now (the clock has not moved).
    const claimed = await server.stores.na1.transaction((writer) => writer.claimJob({ owner: 'second', now: server.clock.now.toISOString(), leaseMs: 30_000 }));
    expect(claimed).toMatchObject({ job: { id: jobId, cursor: stopped?.cursor }, takeover: false });
    await server.stores.na1.transaction((writer) => writer.releaseJobLease(jobId, 'second'));
    server.jobs.start();
    await server.jobs.idle();
    expect(await server.stores.na1.findJob(server.orgs.acme.id, jobId)).toMatchObject({ status: 'COMPLETED', imports: 3000, errors: 0 });
    await server.close();
  });

  it("takes over a crashed instance's job once its lease has run out, and never applies a chunk twice", async () => {
    const server = await createServerHarness({ runJobs: false, jobLeaseMs: 30_000 });
    const submitted = await server.request('POST', '/v2/events/batch', {
      key: server.keys.acme.standard,
      body: { requests: Array.from({ length: 1500 }, (_, index) => ({ name: 'Taken Over', properties: { index } })) },
    });
    const jobId = submitted.body.job.id as string;
    // An instance claimed the job, then died: no heartbeat, no release.
    await server.stores.na1.transaction((writer) => writer.claimJob({ owner: 'crashed', now: server.clock.now.toISOString(), leaseMs: 30_000 }));
    server.jobs.start();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await server.stores.na1.findJob(server.orgs.acme.id, jobId)).toMatchObject({ cursor: 0, status: 'PROCESSING' });
    server.clock.now = new Date(server.clock.now.getTime() + 31_000);
    await server.jobs.idle();
    expect(await server.stores.na1.findJob(server.orgs.acme.id, jobId)).toMatchObject({ status: 'COMPLETED', imports: 1500 });
    const metrics = await (await server.app.request('/metrics')).text();
    expect(metrics).toMatch(/^recap_lease_takeovers_total\{what="job"\} 1$/m);
    // The crashed instance, were it to wake up, finds the job no longer its own.
    expect(await server.stores.na1.transaction((writer) => writer.lockJobForChunk(jobId, { owner: 'crashed', cursor: 0 }))).toBe(false);
    await server.close();
  });

  it('claims a job of one chunk, applies it and finishes it in one transaction', async () => {
    const server = await createServerHarness({ runJobs: false });
    const submitted = await server.request('POST', '/v2/events/batch', {
      key: server.keys.acme.standard,
      body: { requests: Array.from({ length: 40 }, (_, index) => ({ name: 'One Commit', properties: { index } })) },
    });
    const calls: string[][] = [];
    const watched = withWriter(server.stores.na1, (writer) => {
      const transaction: string[] = [];
      calls.push(transaction);
      return new Proxy(writer, {
        get(target, name, receiver) {
          const value = Reflect.get(target, name, receiver) as unknown;
          if (typeof value !== 'function' || typeof name !== 'string') return value;
          return (...args: unknown[]) => {
            if (['claimJob', 'lockJobForChunk', 'recordJobProgress', 'finishJob', 'insertEvents'].includes(name)) transaction.push(name);
            return (value as (...values: unknown[]) => unknown).apply(target, args);
          };
        },
      });
    });
    const runner = createJobRunner({ ...server.deps, stores: { ...server.deps.stores, na1: watched } }, { pollMs: 5 });
    runner.start();
    await runner.idle();
    await runner.stop();
    expect(await server.stores.na1.findJob(server.orgs.acme.id, submitted.body.job.id)).toMatchObject({ status: 'COMPLETED', imports: 40 });
    // One transaction did it all; the others only looked for work.
    expect(calls.filter((names) => names.length > 1)).toEqual([['claimJob', 'insertEvents', 'recordJobProgress', 'finishJob']]);
    await server.close();
  });

  it('a chunk that fails with an unexpected error ends its job FAILED, and the next job still runs', async () => {
    const server = await createServerHarness({ runJobs: false });
    const batch = (name: string) =>
      server.request('POST', '/v2/events/batch', { key: server.keys.acme.standard, body: { requests: Array.from({ length: 250 }, (_, index) => ({ name, properties: { index } })) } });
    const broken = (await batch('Disk Full')).body.job.id as string;
    const fine = (await batch('Fine')).body.job.id as string;
    const failing = withWriter(server.stores.na1, (writer) => ({
      ...bindAll(writer),
      insertEvents: async (records) => {
        if (records.some((record) => record.name === 'Disk Full')) throw new Error('disk full');
        return writer.insertEvents(records);
      },
    }));
    const logged: string[] = [];
    const runner = createJobRunner({ ...server.deps, stores: { ...server.deps.stores, na1: failing }, logger: (entry) => logged.push(String(entry.message)) }, { chunkSize: 100, pollMs: 5 });
    runner.start();
    await runner.idle();
    await runner.stop();
    expect(await server.stores.na1.findJob(server.orgs.acme.id, broken)).toMatchObject({ status: 'FAILED', imports: 0, cursor: 0 });
    expect(await server.stores.na1.findJob(server.orgs.acme.id, fine)).toMatchObject({ status: 'COMPLETED', imports: 250 });
    expect(logged).toEqual([`batch job ${broken} failed: disk full`]);
    await server.close();
  });

  it('pauses a job whose chunk met an unreachable database instead of failing it, and finishes it once the database answers', async () => {
    const server = await createServerHarness({ runJobs: false });
    const submitted = await server.request('POST', '/v2/events/batch', {
      key: server.keys.acme.standard,
      body: { requests: Array.from({ length: 250 }, (_, index) => ({ name: 'Blip', properties: { index } })) },
    });
    const id = submitted.body.job.id as string;
    // The second chunk's insert meets the outage (the first is applied with the claim).
    let inserts = 0;
    const flaky = withWriter(server.stores.na1, (writer) => ({
      ...bindAll(writer),
      insertEvents: async (records) => {
        if (++inserts === 2) throw new StoreUnavailableError('the PostgreSQL database cannot be reached: Connection terminated unexpectedly', { cause: new Error('Connection terminated unexpectedly') });
        return writer.insertEvents(records);
      },
    }));
    const logged: string[] = [];
    const runner = createJobRunner({ ...server.deps, stores: { ...server.deps.stores, na1: flaky }, logger: (entry) => logged.push(String(entry.message)) }, { chunkSize: 100, pollMs: 5 });
    runner.start();
    await runner.idle();
    await runner.stop();
    expect(await server.stores.na1.findJob(server.orgs.acme.id, id)).toMatchObject({ status: 'COMPLETED', imports: 250, errors: 0, cursor: 250 });
    expect((await server.stores.na1.listEvents(server.orgs.acme.id, { limit: 1000 })).items.filter((event) => event.name === 'Blip')).toHaveLength(250);
    expect(logged).toEqual([`batch job ${id} paused: the PostgreSQL database cannot be reached: Connection terminated unexpectedly`]);
    await server.close();
  });

  it('finishes jobs an instance accepted and never processed', async () => {
    const restartable = await createServerHarness();
    const stopped = createJobRunner(restartable.deps);
    await stopped.stop();
    // An app whose runner never runs: the job stays PROCESSING, as if the server died at once.
    const app = createApp({ ...restartable.deps, jobs: stopped });
    const response = await app.request('/v2/users/batch', {
      method: 'POST',
      headers: { authorization: `Basic ${restartable.keys.acme.standard}` },
      body: JSON.stringify({ requests: Array.from({ length: 1200 }, (_, index) => ({ uid: `r-${index}` })) }),
    });
    const { job } = (await response.json()) as { job: { id: string } };
    expect((await restartable.stores.na1.findJob(restartable.orgs.acme.id, job.id))?.status).toBe('PROCESSING');
    // The harness's own runner (another instance, as it were) finds the job unleased and takes it.
    await restartable.jobs.idle();
    const finished = await restartable.stores.na1.findJob(restartable.orgs.acme.id, job.id);
    expect(finished).toMatchObject({ status: 'COMPLETED', imports: 1200, errors: 0, cursor: 1200 });
    await restartable.close();
  });
});

/** A store whose transactions hand `work` the writer `wrap` makes of the real one. */
function withWriter(store: DataCenterStore, wrap: (writer: StoreWriter) => StoreWriter): DataCenterStore {
  return new Proxy(store, {
    get(target, name, receiver) {
      if (name === 'transaction') return <T>(work: (writer: StoreWriter) => Promise<T>) => target.transaction((writer) => work(wrap(writer)));
      const value = Reflect.get(target, name, receiver) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** The writer's methods as own properties bound to it, to override some of them. */
function bindAll(writer: StoreWriter): StoreWriter {
  const bound: Record<string, unknown> = {};
  for (let prototype: object | null = writer; prototype !== null && prototype !== Object.prototype; prototype = Object.getPrototypeOf(prototype) as object | null) {
    for (const name of Object.getOwnPropertyNames(prototype)) {
      const value = (writer as unknown as Record<string, unknown>)[name];
      if (name !== 'constructor' && !(name in bound) && typeof value === 'function') bound[name] = (value as (...args: unknown[]) => unknown).bind(writer);
    }
  }
  return bound as unknown as StoreWriter;
}

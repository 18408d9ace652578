// An events batch sent before a user's deletion, whose chunk is applied while the deletion runs:
// its items that name the user are replaced (error lines), never applied after the user is gone,
// which would bring the user back under its uid with the batch's events (docs/privacy.md). One
// test lets the deletion finish between a chunk's start and its transaction (the runner read a
// chunk's items before its transaction, so it applied what the deletion had replaced); the other,
// on PostgreSQL, runs the deletion while the chunk's transaction has read its items (the deletion
// did not wait for the batch's job, so it finished and the chunk created the user again).

import { AsyncResource } from 'node:async_hooks';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { createJobRunner, type JobRunner } from '../../src/server/batches/job-runner.js';
import type { DataCenterStore, StoreWriter } from '../../src/server/store/store.js';
import { createServerHarness, STORE_KINDS, type ServerHarness, type StoreKind } from '../support/server-harness.js';

let server: ServerHarness;
let runner: JobRunner | undefined;
afterEach(async () => {
  await runner?.stop();
  runner = undefined;
  await server?.close();
});

/** `gone` (to be deleted) and `kept` exist; the batch names `kept`, then `gone`. */
async function setUp(store: StoreKind): Promise<{ batch: string; deletion: string }> {
  server = await createServerHarness({ runJobs: false, store });
  const key = server.keys.acme.admin;
  await server.request('POST', '/v2/users', { key, body: { uid: 'kept' } });
  const gone = (await server.request('POST', '/v2/users', { key, body: { uid: 'gone', email: 'gone@example.com' } })).body.id as string;
  const requests = [
    { name: 'Early', user: { uid: 'kept' } },
    { name: 'Late', user: { uid: 'gone' } },
  ];
  const batch = (await server.request('POST', '/v2/events/batch', { key, body: { requests } })).body.job.id as string;
  const deletion = (await server.request('DELETE', `/v2/users/${gone}`, { key })).body.job.id as string;
  return { batch, deletion };
}

/** Runs the deletion job's steps to the end, one transaction each, as the runner does. */
async function deleteToTheEnd(store: DataCenterStore, deletion: string): Promise<void> {
  const orgId = server.orgs.acme.id;
  while (!(await store.transaction((writer) => writer.deleteUserDataStep(orgId, deletion))));
}

/** `store`, whose transactions first await `before` (given the transaction's writer, wrapped as `wrap` returns it). */
function hooked(store: DataCenterStore, before: () => Promise<void>, wrap: (writer: StoreWriter) => StoreWriter = (writer) => writer): DataCenterStore {
  return new Proxy(store, {
    get(target, name, receiver) {
      if (name === 'transaction') {
        return async <T>(work: (writer: StoreWriter) => Promise<T>) => {
          await before();
          return target.transaction((writer) => work(wrap(writer)));
        };
      }
      const value = Reflect.get(target, name, receiver) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** Runs every job with `store` standing for na1, one job at a time, until none is left. */
async function runJobs(store: DataCenterStore, chunkSize: number): Promise<void> {
  runner = createJobRunner({ ...server.deps, stores: { ...server.deps.stores, na1: store } }, { concurrency: () => 1, chunkSize, pollMs: 5 });
  runner.start();
  await runner.idle();
}

/** Nothing of `gone` is left, and the batch's item that named it is an error line. */
async function expectGone(batch: string): Promise<void> {
  const key = server.keys.acme.admin;
  expect((await server.request('GET', '/v2/users?uid=gone', { key })).status).toBe(404);
  const events = (await server.stores.na1.listEvents(server.orgs.acme.id, { limit: 10 })).items;
  expect(events.map((event) => event.name)).toEqual(['Early']);
  const status = (await server.request('GET', `/v2/events/batch/${batch}`, { key })).body;
  expect(status).toMatchObject({ job: { status: 'COMPLETED' }, imports: 1, errors: 1 });
}

describe.each(STORE_KINDS)('an events batch chunk applied while a user is deleted, on %s', (store) => {
  it('reads its items after a deletion that ended before its transaction, so it never applies the replaced ones', async () => {
    const { batch, deletion } = await setUp(store);
    const orgId = server.orgs.acme.id;
    let deleted = false;
    // Once the first chunk (one item) has committed, the deletion runs to its end before the
    // transaction of the next chunk, which names the user, begins.
    const before = async () => {
      if (deleted || (await server.stores.na1.findJob(orgId, batch))?.cursor !== 1) return;
      deleted = true;
      await deleteToTheEnd(server.stores.na1, deletion);
    };
    await runJobs(hooked(server.stores.na1, before), 1);
    expect(deleted).toBe(true);
    await expectGone(batch);
  });
});

const databaseUrl = process.env['RECAP_TEST_DATABASE_URL'];

describe('an events batch chunk applied while a user is deleted, on postgres', () => {
  it('is waited for by the deletion once it has read its items, so what it applies is deleted with the user', async () => {
    if (databaseUrl === undefined || databaseUrl === '') throw new Error('RECAP_TEST_DATABASE_URL is not set: bash scripts/with-postgres.sh npx vitest run test/server/batch-during-deletion.test.ts');
    const { batch, deletion } = await setUp('postgres');
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    let deleting: Promise<void> | undefined;
    // Started from inside the chunk's transaction, but not part of it: bound to this test's context.
    const startDeletion = AsyncResource.bind(() => deleteToTheEnd(server.stores.na1, deletion));
    // The chunk's transaction has claimed the job and read its items; as it looks up the users
    // they name, the deletion starts. The chunk goes on once the deletion waits for a lock, or
    // has ended without waiting.
    const wrap = (writer: StoreWriter): StoreWriter =>
      new Proxy(writer, {
        get(target, name, receiver) {
          if (name === 'findUserIdsByUids') {
            return async (orgId: string, uids: readonly string[]) => {
              if (deleting === undefined && uids.includes('gone')) {
                let ended = false;
                deleting = startDeletion().finally(() => (ended = true));
                for (;;) {
                  const waiting = await client.query<{ n: number }>("SELECT count(*)::integer AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE 'select \"id\" from \"jobs\"%'");
                  if (ended || (waiting.rows[0]?.n ?? 0) > 0) break;
                  await new Promise((resolve) => setTimeout(resolve, 10));
                }
              }
              return target.findUserIdsByUids(orgId, uids);
            };
          }
          const value = Reflect.get(target, name, receiver) as unknown;
          return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
        },
      });
    try {
      // The runner's next transaction (its claim of the deletion job) waits for the deletion's end.
      await runJobs(hooked(server.stores.na1, async () => void (await deleting), wrap), 1000);
      await deleting;
    } finally {
      await client.end();
    }
    expect(deleting).toBeDefined();
    // The chunk committed first (both items applied), then the deletion took the user's event
    // and replaced the item's result: no user named gone, no event Late.
    expect((await server.request('GET', '/v2/users?uid=gone', { key: server.keys.acme.admin })).status).toBe(404);
    const events = (await server.stores.na1.listEvents(server.orgs.acme.id, { limit: 10 })).items;
    expect(events.map((event) => event.name)).toEqual(['Early']);
  });
});

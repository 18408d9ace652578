// On PostgreSQL, chunks of users batches that name the same users in other orders, applied at
// once (two jobs, on two instances or two workers of one): each takes its users in id order
// before it applies its items, so one waits for the other instead of both deadlocking. Before,
// each item locked its user in turn, and a chunk that kept meeting another one in a deadlock was
// tried 10 times, then its job FAILED with nothing applied.

import { AsyncResource } from 'node:async_hooks';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { processChunk } from '../../src/server/batches/batch-items.js';
import type { JobRecord, JsonValue } from '../../src/server/store/records.js';
import type { StoreWriter } from '../../src/server/store/store.js';
import { createServerHarness, type ServerHarness } from '../support/server-harness.js';

let server: ServerHarness;
afterEach(async () => {
  await server?.close();
});

const databaseUrl = process.env['RECAP_TEST_DATABASE_URL'];

/** `writer`, whose findUsersForUpdate (a chunk taking its users) calls `after` once it has returned. */
function afterLocking(writer: StoreWriter, after: () => Promise<void>): StoreWriter {
  return new Proxy(writer, {
    get(target, name, receiver) {
      if (name === 'findUsersForUpdate') {
        return async (...args: Parameters<StoreWriter['findUsersForUpdate']>) => {
          const users = await target.findUsersForUpdate(...args);
          await after();
          return users;
        };
      }
      const value = Reflect.get(target, name, receiver) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

describe('chunks of users batches naming the same users in other orders, on postgres', () => {
  it('are applied one after the other, without a deadlock', async () => {
    if (databaseUrl === undefined || databaseUrl === '') throw new Error('RECAP_TEST_DATABASE_URL is not set: bash scripts/with-postgres.sh npx vitest run test/server/users-batch-lock-order.test.ts');
    server = await createServerHarness({ runJobs: false, store: 'postgres' });
    const key = server.keys.acme.admin;
    for (const uid of ['ada', 'bob']) await server.request('POST', '/v2/users', { key, body: { uid } });
    const store = server.stores.na1;
    const job = (id: string): JobRecord => ({ orgId: server.orgs.acme.id, id, kind: 'users', status: 'PROCESSING', created: new Date().toISOString(), finished: null, total: 2, cursor: 0, imports: 0, errors: 0 });
    const first: JsonValue[] = [{ uid: 'ada', properties: { first: 1 } }, { uid: 'bob', properties: { first: 1 } }];
    const second: JsonValue[] = [{ uid: 'bob', properties: { second: 2 } }, { uid: 'ada', properties: { second: 2 } }];
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();

    // The first chunk holds its first user; the second chunk starts and takes its own first user
    // (bob: the orders cross), or waits for the first chunk's locks. Then the first goes on.
    let secondLocked = false;
    let held!: () => void;
    const holding = new Promise<void>((resolve) => (held = resolve));
    const startSecond = AsyncResource.bind(() =>
      store.transaction((writer) =>
        processChunk(
          afterLocking(writer, async () => void (secondLocked = true)),
          job('second'),
          second,
          0,
          server.deps,
        ),
      ),
    );
    const first$ = store.transaction((writer) =>
      processChunk(
        afterLocking(writer, async () => {
          held();
          for (;;) {
            const waiting = await client.query<{ n: number }>("SELECT count(*)::integer AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE 'select * from \"users\"%'");
            if (secondLocked || (waiting.rows[0]?.n ?? 0) > 0) return;
            await new Promise((resolve) => setTimeout(resolve, 10));
          }
        }),
        job('first'),
        first,
        0,
        server.deps,
      ),
    );
    await holding;
    const second$ = startSecond();
    try {
      const outcomes = await Promise.allSettled([first$, second$]);
      expect(outcomes.map((outcome) => (outcome.status === 'rejected' ? String(outcome.reason) : 'applied'))).toEqual(['applied', 'applied']);
    } finally {
      await client.end();
    }
    for (const uid of ['ada', 'bob']) {
      const user = (await server.request('GET', `/v2/users?uid=${uid}`, { key })).body;
      expect(user.properties).toEqual({ first: 1, second: 2 });
    }
  });
});

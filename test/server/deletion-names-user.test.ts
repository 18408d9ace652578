// What a user deletion takes from the copies of data that jobs and saved answers keep, on both
// stores: what names the user (their id anywhere, as a session id's start and in an error message
// too; their e-mail address; their uid where the data says it is a uid), not another user's data
// that merely holds the same string. A uid is the client's own: `42` names the user `42`, not Bob's
// plan `42` (src/server/store/names-user.ts).

import type { Kysely } from 'kysely';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/store/sql/database.js';
import { ROWS_PER_SCRUB_STEP } from '../../src/server/store/sql/scrub-job-rows.js';
import { createServerHarness, STORE_KINDS, type ServerHarness } from '../support/server-harness.js';
import { storeStatements } from '../support/statement-recorder.js';
import { insertStored, storedJob } from '../support/stored-rows.js';

describe.each(STORE_KINDS)('a deleted user whose uid is a common string, on %s', (store) => {
  let server: ServerHarness;
  const jobs: Record<string, string> = {};
  let aliceId: string;
  let bobCreate: { key: string; body: unknown; headers: Record<string, string> };

  beforeAll(async () => {
    server = await createServerHarness({ store });
    const key = server.keys.acme.standard;
    const architect = server.keys.acme.architect;
    const post = (target: string, body: unknown, as = key) => server.request('POST', target, { key: as, body });
    aliceId = (await post('/v2/users', { uid: '42', email: 'alice42@example.org' })).body.id as string;
    bobCreate = { key, body: { uid: 'bob', properties: { code: '42' } }, headers: { 'idempotency-key': 'bob-create' } };
    expect((await server.request('POST', '/v2/users', bobCreate)).status).toBe(200);
    jobs.users = (await post('/v2/users/batch', { requests: [{ uid: 'bob', properties: { plan: '42' } }, { uid: '42', properties: { plan: 'alice-plan' } }] })).body.job.id;
    // Changing her uid through her id fails, with a message that names her id and uid.
    jobs.refused = (await post('/v2/users/batch', { requests: [{ id: aliceId, uid: 'someone-else' }] })).body.job.id;
    jobs.events = (await post('/v2/events/batch', { requests: [{ name: 'Viewed', user: { uid: 'bob' }, properties: { ref: '42' } }, { name: 'Viewed', user: { uid: '42' }, properties: { ref: 'alice-ref' } }] })).body.job.id;
    await server.jobs.idle();
    const now = server.clock.now.getTime();
    const range = { from: new Date(now - 3_600_000).toISOString(), to: new Date(now + 3_600_000).toISOString() };
    jobs.export = (await post('/v2/exports/events', range, architect)).body.operation.id;
    await server.jobs.idle();
    expect((await server.request('DELETE', `/v2/users/${aliceId}`, { key: architect })).status).toBe(202);
    await server.jobs.idle();
  });
  afterAll(async () => server.close());

  const read = async (target: string) => JSON.stringify((await server.request('GET', target, { key: server.keys.acme.architect })).body);

  it("replaces her items and keeps Bob's, though they hold her uid as a value", async () => {
    const users = await read(`/v2/users/batch/${jobs.users}/imports`);
    expect(users).toContain('"plan":"42"');
    expect(users).not.toContain('alice-plan');
    const events = await read(`/v2/events/batch/${jobs.events}/imports`);
    expect(events).toContain('"ref":"42"');
    expect(events).not.toContain('alice-ref');
  });

  it('replaces an error that names her by her id', async () => {
    const errors = await read(`/v2/users/batch/${jobs.refused}/errors`);
    expect(errors).not.toContain(aliceId);
    expect(errors).toContain('the data of a deleted user');
  });

  it("keeps Bob's export line and his saved answer: a retry of his request is still replayed", async () => {
    const download = await server.app.request(`/v2/exports/${jobs.export}/download`, { headers: { authorization: `Basic ${server.keys.acme.architect}` } });
    const lines = gunzipSync(Buffer.from(await download.arrayBuffer())).toString('utf8').split('\n').filter((line) => line !== '');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0] as string)).toMatchObject({ name: 'Viewed', properties: { ref: '42' } });
    const retried = await server.request('POST', '/v2/users', bobCreate);
    expect(retried.headers.get('idempotent-replayed')).toBe('true');
  });
});

describe.each(STORE_KINDS)('a batch waiting while a user it names is deleted, on %s', (store) => {
  it("keeps its other items as they were sent: a number too large to store is still refused, not read as null ('remove the property')", async () => {
    const server = await createServerHarness({ store, runJobs: false });
    try {
      const key = server.keys.acme.admin;
      await server.request('POST', '/v2/users', { key, body: { uid: 'bob', properties: { seats: 5 } } });
      const gone = (await server.request('POST', '/v2/users', { key, body: { uid: 'gone' } })).body.id as string;
      const batch = await server.request('POST', '/v2/users/batch', { key, raw: '{"requests":[{"uid":"bob","properties":{"seats":1e400}},{"uid":"gone","properties":{"plan":"pro"}}]}' });
      const deletion = (await server.request('DELETE', `/v2/users/${gone}`, { key })).body.job.id as string;
      // The deletion's steps run to its end before the batch's first chunk, as on another instance.
      while (!(await server.stores.na1.transaction((writer) => writer.deleteUserDataStep(server.orgs.acme.id, deletion))));
      server.jobs.start();
      await server.jobs.idle();
      const status = await server.request('GET', `/v2/users/batch/${batch.body.job.id}`, { key });
      expect(status.body).toMatchObject({ job: { status: 'COMPLETED' }, imports: 0, errors: 2 });
      expect((await server.request('GET', '/v2/users?uid=bob', { key })).body.properties).toEqual({ seats: 5 });
    } finally {
      await server.close();
    }
  });
});

describe.each(STORE_KINDS)('a deletion of the user with a common uid next to many rows that hold it as a value, on %s', (store) => {
  it("reads only the rows that hold it as a uid: Bob's rows are no candidates, so it ends in one step", async () => {
    const server = await createServerHarness({ store, runJobs: false });
    try {
      const org = server.orgs.acme.id;
      const id = (await server.request('POST', '/v2/users', { key: server.keys.acme.admin, body: { uid: '42' } })).body.id as string;
      // More rows than three steps of a scrub rewrite, each holding "42" as a property value.
      const rows = Array.from({ length: 3 * ROWS_PER_SCRUB_STEP }, (_, index) => ({ id: `bob-${String(index).padStart(3, '0')}`, index }));
      await insertStored(server.stores.na1, 'jobs', rows.map((row) => storedJob(org, row.id, row.index)));
      const item = JSON.stringify([{ name: 'Viewed', user: { uid: 'bob' }, properties: { ref: '42' } }]);
      await insertStored(server.stores.na1, 'job_items', rows.map((row) => ({ job_id: row.id, item_index: 0, item })));
      const deletion = (await server.request('DELETE', `/v2/users/${id}`, { key: server.keys.acme.admin })).body.job.id as string;
      let steps = 1;
      while (!(await server.stores.na1.transaction((writer) => writer.deleteUserDataStep(org, deletion)))) steps++;
      expect(steps).toBe(1);
      const kept = await server.stores.na1.transaction((writer) => (writer as unknown as { db: Kysely<Database> }).db.selectFrom('job_items').select('item').where('job_id', 'like', 'bob-%').execute());
      expect(kept.map((row) => row.item)).toEqual(rows.map(() => item));
    } finally {
      await server.close();
    }
  });
});

describe.each(STORE_KINDS)('a deletion of a user with many saved answers, on %s', (store) => {
  it("deletes hers and keeps Bob's, reading them a page at a time", async () => {
    const server = await createServerHarness({ store, runJobs: false });
    try {
      const org = server.orgs.acme.id;
      const id = (await server.request('POST', '/v2/users', { key: server.keys.acme.admin, body: { uid: '42' } })).body.id as string;
      const saved = (key: string, body: unknown) => ({ org_id: org, key, fingerprint: 'f', state: 'completed', status: 200, body: JSON.stringify(body), created_at: '2026-11-29T10:00:00.000Z' });
      const count = 1_200;
      const keys = Array.from({ length: count }, (_, index) => String(index).padStart(5, '0'));
      await insertStored(server.stores.na1, 'idempotency_keys', [
        ...keys.map((key) => saved(`hers-${key}`, { id, uid: '42', properties: {} })),
        ...keys.map((key) => saved(`bobs-${key}`, { id: 'u-bob', uid: 'bob', guid: '42', properties: { plan: '42' } })),
      ]);
      const deletion = (await server.request('DELETE', `/v2/users/${id}`, { key: server.keys.acme.admin })).body.job.id as string;
      const statements = await storeStatements(server.stores.na1, async () => {
        while (!(await server.stores.na1.transaction((writer) => writer.deleteUserDataStep(org, deletion))));
      });
      const reads = statements.filter((statement) => /^select .* from "idempotency_keys"/.test(statement.sql));
      expect(reads.length).toBeGreaterThan(1);
      for (const read of reads) expect(read.rows.length).toBeLessThanOrEqual(500);
      const left = await server.stores.na1.transaction((writer) => (writer as unknown as { db: Kysely<Database> }).db.selectFrom('idempotency_keys').select('key').where('org_id', '=', org).execute());
      expect(left.map((row) => row.key).sort()).toEqual(keys.map((key) => `bobs-${key}`));
    } finally {
      await server.close();
    }
  });
});

// DELETE /v2/users/{id} on both stores: a 202 job that removes the user, the anonymous user merged
// into it, their events, sessions (old ids included), cached summaries, idempotency records and
// batch items holding their identifiers, and catalog names nothing else uses; after it, nothing of
// the user is readable through any route, another user's data is untouched, and (SQLite) no byte
// of it is left in the data directory.

import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Kysely } from 'kysely';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PURGE_RETRY_MS } from '../../src/server/batches/job-runner.js';
import { importSession } from '../../src/server/sessions/import-session.js';
import type { Database as Tables } from '../../src/server/store/sql/database.js';
import { createServerHarness, STORE_KINDS, type ServerHarness, type StoreKind } from '../support/server-harness.js';

/** Texts only the deleted user's data holds. */
const CANARIES = ['canary-alice-uid', 'canary.alice@example.org', 'canary-prop-value', 'canaryonlyprop', 'canary-event-value', 'canaryeventprop', 'CanaryOnlyEvent', 'canary-typed-value', 'Canary Anonymous Page'];
/** Texts of another user, which must stay (and show that the scan finds what is there). */
const KEPT = ['bob-keeps', 'bob-plan-value', 'bob-event-value'];

const anonymousFixture = JSON.stringify({
  id: 'visitor-7:s-1',
  events: [
    { type: 'navigate', timestamp: '2026-11-20T10:00:00.000Z', url: 'https://shop.example/welcome', title: 'Canary Anonymous Page' },
    { type: 'input-change', timestamp: '2026-11-20T10:00:02.000Z', target: { selector: 'input#coupon' }, value: 'canary-typed-value' },
  ],
});

/** The NDJSON of a finished export, unzipped. */
async function exportedText(server: ServerHarness, key: string, id: string): Promise<string> {
  const response = await server.app.request(`/v2/exports/${id}/download`, { headers: { authorization: `Basic ${key}` } });
  expect(response.status).toBe(200);
  return gunzipSync(Buffer.from(await response.arrayBuffer())).toString('utf8');
}

async function filesUnder(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

/** Which of `texts` some file of the data directory holds, as UTF-8 bytes. */
async function foundInFiles(directory: string, texts: readonly string[]): Promise<string[]> {
  const contents = await Promise.all((await filesUnder(directory)).map((file) => readFile(file)));
  return texts.filter((text) => contents.some((bytes) => bytes.includes(Buffer.from(text, 'utf8'))));
}

interface World {
  readonly server: ServerHarness;
  readonly aliceId: string;
  readonly oldSessionId: string;
  readonly sessionId: string;
  readonly profileId: string;
  readonly batchJob: string;
  /** A summary batch over her session, and an export of every session. */
  readonly operations: readonly string[];
}

/** Alice (with a merged anonymous visitor, a session, events, a batch, a cached summary) and Bob. */
async function world(store: StoreKind): Promise<World> {
    const server = await createServerHarness({ store });
    const standard = server.keys.acme.standard;
    const post = (target: string, body: unknown, headers: Record<string, string> = {}) => server.request('POST', target, { key: standard, body, headers });
    const alice = await post('/v2/users', { uid: 'canary-alice-uid', email: 'canary.alice@example.org', properties: { canaryonlyprop: 'canary-prop-value' } }, { 'idempotency-key': 'alice-create' });
    const aliceId = alice.body.id as string;
    const anonymous = await importSession(server.stores.na1, server.orgs.acme, anonymousFixture, { source: 'anonymous.json', now: server.clock.now });
    const oldSessionId = anonymous.id;
    // Identifying the anonymous visitor as alice merges it, with its session, into her.
    await post('/v2/users', { id: anonymous.id.split(':')[0], uid: 'canary-alice-uid' });
    const sessionId = (await server.request('GET', '/v2/sessions?uid=canary-alice-uid', { key: standard })).body.results[0].id as string;
    await post('/v2/events', { name: 'CanaryOnlyEvent', user: { uid: 'canary-alice-uid' }, properties: { canaryeventprop: 'canary-event-value' } });
    await post('/v2/events', { name: 'Viewed', user: { uid: 'bob-keeps' }, properties: { note: 'bob-event-value' } });
    const batch = await post('/v2/users/batch', { requests: [{ uid: 'bob-keeps', properties: { plan: 'bob-plan-value' } }, { uid: 'canary-alice-uid', properties: { canaryonlyprop: 'canary-prop-value' } }] });
    const batchJob = batch.body.job.id as string;
    await server.jobs.idle();
    const profileId = (await post('/v2/visit_profile', { llm: { pre_prompt: 'Summarise.' } })).body.id as string;
    const summary = await server.request('GET', `/v2/sessions/${encodeURIComponent(sessionId)}/summary?config_profile=${profileId}`, { key: server.keys.acme.architect });
    expect(summary.status).toBe(200);
    // Copies of her session's data in operations: a summary batch's results, and an export whose
    // lines the organisation's privacy rules stripped of her uid and email (they still name her session).
    const architect = (method: string, target: string, body: unknown) => server.request(method, target, { key: server.keys.acme.architect, body });
    expect((await architect('PUT', '/v2/settings/privacy', { presets: ['email'] })).status).toBe(200);
    const summaries = await architect('POST', `/v2/sessions/summary/batch?config_profile=${profileId}`, { session_ids: [sessionId] });
    const exported = await architect('POST', '/v2/exports/search', {});
    await server.jobs.idle();
    const operations = [summaries.body.operation.id as string, exported.body.operation.id as string];
    expect(JSON.stringify((await server.request('GET', `/v2/operations/${operations[0]}/results`, { key: server.keys.acme.architect })).body)).toContain('Canary Anonymous Page');
    const lines = await exportedText(server, server.keys.acme.architect, operations[1] as string);
    expect(lines).toContain('Canary Anonymous Page');
    expect(lines).not.toContain('canary.alice@example.org');
    return { server, aliceId, oldSessionId, sessionId, profileId, batchJob, operations };
}

describe.each(STORE_KINDS)('DELETE /v2/users/{id} on %s', (store) => {
  let server: ServerHarness;
  let aliceId: string;
  let oldSessionId: string;
  let sessionId: string;
  let profileId: string;
  let batchJob: string;
  let operations: readonly string[];
  beforeAll(async () => {
    ({ server, aliceId, oldSessionId, sessionId, profileId, batchJob, operations } = await world(store));
  });
  afterAll(async () => server.close());

  const architect = () => server.keys.acme.architect;

  it('refuses a Standard key, an unknown user and another organisation', async () => {
    expect((await server.request('DELETE', `/v2/users/${aliceId}`, { key: server.keys.acme.standard })).status).toBe(403);
    expect((await server.request('DELETE', '/v2/users/u-nobody', { key: architect() })).status).toBe(404);
    expect((await server.request('DELETE', `/v2/users/${aliceId}`, { key: server.keys.globex.architect })).status).toBe(404);
  });

  it('answers 202 with a job, which completes with nothing of the user left to read', async () => {
    const accepted = await server.request('DELETE', `/v2/users/${aliceId}`, { key: architect() });
    expect(accepted.status).toBe(202);
    expect(accepted.body).toEqual({ job: { id: expect.stringMatching(/^j-/), status: 'PROCESSING', created: server.clock.now.toISOString() } });
    await server.jobs.idle();
    const status = await server.request('GET', `/v2/users/deletions/${accepted.body.job.id}`, { key: architect() });
    expect(status.body.job).toMatchObject({ status: 'COMPLETED', finished: expect.any(String) });
    expect((await server.request('GET', `/v2/users/deletions/${accepted.body.job.id}`, { key: server.keys.globex.architect })).status).toBe(404);

    expect((await server.request('GET', '/v2/users?uid=canary-alice-uid', { key: architect() })).status).toBe(404);
    expect((await server.request('GET', '/v2/sessions?uid=canary-alice-uid', { key: architect() })).body.results).toEqual([]);
    expect((await server.request('GET', '/v2/sessions?email=canary.alice%40example.org', { key: architect() })).body.results).toEqual([]);
    for (const id of [sessionId, oldSessionId]) {
      const summary = await server.request('GET', `/v2/sessions/${encodeURIComponent(id)}/summary?config_profile=${profileId}`, { key: architect() });
      expect(summary.status).toBe(404);
    }
    const imports = await server.request('GET', `/v2/users/batch/${batchJob}/imports`, { key: architect() });
    expect(JSON.stringify(imports.body)).toContain('bob-plan-value');
    const [summaryResults, exported] = [
      (await server.request('GET', `/v2/operations/${operations[0]}/results`, { key: architect() })).body,
      await exportedText(server, architect(), operations[1] as string),
    ];
    // The export's operation counts the lines its download still holds.
    const exportOperation = await server.request('GET', `/v2/operations/${operations[1]}`, { key: architect() });
    expect(exportOperation.body.result.lines).toBe(exported.split('\n').filter((line) => line !== '').length);
    const everything = JSON.stringify([imports.body, summaryResults, exported, (await server.stores.na1.listEvents(server.orgs.acme.id, { limit: 1000 })).items]);
    for (const canary of CANARIES) expect(everything).not.toContain(canary);
    expect(everything).toContain('bob-event-value');
    // The answer saved under the Idempotency-Key of her creation is gone: a retry executes anew.
    const retried = await server.request('POST', '/v2/users', { key: server.keys.acme.standard, body: { uid: 'other' }, headers: { 'idempotency-key': 'alice-create' } });
    expect(retried.headers.get('idempotent-replayed')).toBeNull();
  });

});

describe.each(STORE_KINDS)('cancelling a user deletion on %s', (store) => {
  it('cancels one that has deleted nothing yet, and lets one that has begun finish: a deletion never stops half done', async () => {
    const server = await createServerHarness({ store, runJobs: false });
    try {
      const org = server.orgs.acme;
      const architect = server.keys.acme.architect;
      const startDeletion = async (uid: string, events: number) => {
        const id = (await server.request('POST', '/v2/users', { key: server.keys.acme.standard, body: { uid } })).body.id as string;
        const records = Array.from({ length: events }, (_, index) => ({
          orgId: org.id, id: `e-${uid}-${index}`, name: 'Viewed', timestamp: '2026-11-22T09:00:00.000Z', userId: id, sessionId: null, properties: { index }, context: null, createdAt: '2026-11-22T09:00:00.000Z',
        }));
        await server.stores.na1.transaction((writer) => writer.insertEvents(records));
        const job = (await server.request('DELETE', `/v2/users/${id}`, { key: architect })).body.job.id as string;
        return { id, job };
      };

      const untouched = await startDeletion('cancel-before', 3);
      expect((await server.request('DELETE', `/v2/operations/${untouched.job}`, { key: architect })).body.status).toBe('CANCELLED');

      const begun = await startDeletion('cancel-midway', 2500);
      // One step deletes a first share of the events (2,000) and leaves the rest for the next.
      expect(await server.stores.na1.transaction((writer) => writer.deleteUserDataStep(org.id, begun.job))).toBe(false);
      const cancel = await server.request('DELETE', `/v2/operations/${begun.job}`, { key: architect });
      // Answered as it is, as a finished operation is: not CANCELLED (here no instance holds it yet).
      expect(cancel).toMatchObject({ status: 200, body: { id: begun.job, finished: null } });
      expect(cancel.body.status).not.toBe('CANCELLED');

      server.jobs.start();
      await server.jobs.idle();
      expect((await server.request('GET', `/v2/operations/${begun.job}`, { key: architect })).body).toMatchObject({ status: 'COMPLETED', result: { events_deleted: 2500 } });
      expect((await server.request('GET', '/v2/users?uid=cancel-midway', { key: architect })).status).toBe(404);
      expect((await server.request('GET', `/v2/users/${begun.id}/export`, { key: architect })).status).toBe(404);
      // The cancelled one kept its user, as cancelling before any deletion does.
      expect((await server.request('GET', '/v2/users?uid=cancel-before', { key: architect })).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});

describe.each(STORE_KINDS)('catalog names after a user deletion on %s', (store) => {
  it('frees a property name no one else uses, and keeps the saved answers of other users, though they differ only in case', async () => {
    const server = await createServerHarness({ store });
    try {
      const key = server.keys.acme.standard;
      const names = (count: number, prefix: string) => Object.fromEntries(Array.from({ length: count }, (_, index) => [`${prefix}${index}`, index]));
      // 498 names, then Plan and plan: the organisation's 500.
      expect((await server.request('POST', '/v2/users', { key, body: { uid: 'many', properties: names(498, 'p') } })).status).toBe(200);
      const leaving = await server.request('POST', '/v2/users', { key, body: { uid: 'leaving', properties: { Plan: 'pro' } } });
      expect((await server.request('POST', '/v2/users', { key, body: { uid: 'staying', properties: { plan: 'free' } } })).status).toBe(200);
      expect((await server.request('POST', '/v2/users', { key, body: { uid: 'early', properties: { fresh: 1 } } })).body.rejected_properties).toEqual(['fresh']);
      const other = { key, body: { uid: 'LEAVING' }, headers: { 'idempotency-key': 'other-user' } };
      expect((await server.request('POST', '/v2/users', other)).status).toBe(200);

      expect((await server.request('DELETE', `/v2/users/${leaving.body.id}`, { key: server.keys.acme.architect })).status).toBe(202);
      await server.jobs.idle();
      // Names and uids are case-sensitive (Plan is not plan): SQLite's LIKE, which is not, kept
      // Plan counted, and deleted the answer saved for LEAVING with leaving's.
      expect((await server.request('POST', '/v2/users', other)).headers.get('idempotent-replayed')).toBe('true');
      const late = await server.request('POST', '/v2/users', { key, body: { uid: 'late', properties: { fresh: 1 } } });
      expect(late.status).toBe(200);
      expect(late.body.rejected_properties).toBeUndefined();
    } finally {
      await server.close();
    }
  });
});

describe.each(STORE_KINDS)('event names after a user deletion on %s', (store) => {
  it('frees the event and property names only the user used, each property under its own event name, however many there are', async () => {
    const server = await createServerHarness({ store });
    try {
      const key = server.keys.acme.standard;
      const many = Object.fromEntries(Array.from({ length: 60 }, (_, index) => [`x${index}`, index]));
      const events = (uid: string, requests: { name: string; properties: Record<string, unknown> }[]) =>
        server.request('POST', '/v2/events/batch', { key, body: { requests: requests.map((request) => ({ ...request, user: { uid } })) } });
      await events('leaving', [
        { name: 'Solo', properties: { solo_a: 1, shared_key: 1 } },
        { name: 'Shared', properties: { only_a: 1 } },
        { name: 'Many', properties: many },
      ]);
      // Another user: Shared with another property, shared_key under another event name, and the last of the sixty.
      await events('staying', [
        { name: 'Shared', properties: { shared_b: 1 } },
        { name: 'Other', properties: { shared_key: 1 } },
        { name: 'Many', properties: { x59: 1 } },
      ]);
      await server.jobs.idle();
      const catalog = () =>
        server.stores.na1.transaction(async (writer) => {
          const { db } = writer as unknown as { db: Kysely<Tables> };
          const rows = await db.selectFrom('catalog_names').select(['kind', 'name']).where('kind', 'in', ['event_name', 'event_property']).execute();
          return rows.map((row) => `${row.kind} ${Buffer.from(row.name).toString('utf8').replace('\u0000', '.')}`).sort();
        });
      const before = await catalog();
      expect(before).toContain('event_property Many.x0');
      const leaving = (await server.request('GET', '/v2/users?uid=leaving', { key: server.keys.acme.architect })).body.id as string;
      expect((await server.request('DELETE', `/v2/users/${leaving}`, { key: server.keys.acme.architect })).status).toBe(202);
      await server.jobs.idle();
      expect(await catalog()).toEqual(
        ['event_name Many', 'event_name Other', 'event_name Shared', 'event_property Many.x59', 'event_property Other.shared_key', 'event_property Shared.shared_b'].sort(),
      );
    } finally {
      await server.close();
    }
  });
});

describe('a deleted user in the SQLite data directory', () => {
  it('leaves no byte of the user in the files, and keeps the other user', async () => {
    const { server, aliceId } = await world('sqlite');
    try {
      expect(await foundInFiles(server.dataDir, CANARIES)).toEqual(CANARIES);
      expect((await server.request('DELETE', `/v2/users/${aliceId}`, { key: server.keys.acme.architect })).status).toBe(202);
      await server.jobs.idle();
      expect(await foundInFiles(server.dataDir, KEPT)).toEqual(KEPT);
      expect(await foundInFiles(server.dataDir, CANARIES)).toEqual([]);
    } finally {
      await server.close();
    }
  });
});

describe('a deleted user in the SQLite data directory after a manual ANALYZE', () => {
  it('leaves none of its identifiers in the samples of sqlite_stat4', async () => {
    const { server, aliceId } = await world('sqlite');
    try {
      const database = new Database(path.join(server.dataDir, 'na1.db'));
      database.exec('ANALYZE');
      const sampled = (text: string) => database.prepare('SELECT count(*) FROM sqlite_stat4 WHERE instr(sample, CAST(? AS BLOB)) > 0').pluck().get(text) as number;
      expect(sampled('canary-alice-uid')).toBeGreaterThan(0);
      database.close();
      expect((await server.request('DELETE', `/v2/users/${aliceId}`, { key: server.keys.acme.architect })).status).toBe(202);
      await server.jobs.idle();
      expect(await foundInFiles(server.dataDir, CANARIES)).toEqual([]);
      expect(await foundInFiles(server.dataDir, KEPT)).toEqual(KEPT);
    } finally {
      await server.close();
    }
  });
});

describe('a user deletion whose purge of the SQLite write-ahead log fails', () => {
  it('stays PROCESSING, with the user gone, until a later purge succeeds; then COMPLETED, and no byte of the user is in the files', async () => {
    const { server, aliceId } = await world('sqlite');
    try {
      const store = server.stores.na1;
      // As when a reader holds the write-ahead log: the first purge fails, the next ones run.
      const purge = vi.spyOn(store, 'purgeDeletedBytes').mockRejectedValueOnce(new Error('the write-ahead log could not be truncated: a reader held it for a second'));
      const job = (await server.request('DELETE', `/v2/users/${aliceId}`, { key: server.keys.acme.architect })).body.job.id as string;
      const status = async () => (await server.request('GET', `/v2/users/deletions/${job}`, { key: server.keys.acme.architect })).body.job.status as string;
      await vi.waitFor(() => expect(server.logs.map((line) => line.message)).toContainEqual(expect.stringContaining(`user deletion ${job}: the user's data is deleted, but the store could not purge`)), { timeout: 15_000, interval: 20 });
      expect(purge).toHaveBeenCalledTimes(1);
      expect(await status()).toBe('PROCESSING');
      expect((await server.request('GET', '/v2/users?uid=canary-alice-uid', { key: server.keys.acme.architect })).status).toBe(404);
      // What the failed purge left: the write-ahead log still holds pages of her data.
      expect(await foundInFiles(server.dataDir, CANARIES)).not.toEqual([]);
      // Tried again once the retry delay has passed (the job's lease was handed back until then).
      server.clock.now = new Date(server.clock.now.getTime() + DEFAULT_PURGE_RETRY_MS + 1);
      await server.jobs.idle();
      expect(purge).toHaveBeenCalledTimes(2);
      expect(await status()).toBe('COMPLETED');
      expect(await foundInFiles(server.dataDir, CANARIES)).toEqual([]);
      expect(await foundInFiles(server.dataDir, KEPT)).toEqual(KEPT);
    } finally {
      await server.close();
    }
  });
});

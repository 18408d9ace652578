// Idempotency-Key exactly as the spec and docs/server.md say.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app/create-app.js';
import { ApiError } from '../../src/server/http/api-error.js';
import { defineRoute, type RouteDefinition } from '../../src/server/http/route-definition.js';
import { commitAnswer, holdingKey } from '../../src/server/idempotency/commit-answer.js';
import { requestFingerprint } from '../../src/server/idempotency/run-idempotently.js';
import { apiRoutes } from '../../src/server/routes/api-routes.js';
import { createServerHarness, type ServerHarness } from '../support/server-harness.js';

let server: ServerHarness;
let key: string;
beforeAll(async () => {
  server = await createServerHarness();
  key = server.keys.acme.standard;
});
afterAll(async () => server.close());

const withKey = (idempotencyKey: string, body: unknown, path = '/v2/users', requestKey = key) =>
  server.request('POST', path, { key: requestKey, body, headers: { 'idempotency-key': idempotencyKey } });

describe('Idempotency-Key', () => {
  it('is honoured by exactly the routes docs/server.md names', () => {
    const page = readFileSync(path.resolve(import.meta.dirname, '../../docs/server.md'), 'utf8');
    const sentence = /an `Idempotency-Key` header on a create request \(([^;]*); ignored elsewhere\)/.exec(page.replace(/\s+/g, ' '))?.[1] ?? '';
    const named = [...sentence.matchAll(/`(?:POST )?([^`]+)`/g)].map((match) => `POST ${match[1]}`).sort();
    const honoured = apiRoutes()
      .filter((route) => route.idempotent === true)
      .map((route) => `${route.method.toUpperCase()} ${route.path}`)
      .sort();
    expect(named).toEqual(honoured);
  });

  it('replays the saved status and body with Idempotent-Replayed: true, without running again', async () => {
    const first = await withKey('k-create', { properties: { visits: 1 } });
    const second = await withKey('k-create', { properties: { visits: 1 } });
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect(second.status).toBe(200);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(second.body).toEqual(first.body);
  });

  it('treats the same JSON written differently as the same body', async () => {
    await server.request('POST', '/v2/users', { key, raw: '{"uid":"same","properties":{"a":1,"b":2}}', headers: { 'idempotency-key': 'k-canonical' } });
    const again = await server.request('POST', '/v2/users', { key, raw: '{ "properties": { "b": 2, "a": 1 }, "uid": "same" }', headers: { 'idempotency-key': 'k-canonical' } });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
  });

  it('tells a number too large for JSON.parse (it reads as Infinity) apart from null and from another such number', async () => {
    const send = (raw: string) => server.request('POST', '/v2/users', { key, raw, headers: { 'idempotency-key': 'k-overflow' } });
    const first = await send('{"uid":"overflow","properties":{"x":1e400}}');
    expect(first.status).toBe(400);
    expect((await send('{"uid":"overflow","properties":{"x":1e400}}')).headers.get('idempotent-replayed')).toBe('true');
    // Canonical JSON writes Infinity as null: these bodies would have replayed the first one's 400.
    expect((await send('{"uid":"overflow","properties":{"x":null}}')).body).toMatchObject({ code: 'idempotency_key_reused' });
    expect((await send('{"uid":"overflow","properties":{"x":-1e400}}')).status).toBe(422);
    expect(requestFingerprint('POST', '/v2/users', '{"x":1e400}')).not.toBe(requestFingerprint('POST', '/v2/users', '{"x":2e400}'));
  });

  it('saves 4xx answers too', async () => {
    const first = await withKey('k-invalid', { uid: 42 });
    const second = await withKey('k-invalid', { uid: 42 });
    expect([first.status, second.status]).toEqual([400, 400]);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(second.body).toEqual(first.body);
  });

  it('saves no answer given before the request began executing: 403 and 413, whose retry then executes', async () => {
    const rule = { selector: '.card-number' };
    const denied = await withKey('k-before-403', rule, '/v2/settings/block-rules');
    expect(denied.status).toBe(403);
    const admitted = await withKey('k-before-403', rule, '/v2/settings/block-rules', server.keys.acme.admin);
    expect(admitted.status).toBe(201);
    expect(admitted.headers.get('idempotent-replayed')).toBeNull();
    expect(admitted.body).toMatchObject({ selector: '.card-number' });

    const tooLarge = await withKey('k-before-413', { uid: 'large', properties: { note: 'x'.repeat(1024 * 1024) } });
    expect(tooLarge.status).toBe(413);
    const small = await withKey('k-before-413', { uid: 'large', properties: { note: 'x' } });
    expect(small.status).toBe(200);
    expect(small.headers.get('idempotent-replayed')).toBeNull();
  });

  it('saves the 400 for a body that is not UTF-8 like any other, and tells it apart from other bodies', async () => {
    const bytes = (last: number) => new Uint8Array([...Buffer.from('{"uid":"l'), last, ...Buffer.from('"}')]);
    const send = (raw: Uint8Array | string) => server.request('POST', '/v2/users', { key, raw, headers: { 'idempotency-key': 'k-not-utf8' } });
    const first = await send(bytes(0xe9));
    const again = await send(bytes(0xe9));
    expect([first.status, again.status]).toEqual([400, 400]);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    // Other bytes under the same key: another request, refused as such.
    expect((await send(bytes(0xea))).body).toMatchObject({ code: 'idempotency_key_reused' });
    expect((await send('{"uid":"lé"}')).status).toBe(422);
  });

  it('answers 422 idempotency_key_reused for another body or path', async () => {
    await withKey('k-reused', { uid: 'r1' });
    expect((await withKey('k-reused', { uid: 'r2' })).body).toMatchObject({ code: 'idempotency_key_reused' });
    expect((await withKey('k-reused', { uid: 'r1' }, '/v2/events')).status).toBe(422);
  });

  it('answers 409 idempotency_key_in_use while the first request is still executing', async () => {
    const raw = JSON.stringify({ uid: 'slow' });
    await server.stores.na1.transaction((writer) =>
      writer.claimIdempotencyKey(server.orgs.acme.id, 'k-busy', {
        fingerprint: requestFingerprint('post', '/v2/users', raw),
        now: server.clock.now.toISOString(),
        expiresBefore: '2000-01-01T00:00:00.000Z',
        token: 'a request of another instance',
        leaseMs: 30_000,
      }),
    );
    const response = await server.request('POST', '/v2/users', { key, raw, headers: { 'idempotency-key': 'k-busy' } });
    expect(response.status).toBe(409);
    expect(response.body.code).toBe('idempotency_key_in_use');
  });

  it('executes the retry once the lease of a request whose process died has run out (30 s by default)', async () => {
    const raw = JSON.stringify({ uid: 'orphaned' });
    // A request that claimed the key, then its process died: no renewal, no saved answer.
    await server.stores.na1.transaction((writer) =>
      writer.claimIdempotencyKey(server.orgs.acme.id, 'k-orphan', {
        fingerprint: requestFingerprint('post', '/v2/users', raw),
        now: server.clock.now.toISOString(),
        expiresBefore: '2000-01-01T00:00:00.000Z',
        token: 'a request whose process died',
        leaseMs: 30_000,
      }),
    );
    expect((await server.request('POST', '/v2/users', { key, raw, headers: { 'idempotency-key': 'k-orphan' } })).status).toBe(409);
    server.clock.now = new Date(server.clock.now.getTime() + 31_000);
    const retry = await server.request('POST', '/v2/users', { key, raw, headers: { 'idempotency-key': 'k-orphan' } });
    expect(retry.status).toBe(200);
    expect(retry.headers.get('idempotent-replayed')).toBeNull();
    const replay = await server.request('POST', '/v2/users', { key, raw, headers: { 'idempotency-key': 'k-orphan' } });
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body.id).toBe(retry.body.id);
  });

  it.each([
    ['/v2/events', { name: 'Paid', user: { uid: 'died-after-commit' }, properties: { order: 'o-died-after-commit' } }],
    ['/v2/users', { uid: 'died-after-commit', properties: { plan: 'pro' } }],
  ])('applies POST %s once when its process dies right after the request applied it: the answer is saved in the same transaction', async (route, body) => {
    const store = server.stores.na1;
    const events = async () => (await store.listEvents(server.orgs.acme.id, { limit: 10_000 })).items.filter((event) => event.properties.order === 'o-died-after-commit').length;
    const eventsBefore = await events();
    // The process dies after its second transaction (the key's claim, then the request's own): every later write fails.
    const transaction = store.transaction.bind(store);
    let started = 0;
    store.transaction = (async (work) => {
      if (++started > 2) throw new Error('the process was killed');
      return transaction(work);
    }) as typeof store.transaction;
    const raw = JSON.stringify(body);
    let first: Awaited<ReturnType<typeof server.request>>;
    try {
      first = await server.request('POST', route, { key, raw, headers: { 'idempotency-key': `k-died-${route}` } });
    } finally {
      store.transaction = transaction;
    }
    // Another instance, once the dead request's key lease (30 s) has run out.
    server.clock.now = new Date(server.clock.now.getTime() + 31_000);
    const retry = await server.request('POST', route, { key, raw, headers: { 'idempotency-key': `k-died-${route}` } });
    expect(first.status).toBe(200);
    expect(retry.status).toBe(200);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.body).toEqual(first.body);
    if (route === '/v2/events') expect((await events()) - eventsBefore).toBe(1);
  });

  it('rolls back a request whose key a retry took over while it ran, and answers it 409: only the retry applies', async () => {
    const store = server.stores.na1;
    const orgId = server.orgs.acme.id;
    // The retry holds the key now: the slow request's lease had run out.
    await store.transaction((writer) =>
      writer.claimIdempotencyKey(orgId, 'k-taken-over', { fingerprint: 'f', now: server.clock.now.toISOString(), expiresBefore: '2000-01-01T00:00:00.000Z', token: 'the retry', leaseMs: 30_000 }),
    );
    const hold = { orgId, key: 'k-taken-over', token: 'the slow request', saved: false };
    const record = { orgId, id: 'p-taken-over', body: { name: 'x' }, version: 1, createdAt: server.clock.now.toISOString(), updatedAt: server.clock.now.toISOString() };
    const slow = holdingKey(hold, () =>
      commitAnswer(store, async (writer) => {
        await writer.insertProfile(record);
        return { status: 200, body: { id: record.id } };
      }),
    );
    await expect(slow).rejects.toMatchObject({ code: 'idempotency_key_in_use' });
    expect(hold.saved).toBe(false);
    expect(await store.findProfile(orgId, 'p-taken-over')).toBeUndefined();
  });

  it('keys belong to one organisation', async () => {
    await withKey('k-shared', { uid: 'in-acme' });
    const other = await withKey('k-shared', { uid: 'in-globex' }, '/v2/users', server.keys.globex.standard);
    expect(other.status).toBe(200);
    expect(other.headers.get('idempotent-replayed')).toBeNull();
  });

  it('forgets a key after 24 hours', async () => {
    const harness = await createServerHarness();
    const post = (body: unknown) => harness.request('POST', '/v2/users', { key: harness.keys.acme.standard, body, headers: { 'idempotency-key': 'k-day' } });
    await post({ uid: 'day-1' });
    harness.clock.now = new Date(harness.clock.now.getTime() + 24 * 60 * 60 * 1000 - 1);
    expect((await post({ uid: 'day-2' })).status).toBe(422);
    harness.clock.now = new Date(harness.clock.now.getTime() + 2);
    const fresh = await post({ uid: 'day-2' });
    expect(fresh.status).toBe(200);
    expect(fresh.headers.get('idempotent-replayed')).toBeNull();
    await harness.close();
  });

  it('does not save 429: the same key works once the quota allows it', async () => {
    const harness = await createServerHarness({ serverEventQuota: 0 });
    const post = () => harness.request('POST', '/v2/events', { key: harness.keys.acme.standard, body: { name: 'x' }, headers: { 'idempotency-key': 'k-429' } });
    expect((await post()).status).toBe(429);
    expect((await post()).headers.get('idempotent-replayed')).toBeNull();
    await harness.close();
  });

  it('saves 500 but not answers above 500', async () => {
    let calls = 0;
    const failing = (path: string, error: () => Error) =>
      defineRoute({
        method: 'post',
        path,
        summary: 'Fail',
        tag: 'test',
        level: 'standard',
        idempotent: true,
        response: { status: 200, description: 'never' },
        errors: [],
        async handle() {
          calls++;
          throw error();
        },
      }) as RouteDefinition<unknown, unknown>;
    const app = createApp({ ...dependenciesOf(server) }, [...apiRoutes(), failing('/test/crash', () => new Error('boom')), failing('/test/unavailable', () => new ApiError('model_unavailable', 'down'))]);
    const send = (path: string) => app.request(path, { method: 'POST', headers: { authorization: `Basic ${key}`, 'idempotency-key': `k${path}` }, body: '{}' });
    expect((await send('/test/crash')).status).toBe(500);
    const replay = await send('/test/crash');
    expect([replay.status, replay.headers.get('idempotent-replayed'), calls]).toEqual([500, 'true', 1]);
    expect((await send('/test/unavailable')).status).toBe(503);
    expect((await send('/test/unavailable')).headers.get('idempotent-replayed')).toBeNull();
    expect(calls).toBe(3);
  });

  it('has no effect on requests that create nothing', async () => {
    const first = await server.request('GET', '/me', { key, headers: { 'idempotency-key': 'k-read' } });
    const second = await server.request('GET', '/me', { key, headers: { 'idempotency-key': 'k-read' } });
    expect([first.status, second.status, second.headers.get('idempotent-replayed')]).toEqual([200, 200, null]);
  });
});

function dependenciesOf(harness: ServerHarness) {
  return { ...harness.deps, jobs: harness.jobs };
}

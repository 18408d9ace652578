// Keys, levels and data centers over HTTP (app.request): 401 and 403 exactly as docs/server.md says.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoutes } from '../../src/server/routes/api-routes.js';
import { createServerHarness, type ServerHarness } from '../support/server-harness.js';

let server: ServerHarness;
beforeAll(async () => {
  server = await createServerHarness();
});
afterAll(async () => server.close());

const concrete = (path: string) => path.replace('{uid}', 'alice').replace('{job_id}', 'j-none').replace('{id}', 'p-none').replace('{session_id}', encodeURIComponent('u-1:s-1'));
const routes = apiRoutes().map((route) => [route.method.toUpperCase(), concrete(route.path), route.level] as const);

describe('revoked and deleted keys', () => {
  it('are refused from the next request on (keys are never cached), and a key records when it was last used', async () => {
    const { createKey, revokeKey, deleteKey, listKeys } = await import('../../src/server/admin/admin-actions.js');
    const revoked = await createKey(server.stores, { orgName: 'acme', name: 'leaked', level: 'standard', now: server.clock.now });
    const deleted = await createKey(server.stores, { orgName: 'acme', name: 'old', level: 'standard', now: server.clock.now });
    expect((await server.request('GET', '/me', { key: revoked.key })).status).toBe(200);
    // The last use is written in the background.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await listKeys(server.stores, 'acme')).find((key) => key.name === 'leaked')).toMatchObject({ lastUsedAt: server.clock.now.toISOString(), revokedAt: null });

    await revokeKey(server.stores, { orgName: 'acme', key: 'leaked', now: server.clock.now });
    const refused = await server.request('GET', '/me', { key: revoked.key });
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ code: 'unauthorized', message: 'this API key was revoked; ask an administrator for a new one' });
    await deleteKey(server.stores, { orgName: 'acme', key: deleted.record.id });
    expect((await server.request('GET', '/me', { key: deleted.key })).body).toEqual({ code: 'unauthorized', message: 'invalid API key' });
    expect((await listKeys(server.stores, 'acme')).map((key) => key.name)).toContain('leaked');
    expect((await listKeys(server.stores, 'acme')).map((key) => key.name)).not.toContain('old');
  });
});

describe('GET /me', () => {
  it('answers role, name and data center of the key', async () => {
    expect((await server.request('GET', '/me', { key: server.keys.acme.standard })).body).toEqual({ role: 'USER', name: 'standard key', data_center: 'na1' });
    expect((await server.request('GET', '/me', { key: server.keys.acme.architect })).body).toMatchObject({ role: 'ARCHITECT' });
    expect((await server.request('GET', '/me', { key: server.keys.globex.admin })).body).toEqual({ role: 'ADMIN', name: 'admin key', data_center: 'eu1' });
  });

  it('accepts the key as curl -u key: sends it (base64 of key and colon)', async () => {
    const encoded = Buffer.from(`${server.keys.acme.standard}:`).toString('base64');
    expect((await server.request('GET', '/me', { headers: { authorization: `Basic ${encoded}` } })).status).toBe(200);
  });
});

describe('401 unauthorized', () => {
  it.each(routes)('%s %s without a key', async (method, path) => {
    const response = await server.request(method, path, { body: method === 'POST' ? {} : undefined });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ code: 'unauthorized', message: 'missing API key: send Authorization: Basic <key>' });
  });

  it('for an unknown key, a wrong secret, or a malformed one', async () => {
    const key = server.keys.acme.admin;
    for (const bad of [`${key.slice(0, -1)}${key.endsWith('A') ? 'B' : 'A'}`, 'na1.rk_0000000000000000_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx', 'hello', `us1.${key.slice(4)}`]) {
      const response = await server.request('GET', '/me', { key: bad });
      expect(response.status).toBe(401);
      expect(response.body.code).toBe('unauthorized');
    }
  });

  it('names a scheme other than Basic', async () => {
    const response = await server.request('GET', '/me', { headers: { authorization: `Bearer ${server.keys.acme.admin}` } });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ code: 'unauthorized', message: 'the Authorization header uses the Bearer scheme; send Authorization: Basic <key>' });
  });

  it("for a key whose prefix is not its organisation's data center", async () => {
    const euKey = server.keys.globex.admin;
    expect(euKey.startsWith('eu1.')).toBe(true);
    expect((await server.request('GET', '/me', { key: `na1.${euKey.slice(4)}` })).status).toBe(401);
    expect((await server.request('GET', '/me', { key: euKey.slice(4) })).status).toBe(401);
  });

  it('accepts a legacy na1 key without prefix', async () => {
    const response = await server.request('GET', '/me', { key: server.keys.acme.standard.slice(4) });
    expect(response.body).toMatchObject({ data_center: 'na1' });
  });
});

describe('403 forbidden', () => {
  const architectOnly = routes.filter(([, , level]) => level === 'architect' || level === 'admin');

  it.each(architectOnly)('%s %s with a standard key', async (method, path) => {
    const response = await server.request(method, path, { key: server.keys.acme.standard, body: method === 'POST' ? {} : undefined });
    expect(response.status).toBe(403);
    expect(response.body.code).toBe('forbidden');
    expect(response.body.message).toMatch(new RegExp(`^this key's level \\(standard\\) does not allow ${method} /v2/.+; it needs (architect|admin) or higher$`));
  });

  it('a higher level can do everything a lower one can', async () => {
    for (const key of [server.keys.acme.architect, server.keys.acme.admin]) {
      expect((await server.request('POST', '/v2/users', { key, body: { uid: 'level-check' } })).status).toBe(200);
    }
  });
});

describe('organisations and data centers', () => {
  it("never shows one organisation's data to another", async () => {
    await server.request('POST', '/v2/users', { key: server.keys.acme.standard, body: { uid: 'only-acme', properties: { plan: 'pro' } } });
    expect((await server.request('GET', '/v2/users?uid=only-acme', { key: server.keys.acme.architect })).status).toBe(200);
    expect((await server.request('GET', '/v2/users?uid=only-acme', { key: server.keys.globex.architect })).status).toBe(404);
  });

  it("keeps an organisation's data in its data center's store only", async () => {
    await server.request('POST', '/v2/users', { key: server.keys.globex.standard, body: { uid: 'eu-only' } });
    expect(await server.stores.eu1.findUserByUid(server.orgs.globex.id, 'eu-only')).toBeDefined();
    expect(await server.stores.na1.findUserByUid(server.orgs.globex.id, 'eu-only')).toBeUndefined();
    expect(await server.stores.na1.findOrganisation(server.orgs.globex.id)).toBeUndefined();
  });
});

describe('service routes', () => {
  it('GET /healthz needs no key', async () => {
    expect(await server.request('GET', '/healthz')).toMatchObject({ status: 200, body: { status: 'ok' } });
  });

  it('GET /openapi.json documents every route', async () => {
    const { body } = await server.request('GET', '/openapi.json');
    expect(body.openapi).toBe('3.1.0');
    for (const route of apiRoutes()) expect(body.paths[route.path]?.[route.method]).toBeDefined();
    expect(body.paths['/v2/users'].post.requestBody.content['application/json'].schema.properties.uid).toBeDefined();
    // Every create route that honours Idempotency-Key documents its 409 and 422.
    const creates = apiRoutes().filter((route) => route.idempotent === true);
    expect(creates.map((route) => route.path)).toEqual(expect.arrayContaining(['/v2/users', '/v2/events', '/v2/users/batch', '/v2/events/batch', '/v2/visit_profile']));
    for (const route of creates) expect(Object.keys(body.paths[route.path][route.method].responses), route.path).toEqual(expect.arrayContaining(['409', '422']));
  });

  it('unknown routes are 404 with the error body', async () => {
    expect(await server.request('GET', '/v3/nothing', { key: server.keys.acme.admin })).toMatchObject({ status: 404, body: { code: 'not_found' } });
  });

  it('logs one JSON line per request with method, path, status, ms and org, never the key or the body', async () => {
    server.logs.length = 0;
    await server.request('POST', '/v2/users', { key: server.keys.acme.standard, body: { uid: 'logged', email: 'secret@example.com' } });
    expect(server.logs).toEqual([{ time: expect.any(String), method: 'POST', path: '/v2/users', status: 200, ms: expect.any(Number), org: server.orgs.acme.id }]);
    expect(JSON.stringify(server.logs)).not.toContain('secret@example.com');
    expect(JSON.stringify(server.logs)).not.toContain(server.keys.acme.standard.slice(8));
  });
});

describe("another organisation's key", () => {
  it("cannot read or change any of acme's resources through any route", async () => {
    const acme = server.keys.acme.admin;
    const globex = server.keys.globex.admin;
    const user = await server.request('POST', '/v2/users', { key: acme, body: { uid: 'isolated', properties: { secret: 'acme only' } } });
    const profile = await server.request('POST', '/v2/visit_profile', { key: acme, body: { name: 'acme profile' } });
    const usersJob = await server.request('POST', '/v2/users/batch', { key: acme, body: { requests: [{ uid: 'isolated-2' }] } });
    const eventsJob = await server.request('POST', '/v2/events/batch', { key: acme, body: { requests: [{ name: 'x' }] } });
    await server.jobs.idle();
    const session = encodeURIComponent(`${user.body.id}:s-1`);
    await server.stores.na1.transaction((writer) =>
      writer.insertSession({ orgId: server.orgs.acme.id, id: `${user.body.id}:s-1`, userId: user.body.id, createdTime: '2026-01-01T00:00:00.000Z', fixture: { id: `${user.body.id}:s-1`, events: [] }, importedAt: '2026-01-01T00:00:00.000Z' }),
    );
    const attempts: [string, string, unknown?][] = [
      ['GET', '/v2/users?uid=isolated'],
      ['POST', '/v2/users', { id: user.body.id, properties: { secret: 'overwritten' } }],
      ['GET', `/v2/users/batch/${usersJob.body.job.id}`],
      ['GET', `/v2/users/batch/${usersJob.body.job.id}/errors`],
      ['GET', `/v2/users/batch/${usersJob.body.job.id}/imports`],
      ['GET', `/v2/events/batch/${eventsJob.body.job.id}`],
      ['GET', `/v2/events/batch/${eventsJob.body.job.id}/errors`],
      ['GET', `/v2/events/batch/${eventsJob.body.job.id}/imports`],
      ['POST', '/v2/events', { name: 'x', user: { id: user.body.id } }],
      ['POST', '/v2/events', { name: 'x', session: { id: `${user.body.id}:s-1` } }],
      ['POST', '/users/v1/individual/isolated/customvars', { plan_str: 'x' }],
      ['GET', `/v2/visit_profile/${profile.body.id}`],
      ['POST', `/v2/visit_profile/${profile.body.id}`, { name: 'taken over' }],
      ['DELETE', `/v2/visit_profile/${profile.body.id}`],
      ['GET', `/v2/sessions/${session}/summary?config_profile=${profile.body.id}`],
      ['POST', `/v2/sessions/${session}/summary?config_profile=${profile.body.id}`, {}],
      ['POST', `/v2/sessions/${session}/context?config_profile=${profile.body.id}`, {}],
    ];
    for (const [method, path, body] of attempts) {
      const response = await server.request(method, path, { key: globex, body });
      expect([method, path, response.status]).toEqual([method, path, expect.toSatisfy((status: number) => status === 404 || status === 400)]);
    }
    expect((await server.request('GET', '/v2/sessions?uid=isolated', { key: globex })).body).toEqual({ results: [] });
    expect((await server.request('GET', '/v2/visit_profile', { key: globex })).body.results).toEqual([]);
    expect((await server.request('GET', '/v2/users?uid=isolated', { key: acme })).body.properties).toEqual({ secret: 'acme only' });
    expect((await server.request('GET', `/v2/visit_profile/${profile.body.id}`, { key: acme })).body.name).toBe('acme profile');
  });
});

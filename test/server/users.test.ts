// Users v2 and v1 over HTTP: identification, merging, uid immutability, properties, limits.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServerHarness, type ServerHarness } from '../support/server-harness.js';

let server: ServerHarness;
let key: string;
let architect: string;
beforeAll(async () => {
  server = await createServerHarness();
  key = server.keys.acme.standard;
  architect = server.keys.acme.architect;
});
afterAll(async () => server.close());

const post = (body: unknown) => server.request('POST', '/v2/users', { key, body });
const read = async (uid: string) => (await server.request('GET', `/v2/users?uid=${encodeURIComponent(uid)}`, { key: architect })).body;

describe('POST /v2/users', () => {
  it('creates an anonymous user without id or uid', async () => {
    const response = await post({ properties: { visits: 1 } });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ id: expect.stringMatching(/^u-/), uid: null, display_name: null, email: null, properties: { visits: 1 } });
  });

  it('creates, then updates, by uid; properties merge by path and the newest value wins', async () => {
    const first = await post({ uid: 'alice', display_name: 'Alice', email: 'alice@example.com', properties: { plan: 'free', billing: { seats: 2, currency: 'EUR' } } });
    const second = await post({ uid: 'alice', properties: { plan: 'pro', billing: { seats: 5 } } });
    expect(second.body.id).toBe(first.body.id);
    expect(second.body).toMatchObject({ display_name: 'Alice', email: 'alice@example.com', properties: { plan: 'pro', billing: { seats: 5, currency: 'EUR' } } });
    expect(await read('alice')).toEqual(second.body);
  });

  it('identifies an anonymous user by id + uid, keeping what was set while anonymous', async () => {
    const anonymous = await post({ properties: { cart: 3 } });
    const identified = await post({ id: anonymous.body.id, uid: 'bob', properties: { plan: 'trial' } });
    expect(identified.body).toMatchObject({ id: anonymous.body.id, uid: 'bob', properties: { cart: 3, plan: 'trial' } });
  });

  it('merges an anonymous user into the user that has the uid, newer values winning, and returns that id', async () => {
    const existing = await post({ uid: 'carol', properties: { plan: 'pro', country: 'FR' } });
    server.clock.now = new Date(server.clock.now.getTime() + 60_000);
    const anonymous = await post({ properties: { plan: 'enterprise', visits: 7 } });
    server.clock.now = new Date(server.clock.now.getTime() + 60_000);
    const merged = await post({ id: anonymous.body.id, uid: 'carol' });
    expect(merged.body.id).toBe(existing.body.id);
    expect(merged.body.properties).toEqual({ plan: 'enterprise', country: 'FR', visits: 7 });
    // The anonymous id now leads to the merged user.
    const again = await post({ id: anonymous.body.id, properties: { later: true } });
    expect(again.body).toMatchObject({ id: existing.body.id, uid: 'carol', properties: { later: true } });
  });

  it("brings the anonymous user's recorded sessions and events along when it is merged into an existing uid", async () => {
    const { importSession } = await import('../../src/server/sessions/import-session.js');
    const existing = await post({ uid: 'merge-target' });
    // A session recorded before the visitor signed in: its fixture names no user, so an anonymous one is made.
    const fixture = { id: 'visitor:s-42', events: [{ type: 'navigate', timestamp: '2026-03-01T10:00:00Z', url: 'https://shop.example/' }] };
    const imported = await importSession(server.stores.na1, server.orgs.acme, JSON.stringify(fixture), { source: 'visit.json', now: server.clock.now });
    const anonymousId = imported.userId;
    await post({ id: anonymousId, properties: { cart: 1 } });
    const event = await server.request('POST', '/v2/events', { key, body: { name: 'Cart Viewed', user: { id: anonymousId }, session: { id: imported.id } } });
    expect(event.body.session_id).toBe(imported.id);

    const merged = await post({ id: anonymousId, uid: 'merge-target' });
    expect(merged.body.id).toBe(existing.body.id);
    const listed = await server.request('GET', '/v2/sessions?uid=merge-target', { key });
    const movedId = `${existing.body.id}:s-42`;
    expect(listed.body.results.map((item: { id: string }) => item.id)).toEqual([movedId]);
    // The summary works under the new id, and the old id still leads to the session.
    const profile = await server.request('POST', '/v2/visit_profile', { key, body: {} });
    for (const id of [movedId, imported.id]) {
      const context = await server.request('POST', `/v2/sessions/${encodeURIComponent(id)}/context?config_profile=${profile.body.id}`, { key: architect });
      expect(context.status, id).toBe(200);
      expect(context.body.session_id).toBe(movedId);
      expect(context.body.prompt).toContain('Cart Viewed');
      expect((await server.request('GET', `/v2/sessions/${encodeURIComponent(id)}/summary?config_profile=${profile.body.id}`, { key: architect })).status).toBe(200);
    }
    // Events sent later with the old session id join the moved session.
    const later = await server.request('POST', '/v2/events', { key, body: { name: 'Checkout Started', user: { uid: 'merge-target' }, session: { id: imported.id } } });
    expect(later.status).toBe(200);
    expect(later.body.session_id).toBe(movedId);
  });

  it('refuses to change a uid once set: 409 uid_immutable', async () => {
    const user = await post({ uid: 'dave' });
    const response = await post({ id: user.body.id, uid: 'david' });
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({ code: 'uid_immutable' });
    expect((await post({ id: user.body.id, uid: 'dave' })).status).toBe(200);
  });

  it('answers 404 for an unknown id', async () => {
    expect((await post({ id: 'u-nobody' })).body).toMatchObject({ code: 'not_found' });
  });

  it('infers every number as real; a declared int later sent as a number reads back as a conflict', async () => {
    await post({ uid: 'erin', properties: { seats: 5 }, schema: { properties: { seats: 'int' } } });
    const response = await post({ uid: 'erin', properties: { seats: 6, renewal: '2026-12-01' }, schema: { properties: { renewal: 'date' } } });
    expect(response.body.properties).toEqual({ seats: null, renewal: '2026-12-01' });
    expect(response.body.type_conflicts).toEqual({ properties: { seats: { int: 5, real: 6 } } });
  });

  it('rejects every broken rule with 400 and details naming the path', async () => {
    const response = await post({
      uid: 'frank',
      properties: { 'bad name': 1, nested: { 'x-y': 2 }, big: 'x'.repeat(8193), rows: [{ a: 1 }], seats: 'many', long: { ['a'.repeat(300)]: { ['b'.repeat(300)]: 1 } } },
      schema: { properties: { seats: 'int' } },
    });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('invalid_request');
    expect(response.body.details.map((detail: { path: string }) => detail.path)).toEqual([
      'properties.bad name',
      'properties.nested.x-y',
      'properties.big',
      'properties.rows',
      'properties.seats',
      expect.stringMatching(/^properties\.long\.a+…$/),
    ]);
    expect(await read('frank')).toMatchObject({ code: 'not_found' });
  });

  it('refuses impossible dates for a declared date, date-only or not', async () => {
    for (const [properties, schema] of [
      [{ d: '2026-02-31' }, { d: 'date' }],
      [{ d: ['2026-04-30', '2026-04-31'] }, { d: 'dates' }],
      [{ d: '2026-02-30T10:00:00Z' }, { d: 'date' }],
    ] as const) {
      const response = await post({ uid: 'dates', properties, schema: { properties: schema } });
      expect(response.status).toBe(400);
      expect(response.body.details).toEqual([expect.objectContaining({ path: 'properties.d' })]);
    }
    expect((await post({ uid: 'dates', properties: { d: '2024-02-29' }, schema: { properties: { d: 'date' } } })).status).toBe(200);
  });

  it('answers 400 for a body nested thousands of levels deep, naming where', async () => {
    const depth = 5000;
    const raw = `{"uid":"deep","properties":{"a":${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}}}`;
    const response = await server.request('POST', '/v2/users', { key, raw });
    expect(response.status).toBe(400);
    expect(response.body.details).toEqual([{ path: 'properties.a.a.a.a.a.a.a…', message: 'nests more than 512 levels deep' }]);
  });

  it('rejects unknown fields and wrong types in the body', async () => {
    const response = await post({ uid: 7, nickname: 'x' });
    expect(response.status).toBe(400);
    expect(response.body.details).toEqual([
      { path: 'uid', message: 'expected a string, got 7' },
      { path: 'nickname', message: 'unknown field' },
    ]);
  });

  it('keeps prototype-like names as plain data', async () => {
    const response = await server.request('POST', '/v2/users', { key, raw: '{"uid":"proto","properties":{"__proto__":{"polluted":true},"constructor":"c","prototype":"p"}}' });
    expect(response.status).toBe(200);
    expect(response.body.properties).toEqual(JSON.parse('{"__proto__":{"polluted":true},"constructor":"c","prototype":"p"}'));
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(await read('proto')).toEqual(response.body);
  });

  it('loses nothing under 100 concurrent updates of one user', async () => {
    await post({ uid: 'busy' });
    const responses = await Promise.all(Array.from({ length: 100 }, (_, index) => post({ uid: 'busy', properties: { [`p${index}`]: index } })));
    expect(responses.every((response) => response.status === 200)).toBe(true);
    expect(Object.keys((await read('busy')).properties)).toHaveLength(100);
  });
});

describe('GET /v2/users', () => {
  it('needs uid', async () => {
    expect((await server.request('GET', '/v2/users', { key: architect })).body).toMatchObject({ code: 'invalid_request', details: [{ path: 'uid', message: 'is required' }] });
  });
});

describe('property name cardinality', () => {
  it('captures 500 user property names per organisation, lists the rest in rejected_properties, and lets names age out', async () => {
    const limited = await createServerHarness({ retentionDays: 30 });
    const limitedKey = limited.keys.acme.standard;
    const names = (from: number, count: number) => Object.fromEntries(Array.from({ length: count }, (_, index) => [`n${from + index}`, 1]));
    const first = await limited.request('POST', '/v2/users', { key: limitedKey, body: { uid: 'u1', properties: names(0, 499) } });
    expect(first.body.rejected_properties).toBeUndefined();
    const second = await limited.request('POST', '/v2/users', { key: limitedKey, body: { uid: 'u2', properties: { ...names(0, 3), extra1: 1, extra2: 2 } } });
    expect(second.body.rejected_properties).toEqual(['extra2']);
    expect(second.body.properties).toEqual({ n0: 1, n1: 1, n2: 1, extra1: 1 });
    limited.clock.now = new Date(limited.clock.now.getTime() + 31 * 24 * 60 * 60 * 1000);
    const later = await limited.request('POST', '/v2/users', { key: limitedKey, body: { uid: 'u3', properties: { extra2: 2 } } });
    expect(later.body.rejected_properties).toBeUndefined();
    await limited.close();
  });
});

describe('POST /users/v1/individual/{uid}/customvars', () => {
  it('404s unless the uid was identified in a recorded session', async () => {
    await post({ uid: 'api-only' });
    const response = await server.request('POST', '/users/v1/individual/api-only/customvars', { key, body: { plan_str: 'pro' } });
    expect(response.status).toBe(404);
    expect(response.body.code).toBe('not_found');
  });

  it('takes camelCase fields and suffixed names as declared types', async () => {
    const user = await post({ uid: 'recorded' });
    await server.stores.na1.transaction(async (writer) => {
      const record = await writer.findUser(server.orgs.acme.id, user.body.id);
      if (record !== undefined) await writer.updateUser({ ...record, identifiedInSession: true });
    });
    const response = await server.request('POST', '/users/v1/individual/recorded/customvars', {
      key,
      body: { displayName: 'Rec Orded', email: 'rec@example.com', plan_str: 'pro', seats_int: 12, score_real: 4.5, beta_bool: true, signup_date: '2026-01-02', tags_strs: ['a', 'b'] },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      uid: 'recorded',
      display_name: 'Rec Orded',
      email: 'rec@example.com',
      properties: { plan: 'pro', seats: 12, score: 4.5, beta: true, signup: '2026-01-02', tags: ['a', 'b'] },
    });
    const conflict = await post({ uid: 'recorded', properties: { seats: 13 } });
    expect(conflict.body.type_conflicts.properties.seats).toEqual({ int: 12, real: 13 });
  });

  it('rejects names without a suffix and values that contradict it', async () => {
    const response = await server.request('POST', '/users/v1/individual/recorded/customvars', { key, body: { plan: 'pro', seats_int: 'twelve' } });
    expect(response.status).toBe(400);
    expect(response.body.details.map((detail: { path: string }) => detail.path)).toEqual(['plan']);
    // Problems are named by the field the client sent, not by the v2 property it becomes.
    const typed = await server.request('POST', '/users/v1/individual/recorded/customvars', { key, body: { seats_int: 'twelve', 'bad-name_str': 'x' } });
    expect(typed.body.details).toEqual([
      { path: 'seats_int', message: expect.stringMatching(/declared int/) },
      { path: 'bad-name_str', message: expect.stringMatching(/property names may only contain/) },
    ]);
  });
});

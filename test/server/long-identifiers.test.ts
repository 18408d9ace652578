// Emails, uids, session ids and custom event names are indexed, and a PostgreSQL index entry holds
// at most 2,704 bytes: an email of 1,024 characters of 3 bytes each was a 500 there (a users batch
// holding one FAILED whole) and stored on SQLite; a fixture with a long uid, email, session id or
// custom event name failed to import there with a driver error and was imported on SQLite. Now
// every route that sets an email (v2, its batch, v1) refuses more than 2,048 bytes with the same
// 400 on both stores, and an import refuses what the API would, naming each path.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importSession } from '../../src/server/sessions/import-session.js';
import { SessionFixtureError } from '../../src/session/session-error.js';
import { createServerHarness, STORE_KINDS, type ServerHarness } from '../support/server-harness.js';

/** `length` characters of 3 bytes each (CJK) that do not repeat: nothing to compress. */
function incompressible(length: number): string {
  let seed = 7;
  return Array.from({ length }, () => String.fromCharCode(0x4e00 + ((seed = (seed * 1103515245 + 12345) % 2147483648) % 20000))).join('');
}

describe.each(STORE_KINDS)('long identifiers on %s', (store) => {
  let server: ServerHarness;
  beforeAll(async () => {
    server = await createServerHarness({ store });
  });
  afterAll(async () => server?.close());

  const tooLong = { path: 'email', message: 'must be at most 2048 bytes in UTF-8, got 3072' };

  it('POST /v2/users refuses an email over 2,048 bytes with a 400 naming email, and stores one at the limit', async () => {
    const key = server.keys.acme.standard;
    const refused = await server.request('POST', '/v2/users', { key, body: { uid: 'long', email: incompressible(1024) } });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ code: 'invalid_request', message: 'invalid request body', details: [tooLong] });
    const atLimit = `${incompressible(682)}é`;
    expect(Buffer.byteLength(atLimit)).toBe(2048);
    const stored = await server.request('POST', '/v2/users', { key, body: { uid: 'long', email: atLimit } });
    expect(stored.status).toBe(200);
    const listed = await server.request('GET', `/v2/sessions?email=${encodeURIComponent(atLimit)}`, { key });
    expect(listed).toMatchObject({ status: 200, body: { results: [] } });
    expect((await server.request('GET', '/v2/users?uid=long', { key: server.keys.acme.architect })).body.email).toBe(atLimit);
  });

  it('a users batch item with such an email is one error line; the others are applied', async () => {
    const key = server.keys.acme.standard;
    const submitted = await server.request('POST', '/v2/users/batch', { key, body: { requests: [{ uid: 'batch-long', email: incompressible(1024) }, { uid: 'batch-fine', email: 'fine@example.com' }] } });
    expect(submitted.status).toBe(202);
    await server.jobs.idle();
    const errors = await server.request('GET', `/v2/users/batch/${submitted.body.job.id}/errors`, { key });
    expect(errors.body.results).toEqual([{ index: 0, code: 'invalid_request', message: 'invalid request body', details: [tooLong] }]);
    expect((await server.request('GET', `/v2/users/batch/${submitted.body.job.id}`, { key })).body).toMatchObject({ job: { status: 'COMPLETED' }, imports: 1, errors: 1 });
  });

  it('a version 1 update takes the rules of v2 for email and displayName', async () => {
    const fixture = JSON.stringify({ id: 'x:s-v1', created_time: '2026-04-01T00:00:00Z', user: { uid: 'v1-user' }, events: [{ type: 'click', timestamp: '2026-04-01T00:00:00Z' }] });
    await importSession(server.stores.na1, server.orgs.acme, fixture, { source: 'v1.json', now: server.clock.now });
    const target = '/users/v1/individual/v1-user/customvars';
    const refused = await server.request('POST', target, { key: server.keys.acme.standard, body: { email: incompressible(1024), displayName: 'x'.repeat(1025), plan_str: 'pro' } });
    expect(refused.status).toBe(400);
    expect(refused.body.details).toEqual([tooLong, { path: 'displayName', message: 'must be at most 1024 characters' }]);
    const wrongType = await server.request('POST', target, { key: server.keys.acme.standard, body: { email: 5 } });
    expect(wrongType.body.details).toEqual([{ path: 'email', message: 'expected a string, got 5' }]);
    const stored = await server.request('POST', target, { key: server.keys.acme.standard, body: { email: 'v1@example.com', displayName: null, plan_str: 'pro' } });
    expect(stored).toMatchObject({ status: 200, body: { email: 'v1@example.com', display_name: null, properties: { plan: 'pro' } } });
  });

  it('an import refuses a uid, email, session part or custom event name longer than the API takes, naming each path', async () => {
    const fixture = (uid: string, email: string, part: string, name: string) =>
      JSON.stringify({ id: `x:${part}`, created_time: '2026-04-01T00:00:00Z', user: { uid, email }, events: [{ type: 'custom', name, timestamp: '2026-04-01T00:00:00Z' }] });
    const long = incompressible(1200);
    const refused = importSession(server.stores.na1, server.orgs.acme, fixture(long, long, long, long), { source: 'long.json', now: server.clock.now });
    await expect(refused).rejects.toBeInstanceOf(SessionFixtureError);
    await expect(refused).rejects.toThrow(
      [
        'long.json: user.uid: must be at most 256 characters, got 1200',
        'long.json: user.email: must be at most 1024 characters',
        'long.json: id: the session part (after the colon) must be at most 256 characters, got 1200',
        'long.json: events[0].name: must be at most 256 characters, got 1200',
      ].join('\n'),
    );
    expect(await server.stores.na1.findUserByUid(server.orgs.acme.id, long)).toBeUndefined();
    const atLimit = incompressible(256);
    const imported = await importSession(server.stores.na1, server.orgs.acme, fixture(atLimit, `${incompressible(682)}é`, atLimit, atLimit), { source: 'limit.json', now: server.clock.now });
    expect(imported.created).toBe(true);
    const search = await server.request('POST', '/v2/sessions/search', { key: server.keys.acme.standard, body: { has_events: [{ type: atLimit }] } });
    expect(search.body.results.map((item: { id: string }) => item.id)).toEqual([imported.id]);
  });
});

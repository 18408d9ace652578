// POST /v2/events: users, sessions, limits and the server event quota.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServerHarness, type ServerHarness } from '../support/server-harness.js';

let server: ServerHarness;
let key: string;
beforeAll(async () => {
  server = await createServerHarness();
  key = server.keys.acme.standard;
});
afterAll(async () => server.close());

const post = (body: unknown, harness = server, withKey = key) => harness.request('POST', '/v2/events', { key: withKey, body });

async function recordedSession(harness: ServerHarness, uid: string, sessionPart: string, createdTime: string): Promise<string> {
  const user = await harness.request('POST', '/v2/users', { key: harness.keys.acme.standard, body: { uid } });
  const id = `${user.body.id}:${sessionPart}`;
  await harness.stores.na1.transaction((writer) =>
    writer.insertSession({ orgId: harness.orgs.acme.id, id, userId: user.body.id, createdTime, fixture: { id, events: [] }, importedAt: createdTime }),
  );
  return id;
}

describe('POST /v2/events', () => {
  it('records an event for a user found or created by uid', async () => {
    const response = await post({ name: 'Checkout Started', timestamp: '2026-11-22T09:00:00Z', user: { uid: 'ev-alice' }, properties: { cart: { value: 42.5 } } });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      id: expect.stringMatching(/^e-/),
      name: 'Checkout Started',
      timestamp: '2026-11-22T09:00:00.000Z',
      user_id: expect.stringMatching(/^u-/),
      session_id: null,
      properties: { cart: { value: 42.5 } },
    });
    const user = await server.request('GET', '/v2/users?uid=ev-alice', { key: server.keys.acme.architect });
    expect(user.body.id).toBe(response.body.user_id);
  });

  it('joins the session it names, or the most recent one of its user', async () => {
    const older = await recordedSession(server, 'ev-bob', 's-1', '2026-11-01T10:00:00.000Z');
    const newer = await recordedSession(server, 'ev-bob', 's-2', '2026-11-20T10:00:00.000Z');
    expect((await post({ name: 'Refund Requested', session: { id: older } })).body.session_id).toBe(older);
    expect((await post({ name: 'Refund Requested', user: { uid: 'ev-bob' }, session: { use_most_recent: true } })).body.session_id).toBe(newer);
    const events = await server.stores.na1.listSessionEvents(server.orgs.acme.id, newer);
    expect(events.map((event) => event.name)).toEqual(['Refund Requested']);
  });

  it('rejects unknown sessions and users, bad timestamps and bad properties with details', async () => {
    expect((await post({ name: 'x', session: { id: 'u-0:none' } })).body).toMatchObject({ code: 'invalid_request', details: [{ path: 'session.id' }] });
    expect((await post({ name: 'x', user: { id: 'u-none' } })).body).toMatchObject({ details: [{ path: 'user.id' }] });
    expect((await post({ name: 'x', timestamp: 'yesterday' })).body).toMatchObject({ details: [{ path: 'timestamp', message: 'not an ISO 8601 date' }] });
    expect((await post({ name: 'x', timestamp: '2026-03-01' })).body).toMatchObject({
      details: [{ path: 'timestamp', message: 'is a date without a time: a timestamp needs a time and a time zone, e.g. 2026-03-01T00:00:00Z' }],
    });
    expect((await post({ name: 'x', timestamp: '2026-03-01T10:00:30' })).body).toMatchObject({
      details: [{ path: 'timestamp', message: 'needs a time zone (Z or ±hh:mm), e.g. 2026-03-01T10:00:00Z' }],
    });
    expect((await post({ name: 'x', properties: { 'a b': 1 } })).body).toMatchObject({ details: [{ path: 'properties.a b' }] });
    expect((await post({ properties: {} })).body).toMatchObject({ details: [{ path: 'name', message: 'is required' }] });
  });

  it('refuses a timestamp its zone carries past year 9999, which no session could be read back with', async () => {
    const response = await post({ name: 'far', timestamp: '9999-12-31T23:59:59-23:59' });
    expect(response.status).toBe(400);
    expect(response.body.details).toEqual([{ path: 'timestamp', message: 'falls outside the years 0000–9999 in UTC (its zone carries it past them)' }]);
  });

  it('refuses a uid with surrounding spaces, as POST /v2/users does', async () => {
    const response = await post({ name: 'x', user: { uid: ' spaced ' } });
    expect(response.status).toBe(400);
    expect(response.body.details).toEqual([{ path: 'user.uid', message: 'must be a non-empty string without surrounding spaces' }]);
    expect((await server.request('GET', '/v2/users?uid=%20spaced%20', { key: server.keys.acme.architect })).status).toBe(404);
  });

  it('answers 400 for a small body nested thousands of levels deep, not a stack overflow', async () => {
    const depth = 5000;
    const raw = `{"name":"deep","properties":{"a":${'['.repeat(depth)}${']'.repeat(depth)}}}`;
    const response = await server.request('POST', '/v2/events', { key, raw });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'invalid_request', message: 'the body nests too deeply', details: [{ path: 'properties.a[0][0][0][0][0][0]…', message: 'nests more than 512 levels deep' }] });
  });
});

describe('cardinality', () => {
  it('captures 1,000 event names per organisation and lists the rest in rejected_event_names', async () => {
    const limited = await createServerHarness();
    const limitedKey = limited.keys.acme.standard;
    for (let index = 0; index < 1000; index++) await post({ name: `Event ${index}` }, limited, limitedKey);
    const over = await post({ name: 'One Too Many' }, limited, limitedKey);
    expect(over.status).toBe(200);
    expect(over.body.rejected_event_names).toEqual(['One Too Many']);
    expect((await post({ name: 'Event 7' }, limited, limitedKey)).body.rejected_event_names).toBeUndefined();
    await limited.close();
  });

  it('keeps an event whose name was refused in its session, but search does not find it', async () => {
    const limited = await createServerHarness();
    const limitedKey = limited.keys.acme.standard;
    for (let index = 0; index < 1000; index++) await post({ name: `Event ${index}` }, limited, limitedKey);
    const sessionId = await recordedSession(limited, 'over-alice', 's-1', '2026-03-01T10:00:00.000Z');
    const over = await post({ name: 'Over The Limit', timestamp: '2026-03-01T10:00:05Z', session: { id: sessionId }, properties: { a: 1 } }, limited, limitedKey);
    expect(over.body).toMatchObject({ rejected_event_names: ['Over The Limit'], session_id: sessionId, properties: { a: 1 } });
    expect(over.body.rejected_properties).toBeUndefined();
    const search = (type: string) => limited.request('POST', '/v2/sessions/search', { key: limited.keys.acme.architect, body: { has_events: [{ type }] } });
    expect((await search('Over The Limit')).body.results).toEqual([]);
    // An indexed name in the same session is found, so the search itself works.
    await post({ name: 'Event 3', timestamp: '2026-03-01T10:00:06Z', session: { id: sessionId } }, limited, limitedKey);
    expect((await search('Event 3')).body.results.map((session: { id: string }) => session.id)).toEqual([sessionId]);
    await limited.close();
  });

  it('counts a property name once per event name, 5,000 in all', async () => {
    const limited = await createServerHarness();
    const limitedKey = limited.keys.acme.standard;
    const properties = (from: number) => Object.fromEntries(Array.from({ length: 1000 }, (_, index) => [`p${from + index}`, 1]));
    for (let batch = 0; batch < 5; batch++) expect((await post({ name: 'Wide', properties: properties(batch * 1000) }, limited, limitedKey)).body.rejected_properties).toBeUndefined();
    // p0 already counts under "Wide"; under "Other" it is a new name, over the limit.
    const other = await post({ name: 'Other', properties: { p0: 1 } }, limited, limitedKey);
    expect(other.body.rejected_properties).toEqual(['p0']);
    expect(other.body.properties).toEqual({});
    expect((await post({ name: 'Wide', properties: { p0: 2 } }, limited, limitedKey)).body.properties).toEqual({ p0: 2 });
    await limited.close();
  });
});

describe('server event quota', () => {
  it('answers 429 too_many_requests with Retry-After once spent, and records nothing more', async () => {
    const limited = await createServerHarness({ serverEventQuota: 2 });
    const limitedKey = limited.keys.acme.standard;
    expect((await post({ name: 'a' }, limited, limitedKey)).status).toBe(200);
    expect((await post({ name: 'b' }, limited, limitedKey)).status).toBe(200);
    const spent = await post({ name: 'c' }, limited, limitedKey);
    expect(spent.status).toBe(429);
    expect(spent.body.code).toBe('too_many_requests');
    // 2026-11-22T10:00Z to 2026-12-01T00:00Z
    expect(spent.headers.get('retry-after')).toBe(String(8 * 86400 + 14 * 3600));
    expect((await limited.stores.na1.listEvents(limited.orgs.acme.id, { limit: 10 })).items.map((event) => event.name)).toEqual(['a', 'b']);
    limited.clock.now = new Date('2026-12-01T00:00:01Z');
    expect((await post({ name: 'd' }, limited, limitedKey)).status).toBe(200);
    await limited.close();
  });
});

// POST /v2/sessions/search over HTTP on both stores: levels, validation errors naming their path,
// users resolved as GET /v2/sessions resolves them (merges followed), paging, other organisations,
// and deleted users' sessions gone.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importSession } from '../../src/server/sessions/import-session.js';
import { createServerHarness, STORE_KINDS, type ServerHarness } from '../support/server-harness.js';

const root = path.resolve(import.meta.dirname, '../..');
const fixture = (name: string) => readFileSync(path.join(root, 'sessions-fixtures', name), 'utf8');

describe.each(STORE_KINDS)('POST /v2/sessions/search on %s', (store) => {
  let server: ServerHarness;
  let key: string;
  const search = (body: unknown, searchKey: string | undefined = key) => server.request('POST', '/v2/sessions/search', { key: searchKey, body });
  const ids = async (body: unknown, searchKey?: string): Promise<string[]> => {
    const response = await search(body, searchKey);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.results.map((item: { id: string }) => item.id);
  };
  let alice: { id: string; userId: string };
  let anonymous: { id: string; userId: string };
  let deadClicks: { id: string; userId: string };

  beforeAll(async () => {
    server = await createServerHarness({ store });
    key = server.keys.acme.standard;
    const importInto = (text: string) => importSession(server.stores.na1, server.orgs.acme, text, { source: 'fixture.json', now: server.clock.now });
    await server.request('POST', '/v2/users', { key, body: { uid: 'alice', properties: { plan: 'pro', billing: { seats: 5 } } } });
    // checkout-abandon: alice, 2026-03-01, one rage-click, a coupon request that failed, 128.875 s of events.
    alice = await importInto(fixture('checkout-abandon.json'));
    // search-dead-clicks: 7 dead-clicks on www.boltbase.example; anonymous-visitor: 3.
    deadClicks = await importInto(fixture('search-dead-clicks.json'));
    await importInto(fixture('onboarding-success.json'));
    anonymous = await importInto(fixture('anonymous-visitor.json'));
    await importSession(server.stores.eu1, server.orgs.globex, fixture('checkout-abandon.json'), { source: 'fixture.json', now: server.clock.now });
  });
  afterAll(async () => server.close());

  it('a Standard key searches and gets session list items, as GET /v2/sessions answers them', async () => {
    const response = await search({ user: { uid: 'alice' } });
    const listed = await server.request('GET', '/v2/sessions?uid=alice', { key });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ results: listed.body.results, next_page_token: null });
    expect(response.body.results[0]).toEqual({ id: alice.id, app_url: `https://app.recap.test/session/${encodeURIComponent(alice.id)}`, created_time: '2026-03-01T09:59:59.734Z' });
    for (const higher of [server.keys.acme.architect, server.keys.acme.admin]) expect(await ids({ user: { uid: 'alice' } }, higher)).toEqual([alice.id]);
  });

  it('needs a key', async () => {
    expect(await server.request('POST', '/v2/sessions/search', { body: {} })).toMatchObject({ status: 401, body: { code: 'unauthorized' } });
  });

  it('filters by event type and count, custom event name, URL, duration, time and user property', async () => {
    expect(await ids({ has_events: [{ type: 'rage-click' }], url_contains: 'SHOP.EXAMPLE/CHECKOUT' })).toEqual([alice.id]);
    expect(await ids({ has_events: [{ type: 'dead-click', min_count: 4 }] })).toEqual([deadClicks.id]);
    expect(await ids({ url_contains: 'BoltBase.example/P/' })).toEqual([deadClicks.id]);
    expect(await ids({ has_events: [{ type: 'Checkout Started', min_count: 1 }] })).toEqual([alice.id]);
    expect(await ids({ has_events: [{ type: 'rage-click', min_count: 2 }], user: { uid: 'alice' } })).toEqual([]);
    expect(await ids({ min_duration_ms: 128_875, max_duration_ms: 128_875 })).toEqual([alice.id]);
    expect(await ids({ min_duration_ms: 128_876 })).not.toContain(alice.id);
    expect(await ids({ from: '2026-03-01T09:59:59.734Z', to: '2026-03-01T11:00:00+01:00' })).toEqual([alice.id]);
    expect(await ids({ from: '2026-03-01T10:59:59.735+01:00', to: '2026-03-02T00:00:00Z' })).not.toContain(alice.id);
    expect(await ids({ user_properties: { plan: 'pro', 'billing.seats': 5 } })).toEqual([alice.id]);
    expect(await ids({ user_properties: { plan: 'free' } })).toEqual([]);
  });

  it('matches a user property by the value the user sent: integers past 2^53, -0, 5e-324 and 1e308 included', async () => {
    // 1234567890123456789 is the double 1234567890123456768, stored (as JSON.stringify writes it)
    // as 1234567890123456800: a decimal that SQLite read back as an exact 64-bit integer, which
    // equals no double, so SQLite found no user where PostgreSQL found alice.
    const values = { huge: 1234567890123456789, negative: -6096080238829699000, zero: -0, tiny: 5e-324, large: 1e308, tenth: 0.1 };
    await server.request('POST', '/v2/users', { key, raw: JSON.stringify({ uid: 'alice', properties: { numbers: values } }).replace('"zero":0', '"zero":-0') });
    for (const [name, value] of Object.entries(values)) {
      expect(await ids({ user_properties: { [`numbers.${name}`]: value } }), name).toEqual([alice.id]);
      expect(await ids({ user_properties: { [`numbers.${name}`]: String(value) } }), `${name} as a string`).toEqual([]);
    }
    expect(await ids({ user_properties: { 'numbers.huge': 1234567890123456800 + 256 } })).toEqual([]);
  });

  it('finds the user by uid, email or id; an unknown user has no sessions', async () => {
    expect(await ids({ user: { email: 'alice@example.com' } })).toEqual([alice.id]);
    expect(await ids({ user: { id: alice.userId } })).toEqual([alice.id]);
    expect(await search({ user: { uid: 'nobody' } })).toMatchObject({ status: 200, body: { results: [], next_page_token: null } });
  });

  it('finds the session of a merged anonymous user under its new id, by the new uid and by the old user id', async () => {
    // The uid is taken: identifying the anonymous visitor with it merges the visitor into that user.
    const known = await server.request('POST', '/v2/users', { key, body: { uid: 'visitor-now-known' } });
    const merged = await server.request('POST', '/v2/users', { key, body: { id: anonymous.userId, uid: 'visitor-now-known' } });
    expect(merged.body.id).toBe(known.body.id);
    const [moved] = await ids({ user: { uid: 'visitor-now-known' } });
    expect(moved).toBeDefined();
    expect(moved).not.toBe(anonymous.id);
    expect(await ids({ user: { id: anonymous.userId } })).toEqual([moved]);
  });

  it('pages with next_page_token: no session twice, none left out', async () => {
    const everything = await ids({ limit: 100 });
    expect(everything.length).toBeGreaterThanOrEqual(4);
    const seen: string[] = [];
    let token: string | null = null;
    do {
      const page: { body: { results: { id: string }[]; next_page_token: string | null } } = await search({ limit: 1, ...(token === null ? {} : { page_token: token }) });
      seen.push(...page.body.results.map((item) => item.id));
      token = page.body.next_page_token;
    } while (token !== null);
    expect(seen).toEqual(everything);
  });

  it("never returns another organisation's sessions", async () => {
    const globex = await ids({}, server.keys.globex.standard);
    expect(globex).toHaveLength(1);
    expect(await ids({})).not.toContain(globex[0]);
    expect(await ids({ user: { uid: 'alice' } }, server.keys.globex.standard)).toEqual(globex);
  });

  it.each([
    [{ colour: 'red' }, [{ path: 'colour', message: 'unknown field' }]],
    [{ from: 'yesterday' }, [{ path: 'from', message: 'not an ISO 8601 date' }]],
    [{ to: '2026-03-01T10:00:00' }, [{ path: 'to', message: 'needs a time zone (Z or ±hh:mm), e.g. 2026-03-01T10:00:00Z' }]],
    [{ limit: 0 }, [{ path: 'limit', message: 'must be 1 or more, got 0' }]],
    [{ limit: 101 }, [{ path: 'limit', message: 'must be 100 or less, got 101' }]],
    [{ limit: '5' }, [{ path: 'limit', message: 'expected a number, got "5"' }]],
    [{ min_duration_ms: 1.5 }, [{ path: 'min_duration_ms', message: 'expected an integer, got 1.5' }]],
    [{ max_duration_ms: -1 }, [{ path: 'max_duration_ms', message: 'must be 0 or more, got -1' }]],
    [{ user: { name: 'alice' } }, [{ path: 'user', message: 'give either uid, email or id' }]],
    [{ user_properties: { 'bad name': 'x', plan: { nested: 1 } } }, [
      { path: 'user_properties["bad name"]', message: 'expected a property name or dotted path (A-Z, a-z, 0-9 and _, nested names as parent.child, at most 512 characters)' },
      { path: 'user_properties.plan', message: 'expected a string, number or boolean (name a nested value by its dotted path)' },
    ]],
    [{ has_events: [{ type: 'rage-click', min_count: 0 }, { name: 'x' }] }, [
      { path: 'has_events[0].min_count', message: 'must be 1 or more, got 0' },
      { path: 'has_events[1].type', message: 'is required' },
      { path: 'has_events[1].name', message: 'unknown field' },
    ]],
    [{ url_contains: 'a\nb' }, [{ path: 'url_contains', message: 'must not contain a line break' }]],
    [{ url_contains: '' }, [{ path: 'url_contains', message: 'must not be empty' }]],
    [{ page_token: 'not-a-token' }, [{ path: 'page_token', message: 'not a token from next_page_token' }]],
  ])('%j is a 400 naming the path', async (body, details) => {
    const response = await search(body);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'invalid_request', details });
  });

  it('an empty or non-JSON body is a 400', async () => {
    expect((await server.request('POST', '/v2/sessions/search', { key, raw: '' })).body).toMatchObject({ code: 'invalid_request', details: [{ path: 'body', message: 'is required' }] });
    expect((await server.request('POST', '/v2/sessions/search', { key, raw: '[1]' })).status).toBe(400);
  });

  it('a deleted user’s sessions are no longer found', async () => {
    const user = await server.request('POST', '/v2/users', { key, body: { uid: 'leaving' } });
    const imported = await importSession(server.stores.na1, server.orgs.acme, JSON.stringify({ id: 'x:s-leaving', created_time: '2026-04-01T00:00:00Z', user: { uid: 'leaving' }, events: [{ type: 'rage-click', timestamp: '2026-04-01T00:00:00Z' }] }), {
      source: 'leaving.json',
      now: server.clock.now,
    });
    expect(await ids({ has_events: [{ type: 'rage-click' }] })).toContain(imported.id);
    expect((await server.request('DELETE', `/v2/users/${user.body.id}`, { key: server.keys.acme.architect })).status).toBe(202);
    await server.jobs.idle();
    expect(await ids({ has_events: [{ type: 'rage-click' }] })).not.toContain(imported.id);
    expect(await ids({ user: { uid: 'leaving' } })).toEqual([]);
  });
});

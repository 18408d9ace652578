// GET /v2/users/{id}/export over HTTP, on SQLite and PostgreSQL: what the document holds (a merged
// anonymous user's data included, nobody else's), levels and 404s, reads a page at a time as the
// client reads, valid JSON whatever the text, and a failure part-way that never looks complete.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { parse as parseYaml } from 'yaml';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../src/server/app/create-app.js';
import { importSession } from '../../src/server/sessions/import-session.js';
import type { EventRecord } from '../../src/server/store/records.js';
import type { DataCenterStore } from '../../src/server/store/store.js';
import { EXPORT_PAGE_SIZE, FIXTURE_SLICE_LENGTH, userExportChunks } from '../../src/server/users/user-export-chunks.js';
import { createServerHarness, STORE_KINDS, type ServerHarness } from '../support/server-harness.js';

const root = path.resolve(import.meta.dirname, '../..');
const checkout = JSON.parse(readFileSync(path.join(root, 'sessions-fixtures/checkout-abandon.json'), 'utf8')) as Record<string, unknown>;
const plainProfile = parseYaml(readFileSync(path.join(root, 'profiles/plain-summary.yaml'), 'utf8')) as Record<string, unknown>;

interface StoreCall {
  readonly method: string;
  readonly args: readonly unknown[];
}

/** The store with every call recorded; `fail` makes a call reject (a database failing part-way). */
function watchedStore(store: DataCenterStore, calls: StoreCall[], fail: (call: StoreCall, count: number) => boolean = () => false): DataCenterStore {
  return new Proxy(store, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        const call = { method: String(property), args };
        calls.push(call);
        if (fail(call, calls.filter((earlier) => earlier.method === call.method).length)) return Promise.reject(new Error('connection to the database lost'));
        return (value as (...values: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}

describe.each(STORE_KINDS)('GET /v2/users/{id}/export on %s', (kind) => {
  let server: ServerHarness;
  let architect: string;
  let standard: string;
  const exportOf = (id: string, key = architect) => server.request('GET', `/v2/users/${encodeURIComponent(id)}/export`, { key });
  /** An app whose acme store (na1) is `store`. */
  const appWith = (store: DataCenterStore) => createApp({ ...server.deps, stores: { ...server.stores, na1: store }, jobs: server.jobs });
  /** A user with `count` server events stored directly (fast), the first `merged` of them recorded for an anonymous user merged into it. */
  async function userWithEvents(uid: string, count: number, merged = 0): Promise<string> {
    const id = (await server.request('POST', '/v2/users', { key: standard, body: { uid } })).body.id as string;
    const anonymous = (await server.request('POST', '/v2/users', { key: standard, body: { properties: { device: 'phone' } } })).body.id as string;
    await server.request('POST', '/v2/users', { key: standard, body: { id: anonymous, uid } });
    const events = Array.from({ length: count }, (_, index): EventRecord => ({
      orgId: server.orgs.acme.id,
      id: `e-${uid}-${index}`,
      name: 'Page Viewed',
      timestamp: new Date(Date.UTC(2026, 0, 1) + index * 1000).toISOString(),
      userId: index < merged ? anonymous : id,
      sessionId: null,
      properties: { index },
      context: null,
      createdAt: '2026-01-01T00:00:00.000Z',
    }));
    await server.stores.na1.transaction((writer) => writer.insertEvents(events));
    return id;
  }

  beforeAll(async () => {
    server = await createServerHarness({ store: kind });
    architect = server.keys.acme.architect;
    standard = server.keys.acme.standard;
  });
  afterAll(async () => server?.close());

  it("holds the user, a merged anonymous user's events and sessions, fixtures, session events and cached summaries, and nothing of anyone else", async () => {
    const profile = (await server.request('POST', '/v2/visit_profile', { key: standard, body: plainProfile })).body.id as string;
    const summarise = async (session: string) => (await server.request('GET', `/v2/sessions/${encodeURIComponent(session)}/summary?config_profile=${profile}`, { key: architect })).body;
    // alice, with a property captured as int, then as real: a type conflict.
    await server.request('POST', '/v2/users', { key: standard, body: { uid: 'alice', email: 'alice@example.com', properties: { plan: 'pro', billing: { seats: 5 } }, schema: { properties: { 'billing.seats': 'int' } } } });
    const alice = (await server.request('POST', '/v2/users', { key: standard, body: { uid: 'alice', properties: { billing: { seats: 6 } } } })).body.id as string;
    // An anonymous visitor with a recorded session, an event in it, one outside it and a summary, then identified as alice.
    const visit = await importSession(server.stores.na1, server.orgs.acme, JSON.stringify({ ...checkout, id: 'visitor:s-anon', user: undefined }), { source: 'visit.json', now: server.clock.now });
    const anonymous = visit.userId;
    await server.request('POST', '/v2/users', { key: standard, body: { id: anonymous, properties: { cart_items: 3 } } });
    await server.request('POST', '/v2/events', { key: standard, body: { name: 'Cart Viewed', timestamp: '2026-03-01T09:00:00Z', user: { id: anonymous } } });
    await server.request('POST', '/v2/events', { key: standard, body: { name: 'Coupon Tried', timestamp: '2026-03-01T10:00:30Z', user: { id: anonymous }, session: { id: visit.id }, context: { device: 'phone' } } });
    const anonymousSummary = await summarise(visit.id);
    expect((await server.request('POST', '/v2/users', { key: standard, body: { id: anonymous, uid: 'alice' } })).body.id).toBe(alice);
    // alice's own session, an event in it and its summary.
    const own = await importSession(server.stores.na1, server.orgs.acme, JSON.stringify(checkout), { source: 'checkout.json', now: server.clock.now });
    await server.request('POST', '/v2/events', { key: standard, body: { name: 'Refund Requested', timestamp: '2026-03-01T10:01:00Z', user: { uid: 'alice' }, session: { id: own.id } } });
    const ownSummary = await summarise(own.id);
    // Someone else, with the same kinds of data; and an alice in another organisation.
    const bobSession = await importSession(server.stores.na1, server.orgs.acme, JSON.stringify({ ...checkout, id: 'x:s-bob', user: { uid: 'bob' } }), { source: 'bob.json', now: server.clock.now });
    await server.request('POST', '/v2/events', { key: standard, body: { name: 'Bob Clicked', user: { uid: 'bob' }, session: { id: bobSession.id } } });
    await summarise(bobSession.id);
    await server.request('POST', '/v2/users', { key: server.keys.globex.standard, body: { uid: 'alice', properties: { secret: 'globex only' } } });

    const response = await exportOf(alice);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="user-${alice}.json"`);
    const document = response.body;
    expect(Object.keys(document)).toEqual(['user', 'merged_users', 'type_conflicts', 'events', 'sessions', 'summaries']);
    expect(document.user).toEqual({
      ...(await server.request('GET', '/v2/users?uid=alice', { key: architect })).body,
      identified_in_session: true,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(document.user.properties).toEqual({ plan: 'pro', billing: { seats: null }, cart_items: 3 });
    expect(document.merged_users).toEqual([expect.objectContaining({ id: anonymous, uid: null, merged_into: alice, properties: { cart_items: 3 } })]);
    expect(document.type_conflicts).toEqual([
      { user_id: alice, path: 'billing.seats', last_type: 'real', types: { int: { value: 5, captured_at: expect.any(String) }, real: { value: 6, captured_at: expect.any(String) } } },
    ]);
    const movedId = `${alice}:s-anon`;
    expect(document.events.map((event: { name: string; user_id: string; session_id: string | null }) => [event.name, event.user_id, event.session_id])).toEqual([
      ['Cart Viewed', alice, null],
      ['Coupon Tried', alice, movedId],
      ['Refund Requested', alice, own.id],
    ]);
    expect(document.events[1]).toMatchObject({ id: expect.stringMatching(/^e-/), timestamp: '2026-03-01T10:00:30.000Z', properties: {}, context: { device: 'phone' } });
    // Newest first, then by id: both were recorded at the same time.
    expect(document.sessions.map((session: { id: string; old_ids: string[] }) => [session.id, session.old_ids])).toEqual([
      [own.id, []],
      [movedId, [visit.id]],
    ]);
    const [ownSession, moved] = document.sessions;
    expect(moved).toMatchObject({ app_url: `https://app.recap.test/session/${encodeURIComponent(movedId)}`, created_time: '2026-03-01T09:59:59.734Z' });
    // The fixture as imported: a move changes the session's id, not what was recorded.
    expect(moved.fixture).toEqual({ ...checkout, user: undefined, id: visit.id });
    expect(moved.events.map((event: { name: string }) => event.name)).toEqual(['Coupon Tried']);
    expect(ownSession.events.map((event: { name: string }) => event.name)).toEqual(['Refund Requested']);
    // The summary made before the move was cached under the old id: it is shown under the new one.
    expect(document.summaries).toHaveLength(2);
    expect(document.summaries).toEqual(
      expect.arrayContaining([
        { session_id: movedId, updated_at: expect.any(String), value: anonymousSummary },
        { session_id: own.id, updated_at: expect.any(String), value: ownSummary },
      ]),
    );
    const text = JSON.stringify(document);
    for (const foreign of ['bob', bobSession.id, bobSession.userId, 'Bob Clicked', 'globex only']) expect(text).not.toContain(foreign);
    // The anonymous id leads to alice, as it does everywhere else.
    expect((await exportOf(anonymous)).body).toEqual(document);
  });

  it('needs Architect, and answers 404 for an unknown id or another organisation’s user', async () => {
    const id = (await server.request('POST', '/v2/users', { key: standard, body: { uid: 'levels' } })).body.id as string;
    expect((await exportOf(id, standard)).body).toEqual({ code: 'forbidden', message: expect.stringContaining('needs architect or higher') });
    expect((await exportOf(id, standard)).status).toBe(403);
    expect((await exportOf(id, server.keys.acme.admin)).status).toBe(200);
    expect(await exportOf('u-nobody')).toMatchObject({ status: 404, body: { code: 'not_found', message: 'no user u-nobody' } });
    expect(await exportOf(id, server.keys.globex.architect)).toMatchObject({ status: 404, body: { code: 'not_found' } });
    const openapi = (await server.request('GET', '/openapi.json')).body;
    expect(openapi.paths['/v2/users/{id}/export'].get).toMatchObject({ description: 'Key level: architect or higher.', tags: ['users'] });
  });

  it('reads 20,000 events a page at a time, and the next page only once the client has read the last', async () => {
    const count = 20_000;
    const id = await userWithEvents('many', count, 700);
    const calls: StoreCall[] = [];
    const app = appWith(watchedStore(server.stores.na1, calls));
    const response = await app.request(`/v2/users/${id}/export`, { headers: { authorization: `Basic ${architect}` } });
    const document = JSON.parse(await response.text());
    expect(document.events).toHaveLength(count);
    expect(document.events.map((event: { properties: { index: number } }) => event.properties.index)).toEqual(Array.from({ length: count }, (_, index) => index));
    const pages = calls.filter((call) => call.method === 'listUserEvents');
    expect(pages).toHaveLength(count / EXPORT_PAGE_SIZE);
    for (const page of pages) expect(page.args[2]).toMatchObject({ limit: EXPORT_PAGE_SIZE });
    // No read of a whole list: neither the organisation's events nor a session's at once.
    expect(calls.map((call) => call.method)).not.toContain('listEvents');
    expect(calls.map((call) => call.method)).not.toContain('listSessionEvents');

    // A client that reads slowly: nothing is read ahead of it.
    calls.length = 0;
    const slow = await app.request(`/v2/users/${id}/export`, { headers: { authorization: `Basic ${architect}` } });
    const reader = (slow.body as ReadableStream<Uint8Array>).getReader();
    let received = '';
    while (!received.includes('"index":1}')) received += new TextDecoder().decode((await reader.read()).value);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.filter((call) => call.method === 'listUserEvents')).toHaveLength(1);
    await reader.cancel();
  });

  it('writes a session of 100,000 recorded events from its stored text a slice at a time, never parsing or holding its fixture whole', async () => {
    const count = 100_000;
    const events = Array.from({ length: count }, (_, index) => ({
      type: 'click',
      timestamp: new Date(Date.UTC(2026, 0, 1) + index * 100).toISOString(),
      target: { selector: `button#b${index % 50}`, text: `Button ${index} 😀` },
    }));
    const imported = await importSession(server.stores.na1, server.orgs.acme, JSON.stringify({ id: 'long-visit:s-1', user: { uid: 'long-visit' }, events }), { source: 'long.json', now: server.clock.now });
    const stored = (await server.stores.na1.findSession(server.orgs.acme.id, imported.id))?.fixture;
    const storedText = JSON.stringify(stored);
    const calls: StoreCall[] = [];
    const app = appWith(watchedStore(server.stores.na1, calls));
    // Every text parsed while the export runs: the fixture (megabytes) must never be one of them.
    const parse = vi.spyOn(JSON, 'parse');
    const chunks: number[] = [];
    let text = '';
    let parsed: number[] = [];
    try {
      const response = await app.request(`/v2/users/${imported.userId}/export`, { headers: { authorization: `Basic ${architect}` } });
      const reader = (response.body as ReadableStream<Uint8Array>).getReader();
      const decoder = new TextDecoder();
      for (let read = await reader.read(); !read.done; read = await reader.read()) {
        chunks.push(read.value.byteLength);
        text += decoder.decode(read.value, { stream: true });
      }
      parsed = parse.mock.calls.map(([argument]) => (typeof argument === 'string' ? argument.length : 0));
    } finally {
      parse.mockRestore();
    }
    expect(storedText.length).toBeGreaterThan(5_000_000);
    // The rows of the export's other reads are parsed (its pages of events): none as long as a slice.
    expect(parsed.length).toBeGreaterThan(0);
    expect(Math.max(...parsed)).toBeLessThan(FIXTURE_SLICE_LENGTH);
    expect(calls.map((call) => call.method)).not.toContain('findSession');
    const slices = calls.filter((call) => call.method === 'readSessionFixtureText');
    expect(slices.length).toBe(Math.floor([...storedText].length / FIXTURE_SLICE_LENGTH) + 1);
    // No chunk of the response holds more than a slice (4 bytes at most per character) and the session's head.
    expect(Math.max(...chunks)).toBeLessThan(FIXTURE_SLICE_LENGTH * 4 + 10_000);
    const document = JSON.parse(text);
    expect(document.sessions).toHaveLength(1);
    expect(Object.keys(document.sessions[0])).toEqual(['id', 'app_url', 'created_time', 'old_ids', 'fixture', 'events']);
    expect(document.sessions[0].fixture).toEqual(stored);
    expect(document.sessions[0].fixture.events).toHaveLength(count);
  });

  it('shows a session deleted before its fixture is read without one, and fails (never completes the document) when it goes part-way through', async () => {
    const events = Array.from({ length: 50 }, (_, index) => ({ type: 'click', timestamp: new Date(Date.UTC(2026, 0, 1) + index * 100).toISOString(), target: { text: `Button ${index}` } }));
    const imported = await importSession(server.stores.na1, server.orgs.acme, JSON.stringify({ id: 'short-visit:s-1', user: { uid: 'short-visit' }, events }), { source: 'short.json', now: server.clock.now });
    const user = await server.stores.na1.findUser(server.orgs.acme.id, imported.userId);
    /** The export's text, its store answering no fixture text from slice `goneFrom` on (the session deleted). */
    const exported = async (goneFrom: number) => {
      let reads = 0;
      const store = new Proxy(server.stores.na1, {
        get(target, property) {
          if (property !== 'readSessionFixtureText') {
            const value: unknown = Reflect.get(target, property, target);
            return typeof value === 'function' ? (value as (...values: unknown[]) => unknown).bind(target) : value;
          }
          return async (...args: Parameters<DataCenterStore['readSessionFixtureText']>) => (reads++ >= goneFrom ? undefined : target.readSessionFixtureText(...args));
        },
      });
      let text = '';
      for await (const chunk of userExportChunks({ store, orgId: server.orgs.acme.id, user: user!, appUrl: 'https://app.recap.test', fixtureSliceLength: 100 })) text += chunk;
      return text;
    };
    expect(JSON.parse(await exported(Infinity)).sessions[0].fixture.events).toHaveLength(50);
    expect(JSON.parse(await exported(0)).sessions[0]).toMatchObject({ id: imported.id, fixture: null, events: [] });
    await expect(exported(3)).rejects.toThrow(`session ${imported.id} was deleted while its fixture was being exported`);
  });

  it('never completes the document when the user is deleted while its events are read (the later pages come back short)', async () => {
    const orgId = server.orgs.acme.id;
    /** The export of a user of 30 events, read 10 at a time; `meanwhile` runs once the first page was written. */
    const exported = async (uid: string, meanwhile: (id: string) => Promise<void>) => {
      const id = await userWithEvents(uid, 30);
      const user = await server.stores.na1.findUser(orgId, id);
      let text = '';
      let pages = 0;
      for await (const chunk of userExportChunks({ store: server.stores.na1, orgId, user: user!, appUrl: 'https://app.recap.test', pageSize: 10 })) {
        text += chunk;
        if (chunk.includes(`"e-${uid}-`) && pages++ === 0) await meanwhile(id);
      }
      // The first page was one of several.
      expect(pages).toBeGreaterThan(0);
      return JSON.parse(text) as { events: unknown[] };
    };
    const deletion = (jobId: string, id: string) =>
      server.stores.na1.transaction((writer) =>
        writer.createJob({ orgId, id: jobId, kind: 'user_deletion', status: 'PROCESSING', created: server.clock.now.toISOString(), finished: null, total: 1, cursor: 0, imports: 0, errors: 0 }, [{ user_id: id }]),
      );
    const step = (jobId: string) => server.stores.na1.transaction((writer) => writer.deleteUserDataStep(orgId, jobId));
    // Untouched, the document holds every event.
    expect((await exported('kept-whole', async () => {})).events).toHaveLength(30);
    // The deletion's first step deleted the events not yet read: the document is cut, not completed.
    await expect(exported('deleted-part-way', async (id) => {
      await deletion('j-deleting-1', id);
      await step('j-deleting-1');
    })).rejects.toThrow(/was deleted while it was being exported/);
    // A deletion begun, none of its steps run yet: what was read may still lack what it deletes next.
    await expect(exported('deletion-begun', async (id) => deletion('j-deleting-2', id))).rejects.toThrow(/was deleted while it was being exported/);
    // Deleted to the end (the user gone) while the export read its events.
    await expect(exported('deleted-whole', async (id) => {
      await deletion('j-deleting-3', id);
      while (!(await step('j-deleting-3'))) {
        /* every step until the last */
      }
    })).rejects.toThrow(/was deleted while it was being exported/);
  });

  it('writes valid JSON whatever the text: quotes, backslashes, control characters, line separators, astral characters', async () => {
    const odd = ['say "hi"', 'C:\\path\\', '\u2028\u2029', 'tab\tnew\nline\r', '\u0001\u001f\u007f', '😀 é ß ع', '</script><!--', '{"not":"json"', "'", '\\u0041'];
    const { body: user } = await server.request('POST', '/v2/users', { key: standard, body: { uid: odd.join(''), display_name: odd[0], email: odd[2], properties: { note: odd, nested: { value: odd[1] } } } });
    await server.request('POST', '/v2/events', { key: standard, body: { name: odd.join('|'), user: { id: user.id }, properties: { list: odd }, context: { odd: odd.join('') } } });
    const response = await server.app.request(`/v2/users/${user.id}/export`, { headers: { authorization: `Basic ${architect}` } });
    const text = await response.text();
    const document = JSON.parse(text);
    expect(document.user).toMatchObject({ uid: odd.join(''), display_name: odd[0], email: odd[2], properties: { note: odd, nested: { value: odd[1] } } });
    expect(document.events).toEqual([expect.objectContaining({ name: odd.join('|'), properties: { list: odd }, context: { odd: odd.join('') } })]);
    expect(text.endsWith('"summaries":[]}')).toBe(true);
  });

  it('aborts the response and logs when the store fails part-way, so a cut document never parses', async () => {
    const id = await userWithEvents('failing', EXPORT_PAGE_SIZE * 3);
    const calls: StoreCall[] = [];
    // Every page of events after the first fails.
    const app = appWith(watchedStore(server.stores.na1, calls, (call) => call.method === 'listUserEvents' && (call.args[2] as { after: string | null }).after !== null));
    server.logs.length = 0;
    const response = await app.request(`/v2/users/${id}/export`, { headers: { authorization: `Basic ${architect}` } });
    expect(response.status).toBe(200);
    await expect(response.text()).rejects.toThrow('connection to the database lost');
    expect(server.logs).toContainEqual(expect.objectContaining({ level: 'error', message: expect.stringContaining(`the export of user ${id} failed part-way`) }));

    // Over a socket: the client sees the connection end without the body's end.
    const listener = await new Promise<ReturnType<typeof serve>>((resolve) => {
      const started = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(started));
    });
    try {
      const { port } = listener.address() as AddressInfo;
      const overSocket = await fetch(`http://127.0.0.1:${port}/v2/users/${id}/export`, { headers: { authorization: `Basic ${architect}` } });
      expect(overSocket.status).toBe(200);
      await expect(overSocket.text()).rejects.toThrow();
    } finally {
      await new Promise((resolve) => listener.close(resolve));
    }
  });
});

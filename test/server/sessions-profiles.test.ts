// Imported sessions, the sessions list and profiles over HTTP.

import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importSession } from '../../src/server/sessions/import-session.js';
import { SessionFixtureError } from '../../src/session/session-error.js';
import { createServerHarness, type ServerHarness } from '../support/server-harness.js';
import { runCli } from '../support/run-cli.js';

const root = path.resolve(import.meta.dirname, '../..');
const fixture = (name: string) => readFileSync(path.join(root, 'sessions-fixtures', name), 'utf8');
let server: ServerHarness;
let key: string;

beforeAll(async () => {
  server = await createServerHarness();
  key = server.keys.acme.standard;
});
afterAll(async () => server.close());

const importInto = (text: string, org = server.orgs.acme, store = server.stores.na1) => importSession(store, org, text, { source: 'fixture.json', now: server.clock.now });

describe('importing sessions', () => {
  it('finds or creates the user by uid, marks it identified, and re-importing changes nothing', async () => {
    await server.request('POST', '/v2/users', { key, body: { uid: 'alice', properties: { plan: 'pro' } } });
    const first = await importInto(fixture('checkout-abandon.json'));
    const again = await importInto(fixture('checkout-abandon.json'));
    const user = await server.request('GET', '/v2/users?uid=alice', { key: server.keys.acme.architect });
    expect(first).toEqual({ id: `${user.body.id}:s-9001`, userId: user.body.id, created: true });
    expect(again).toEqual({ ...first, created: false });
    expect(user.body).toMatchObject({ display_name: 'Alice Martin', email: 'alice@example.com', properties: { plan: 'pro' } });
    // Identified in a recorded session: v1 updates now work for alice.
    expect((await server.request('POST', '/users/v1/individual/alice/customvars', { key, body: { tier_str: 'gold' } })).status).toBe(200);
  });

  it('gives an anonymous fixture user a stable id, so re-importing it is a no-op too', async () => {
    const first = await importInto(fixture('anonymous-visitor.json'));
    expect(first.created).toBe(true);
    expect((await importInto(fixture('anonymous-visitor.json'))).created).toBe(false);
  });

  it('refuses a fixture with the id of a session imported before from other content, keeping the stored one', async () => {
    const original = JSON.stringify({ id: 'u-x:s-changed', created_time: '2026-01-01T10:00:00Z', user: { uid: 'changed' }, events: [{ type: 'input-change', timestamp: '2026-01-01T10:00:01Z', value: 'ada@example.com' }] });
    const first = await importInto(original);
    // The same content written another way is the same fixture.
    expect(await importInto(JSON.stringify(JSON.parse(original), null, 2))).toEqual({ ...first, created: false });
    const redacted = original.replace('ada@example.com', '[email]');
    const refused = await importInto(redacted).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(SessionFixtureError);
    expect((refused as Error).message).toBe(
      `fixture.json: id: the session ${first.id} was imported before from other content, and a stored session is never replaced: give the fixture another session id, or delete the user's data first (DELETE /v2/users/{id})`,
    );
    expect(JSON.stringify((await server.stores.na1.findSession(server.orgs.acme.id, first.id))?.fixture)).toContain('ada@example.com');
  });

  it('imports a fixture that starts with a byte order mark, as recap run reads it', async () => {
    const imported = await importInto(`\ufeff${JSON.stringify({ id: 'u-x:s-bom', created_time: '2026-01-01T10:00:00Z', user: { uid: 'bom' }, events: [] })}`);
    expect(imported).toMatchObject({ id: expect.stringMatching(/:s-bom$/), created: true });
  });

  it('imports with recap admin sessions import, naming bad fixtures by file and path', async () => {
    const dataDir = server.dataDir;
    const notUtf8 = path.join(dataDir, 'not-utf8.json');
    await writeFile(notUtf8, Buffer.from('{"id":"u:s","events":[],"note":"caf\xe9"}', 'latin1'));
    const result = await runCli(['admin', 'sessions', 'import', '--org', 'globex', '--data-dir', dataDir, 'sessions-fixtures/onboarding-success.json', 'sessions-fixtures/onboarding-success.json', 'package.json', 'src', notUtf8], { cwd: root });
    expect(result.code).toBe(2);
    expect(result.stdout).toMatch(/^imported sessions-fixtures\/onboarding-success\.json as u-[0-9a-f]+:s-31877\nalready imported sessions-fixtures\/onboarding-success\.json as u-[0-9a-f]+:s-31877\n$/);
    expect(result.stderr).toMatch(/^package\.json: id: /);
    // A folder and a file that is not UTF-8 are named, and the import goes on past them.
    expect(result.stderr).toContain('\nsrc: is a directory, not a file\n');
    expect(result.stderr).toContain(`\n${notUtf8}: is not UTF-8 text (the first bytes that are not UTF-8 are on line 1); save it as UTF-8\n`);
    const user = await server.stores.eu1.findUserByUid(server.orgs.globex.id, 'priya.raman');
    expect(user?.identifiedInSession).toBe(true);
    expect((await server.stores.eu1.listSessionsForUser(server.orgs.globex.id, user?.id ?? 'none', 5)).map((session) => session.id)).toEqual([`${user?.id}:s-31877`]);
    expect(await server.stores.na1.findUserByUid(server.orgs.globex.id, 'priya.raman')).toBeUndefined();
  });
});

describe('GET /v2/sessions', () => {
  it('lists a user’s sessions by uid or URL-encoded email, newest first, with app_url', async () => {
    const older = { id: 'u-x:s-old', created_time: '2026-01-01T10:00:00.000Z', user: { uid: 'bob', email: 'bob+shop@example.com' }, events: [] };
    const newer = { ...older, id: 'u-x:s-new', created_time: '2026-02-01T10:00:00.000Z' };
    await importInto(JSON.stringify(older));
    const imported = await importInto(JSON.stringify(newer));
    const byUid = await server.request('GET', '/v2/sessions?uid=bob', { key });
    expect(byUid.body).toEqual({
      results: [
        { id: imported.id, app_url: `https://app.recap.test/session/${encodeURIComponent(imported.id)}`, created_time: '2026-02-01T10:00:00.000Z' },
        { id: `${imported.userId}:s-old`, app_url: expect.stringContaining('%3As-old'), created_time: '2026-01-01T10:00:00.000Z' },
      ],
    });
    const byEmail = await server.request('GET', `/v2/sessions?email=${encodeURIComponent('bob+shop@example.com')}&limit=1`, { key });
    expect(byEmail.body.results.map((item: { id: string }) => item.id)).toEqual([imported.id]);
    // Exact, case included (docs/server.md): another case names no user.
    const otherCase = await server.request('GET', `/v2/sessions?email=${encodeURIComponent('Bob+Shop@example.com')}`, { key });
    expect(otherCase.body).toEqual({ results: [] });
  });

  it('reads a URL-encoded session id once: a % in the id is sent as %25, and %253A is not a colon', async () => {
    const imported = await importInto(JSON.stringify({ id: 'u-pct:s-50%off', created_time: '2026-03-01T10:00:00Z', user: { uid: 'pct' }, events: [] }));
    expect(imported.id).toMatch(/:s-50%off$/);
    const architect = server.keys.acme.architect;
    const profile = (await server.request('POST', '/v2/visit_profile', { key, body: { name: 'Percent' } })).body.id as string;
    const context = (sent: string) => server.request('POST', `/v2/sessions/${sent}/context?config_profile=${profile}`, { key: architect });
    expect((await context(encodeURIComponent(imported.id))).body.session_id).toBe(imported.id);
    expect((await context(encodeURIComponent(imported.id).replace('%3A', '%253A'))).body).toMatchObject({ code: 'not_found', message: expect.stringMatching(/no session/) });
    expect((await context('u-pct%3As-50%ZZoff')).body).toMatchObject({
      code: 'invalid_request',
      message: expect.stringContaining('not valid URL encoding'),
      details: [{ path: 'session_id', message: 'u-pct%3As-50%ZZoff is not valid URL encoding (UTF-8 bytes, percent-encoded)' }],
    });
  });

  it('defaults to 20, caps at 100, and needs uid or email', async () => {
    for (let index = 0; index < 105; index++) {
      await importInto(JSON.stringify({ id: `u-y:s-${index}`, created_time: new Date(Date.UTC(2026, 0, 1) + index * 1000).toISOString(), user: { uid: 'many' }, events: [] }));
    }
    expect((await server.request('GET', '/v2/sessions?uid=many', { key })).body.results).toHaveLength(20);
    expect((await server.request('GET', '/v2/sessions?uid=many&limit=500', { key })).body.results).toHaveLength(100);
    expect((await server.request('GET', '/v2/sessions?uid=many&limit=10000000000', { key })).body.results).toHaveLength(100);
    for (const limit of ['abc', '0', '2.5']) {
      expect((await server.request('GET', `/v2/sessions?uid=many&limit=${limit}`, { key })).body, limit).toEqual({
        code: 'invalid_request',
        message: 'invalid query parameters',
        details: [{ path: 'limit', message: 'expected a whole number of 1 or more' }],
      });
    }
    expect((await server.request('GET', '/v2/visit_profile?page_size=abc', { key })).body.details).toEqual([{ path: 'page_size', message: 'expected a whole number from 1 to 100' }]);
    expect((await server.request('GET', '/v2/sessions?uid=many&limit=5', { key })).body.results[0].id).toMatch(/:s-104$/);
    expect(await server.request('GET', '/v2/sessions', { key })).toMatchObject({ status: 400, body: { code: 'invalid_request' } });
    expect((await server.request('GET', '/v2/sessions?uid=nobody', { key })).body).toEqual({ results: [] });
  });

  it("does not list another organisation's sessions", async () => {
    expect((await server.request('GET', '/v2/sessions?uid=bob', { key: server.keys.globex.admin })).body).toEqual({ results: [] });
  });
});

describe('profiles', () => {
  const profileJson = (name: string) => parseYaml(readFileSync(path.join(root, 'profiles', name), 'utf8')) as Record<string, unknown>;

  it.each(['plain-summary.yaml', 'friction-report.yaml', 'how-it-ended.yaml', 'error-window.yaml'])('accepts profiles/%s converted to JSON as it is', async (name) => {
    const response = await server.request('POST', '/v2/visit_profile', { key, body: profileJson(name) });
    expect(response.status).toBe(200);
    expect(response.body.id).toMatch(/^p-/);
    expect((await server.request('GET', `/v2/visit_profile/${response.body.id}`, { key })).body).toEqual(response.body);
  });

  it('validates like recap validate: 400 invalid_request with a detail per problem', async () => {
    const response = await server.request('POST', '/v2/visit_profile', {
      key,
      body: { slice: { mode: 'MIDDLE' }, llm: { temprature: 3, response_schema: { type: 'OBJECT', properties: { a: { type: 'STRING', $ref: 'x' } } } }, events: { include_types: ['a'], exclude_types: ['b'] } },
    });
    expect(response.status).toBe(400);
    expect(response.body.details).toEqual([
      { path: 'llm.response_schema.properties.a.$ref', message: expect.stringMatching(/^unsupported keyword "\$ref"/) },
      { path: 'llm.temprature', message: 'unknown field "temprature" (did you mean "temperature"?)' },
      { path: 'slice.mode', message: 'expected FIRST, LAST or TIMESTAMP, got "MIDDLE"' },
      { path: 'events.exclude_types', message: 'use either include_types or exclude_types, not both' },
    ]);
  });

  it('lists in pages, updates (admin) with a new version, and deletes (admin)', async () => {
    const harness = await createServerHarness();
    const standard = harness.keys.acme.standard;
    const ids: string[] = [];
    for (let index = 0; index < 5; index++) ids.push((await harness.request('POST', '/v2/visit_profile', { key: standard, body: { name: `p${index}` } })).body.id);
    const seen: string[] = [];
    let token: string | null = null;
    do {
      const page = await harness.request('GET', `/v2/visit_profile?page_size=2${token === null ? '' : `&page_token=${encodeURIComponent(token)}`}`, { key: standard });
      seen.push(...page.body.results.map((profile: { id: string }) => profile.id));
      token = page.body.next_page_token;
    } while (token !== null);
    expect(seen).toEqual(ids);
    expect((await harness.request('POST', `/v2/visit_profile/${ids[0]}`, { key: standard, body: { name: 'x' } })).status).toBe(403);
    const updated = await harness.request('POST', `/v2/visit_profile/${ids[0]}`, { key: harness.keys.acme.admin, body: { name: 'renamed', slice: { mode: 'LAST' } } });
    expect(updated.body).toEqual({ id: ids[0], name: 'renamed', slice: { mode: 'LAST' } });
    expect((await harness.request('DELETE', `/v2/visit_profile/${ids[1]}`, { key: harness.keys.acme.admin })).body).toEqual({ id: ids[1], deleted: true });
    expect((await harness.request('GET', `/v2/visit_profile/${ids[1]}`, { key: standard })).status).toBe(404);
    expect((await harness.request('GET', `/v2/visit_profile/${ids[2]}`, { key: harness.keys.globex.admin })).status).toBe(404);
    expect((await harness.request('GET', '/v2/visit_profile?page_token=garbage', { key: standard })).status).toBe(400);
    await harness.close();
  });

  it('takes back a profile as GET gave it (its id included) on update, and refuses an id that is not the one updated', async () => {
    const harness = await createServerHarness();
    const admin = harness.keys.acme.admin;
    const created = (await harness.request('POST', '/v2/visit_profile', { key: admin, body: { name: 'p', slice: { mode: 'FIRST' } } })).body;
    const fetched = (await harness.request('GET', `/v2/visit_profile/${created.id}`, { key: admin })).body;
    const updated = await harness.request('POST', `/v2/visit_profile/${created.id}`, { key: admin, body: { ...fetched, name: 'edited' } });
    expect(updated.status).toBe(200);
    expect(updated.body).toEqual({ id: created.id, name: 'edited', slice: { mode: 'FIRST' } });
    const other = await harness.request('POST', `/v2/visit_profile/${created.id}`, { key: admin, body: { ...fetched, id: 'p-other' } });
    expect(other.status).toBe(400);
    expect(other.body.details).toEqual([{ path: 'id', message: `an id in the body must be the profile's own (${created.id}), or left out` }]);
    // A new profile gets its id from the server: one in the body is named as the problem.
    const copy = await harness.request('POST', '/v2/visit_profile', { key: admin, body: fetched });
    expect(copy.status).toBe(400);
    expect(copy.body.details).toEqual([{ path: 'id', message: 'a new profile gets its id from the server: leave id out' }]);
    await harness.close();
  });
});

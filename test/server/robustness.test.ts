// Malformed and oversized requests, a real socket, and kill -9 during writes and batches.

import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app/create-app.js';
import { defineRoute, type RouteDefinition } from '../../src/server/http/route-definition.js';
import { apiRoutes } from '../../src/server/routes/api-routes.js';
import { importSession } from '../../src/server/sessions/import-session.js';
import { createServerHarness, STORE_KINDS, type ServerHarness } from '../support/server-harness.js';
import { runCli } from '../support/run-cli.js';

const root = path.resolve(import.meta.dirname, '../..');
/** A page token as the server spells them: base64url of JSON (a list's cursor) or of an index. */
const pageToken = (value: unknown): string => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
const invalidPageToken = { code: 'invalid_request', message: 'invalid page token', details: [{ path: 'page_token', message: 'not a token from next_page_token' }] };
describe.each(STORE_KINDS)('bad requests on %s', (store) => {
  let server: ServerHarness;
  beforeAll(async () => {
    server = await createServerHarness({ store });
  });
  afterAll(async () => server?.close());

  it('answers malformed JSON with 400 and where it broke', async () => {
    const response = await server.request('POST', '/v2/users', { key: server.keys.acme.standard, raw: '{"uid": "x",}' });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ code: 'invalid_request', message: 'the body is not valid JSON', details: [{ path: 'body', message: 'not valid JSON at line 1, column 13: expected a property name in double quotes' }] });
  });

  it('refuses a body that is not UTF-8 instead of storing replacement characters', async () => {
    const bytes = new Uint8Array([...Buffer.from('{"uid":"l'), 0xe9, ...Buffer.from('"}')]);
    const response = await server.request('POST', '/v2/users', { key: server.keys.acme.standard, raw: bytes });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ code: 'invalid_request', message: 'the body is not valid UTF-8', details: [{ path: 'body', message: 'not valid UTF-8' }] });
    expect((await server.request('GET', '/v2/users?uid=l%EF%BF%BD', { key: server.keys.acme.architect })).status).toBe(404);
  });

  it('refuses an empty body where a JSON object is required, and reads it as no overrides where it is optional', async () => {
    for (const target of ['/v2/users', '/v2/events', '/v2/visit_profile', '/v2/users/batch', '/users/v1/individual/someone/customvars']) {
      const response = await server.request('POST', target, { key: server.keys.acme.admin, raw: '' });
      expect(response.status, target).toBe(400);
      expect(response.body, target).toEqual({ code: 'invalid_request', message: 'the body is empty; send a JSON object', details: [{ path: 'body', message: 'is required' }] });
    }
    // The context route with no body: the profile is looked up (404 here), not a 400 for the body.
    const context = await server.request('POST', '/v2/sessions/none/context?config_profile=p-none', { key: server.keys.acme.architect, raw: '' });
    expect(context.status).toBe(404);
  });

  it('answers bodies over the route limit with 413 (1 MiB for single writes)', async () => {
    const big = JSON.stringify({ uid: 'big', properties: { a: 'x'.repeat(1024 * 1024) } });
    const response = await server.request('POST', '/v2/users', { key: server.keys.acme.standard, raw: big });
    expect(response.status).toBe(413);
    expect(response.body.code).toBe('payload_too_large');
  });

  it('asks who is calling before how big the body is: 401 without a key, 403 for a low level, whatever the size', async () => {
    const big = JSON.stringify({ name: 'x', properties: { a: 'x'.repeat(2 * 1024 * 1024) } });
    expect((await server.request('POST', '/v2/users', { raw: big })).status).toBe(401);
    expect((await server.request('POST', '/v2/sessions/x%3Ay/summary?config_profile=p', { key: server.keys.acme.standard, raw: big })).status).toBe(403);
    expect((await server.request('POST', '/v2/users', { key: server.keys.acme.standard, raw: big })).status).toBe(413);
  });

  it('refuses page tokens of the lists it did not issue (NUL, unpaired surrogates, bad times, other shapes) with 400 naming page_token', async () => {
    const key = server.keys.acme.architect;
    const fixture = readFileSync(path.join(root, 'sessions-fixtures', 'checkout-abandon.json'), 'utf8');
    await importSession(server.stores.na1, server.orgs.acme, fixture, { source: 'fixture.json', now: server.clock.now });
    await importSession(server.stores.na1, server.orgs.acme, readFileSync(path.join(root, 'sessions-fixtures', 'search-dead-clicks.json'), 'utf8'), { source: 'fixture.json', now: server.clock.now });
    await server.request('POST', '/v2/visit_profile', { key, body: {} });
    const time = '2026-11-22T10:00:00.000Z';
    const shapes = (list: string, id: string) => [
      [list, time, `${id}\u0000`],
      [list, time, `${id}\ud800`],
      [list, `${time}\u0000`, id],
      [list, 'notadate', id],
      [list, '2026-11-22T10:00:00Z', id],
      [list, '2026-02-30T10:00:00.000Z', id],
      [list, 1_700_000_000_000, id],
      [list, time, 7],
      [list, time],
      [list, time, id, 'more', 'more'],
      { list, time, id },
    ];
    const lists = [
      { target: (token: string) => `/v2/operations?page_token=${token}`, tokens: shapes('jobs', 'j-1') },
      { target: (token: string) => `/v2/visit_profile?page_token=${token}`, tokens: shapes('profiles', 'p-1') },
      { target: undefined, tokens: shapes('session-search', 'u-1:s-1') },
    ];
    for (const { target, tokens } of lists) {
      // Bytes that are not UTF-8, and a token re-spelled (padding, whitespace in its JSON).
      const respelled = [Buffer.from([0x5b, 0x22, 0xff, 0x22, 0x5d]).toString('base64url'), `${pageToken(tokens[0])}=`, pageToken(` ${JSON.stringify(tokens[0])}`)];
      for (const token of [...tokens.map(pageToken), ...respelled]) {
        const response =
          target === undefined
            ? await server.request('POST', '/v2/sessions/search', { key, body: { page_token: token } })
            : await server.request('GET', target(encodeURIComponent(token)), { key });
        expect(response.status, `${target?.('…') ?? 'search'} ${Buffer.from(token, 'base64url').toString()}`).toBe(400);
        expect(response.body).toEqual(invalidPageToken);
      }
    }
    // A search's token belongs to its filters: another search refuses it, the same one (any limit) pages on.
    const first = await server.request('POST', '/v2/sessions/search', { key, body: { limit: 1 } });
    expect(first.body.next_page_token).toEqual(expect.any(String));
    const other = await server.request('POST', '/v2/sessions/search', { key, body: { limit: 1, has_events: [{ type: 'click' }], page_token: first.body.next_page_token } });
    expect(other).toMatchObject({ status: 400, body: invalidPageToken });
    const same = await server.request('POST', '/v2/sessions/search', { key, body: { limit: 5, page_token: first.body.next_page_token } });
    expect(same.status).toBe(200);
    expect(same.body.results).toHaveLength(1);
  });

  it('refuses item-index page tokens it did not issue: negative, past the job, beyond an integer column, not digits', async () => {
    const key = server.keys.acme.standard;
    const submitted = await server.request('POST', '/v2/events/batch', { key, body: { requests: [{ name: 'a', user: { uid: 'alice' } }, { name: '' }, { name: 'b' }] } });
    await server.jobs.idle();
    const job = submitted.body.job.id as string;
    const targets = [`/v2/events/batch/${job}/errors`, `/v2/events/batch/${job}/imports`, `/v2/operations/${job}/results`];
    for (const target of targets) {
      for (const token of ['-1', '3', '2147483648', '4294967296', '999999999999999', '01', 'x', '1\u0000', '']) {
        const response = await server.request('GET', `${target}?page_token=${pageToken(token)}`, { key });
        expect(response.status, `${target} ${JSON.stringify(token)}`).toBe(400);
        expect(response.body).toEqual(invalidPageToken);
      }
      // What the server issues still pages: the token of item 0 leads to the items after it.
      const next = await server.request('GET', `${target}?page_token=${pageToken('0')}`, { key });
      expect(next.status, target).toBe(200);
    }
  });

  it('answers a search whose min_count no count reaches with no sessions, and refuses one past a safe integer naming its path', async () => {
    const key = server.keys.acme.standard;
    for (const min_count of [2147483647, 2147483648, 4294967296, Number.MAX_SAFE_INTEGER]) {
      const response = await server.request('POST', '/v2/sessions/search', { key, body: { has_events: [{ type: 'click', min_count }, { type: 'Checkout Started', min_count }] } });
      expect(response.status, String(min_count)).toBe(200);
      expect(response.body).toEqual({ results: [], next_page_token: null });
    }
    const beyond = await server.request('POST', '/v2/sessions/search', { key, raw: '{"has_events":[{"type":"click","min_count":1e300}]}' });
    expect(beyond.status).toBe(400);
    expect(beyond.body.details).toEqual([{ path: 'has_events[0].min_count', message: expect.any(String) }]);
  });

  // PostgreSQL only (SQLite has no integer columns to overflow): defined for it alone, never a skipped test.
  const postgresOnly = store === 'postgres' ? it : undefined;
  postgresOnly?.('logs a database error without the values it quotes', async () => {
    // A read past PostgreSQL's integer column, as the item-index tokens used to send: a real driver error.
    const overflow = defineRoute({
      method: 'get',
      path: '/test/overflow',
      summary: 'fails in the database',
      tag: 'test',
      level: 'standard',
      response: { status: 200, description: 'never' },
      errors: [],
      handle: async ({ store: dataCenter }) => ({ status: 200, body: await dataCenter.listJobResults('j-none', { ok: true, after: 4294967296, limit: 1 }) }),
    });
    const app = createApp({ ...server.deps, jobs: server.jobs }, [...apiRoutes(), overflow as RouteDefinition<unknown, unknown>]);
    server.logs.length = 0;
    const response = await app.request('/test/overflow', { headers: { authorization: `Basic ${server.keys.acme.standard}` } });
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ code: 'internal_error', message: 'internal error' });
    const errors = server.logs.filter((line) => 'level' in line && line.level === 'error');
    expect(errors).toEqual([expect.objectContaining({ message: expect.stringContaining('is out of range for type integer') })]);
    expect(JSON.stringify(server.logs)).not.toContain('4294967296');
  });

  it('refuses query parameters on a route that reads none, as a route with a query refuses an unknown one', async () => {
    const key = server.keys.acme.standard;
    const search = await server.request('POST', '/v2/sessions/search?limit=5', { key, body: {} });
    expect(search.status).toBe(400);
    expect(search.body.details).toEqual([{ path: 'limit', message: 'unknown field (this route reads no query parameters)' }]);
    expect((await server.request('POST', '/v2/users?foo=1', { key, body: { uid: 'query-free' } })).status).toBe(400);
    const listed = await server.request('GET', '/v2/sessions?uid=alice&colour=red', { key });
    expect(listed.status).toBe(400);
    expect(listed.body.details).toEqual([{ path: 'colour', message: 'unknown field' }]);
  });

  it('parses JSON even when curl -d sends it as a form', async () => {
    const response = await server.request('POST', '/v2/users', { key: server.keys.acme.standard, raw: '{"uid":"form"}', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(response.status).toBe(200);
  });
});

/** `recap serve` from the sources; `args` default to no drain delay, so that a stop is prompt. */
function startServe(dataDir: string, args: readonly string[] = ['--drain-ms', '0']): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'scripts/recap.ts'), 'serve', '--port', '0', '--data-dir', dataDir, ...args], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match !== null) resolve({ child, url: match[1] as string });
    });
    child.once('exit', (code) => reject(new Error(`recap serve exited (${code}) before listening: ${output}`)));
  });
}

async function waitFor<T>(probe: () => Promise<T | undefined>, what: string): Promise<T> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('over a real socket, with kill -9', () => {
  it('serves on a free port, loses no acknowledged write and resumes a killed batch after a restart', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'recap-kill-'));
    expect((await runCli(['admin', 'org', 'create', 'acme', '--data-center', 'na1', '--data-dir', dataDir])).code).toBe(0);
    const created = await runCli(['admin', 'key', 'create', '--org', 'acme', '--name', 'k', '--level', 'architect', '--data-dir', dataDir, '--json']);
    const { key } = JSON.parse(created.stdout) as { key: string };
    const headers = { authorization: `Basic ${key}`, 'content-type': 'application/json' };

    let { child, url } = await startServe(dataDir);
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    const acknowledged: string[] = [];
    const writes = Array.from({ length: 40 }, async (_, index) => {
      const response = await fetch(`${url}/v2/users`, { method: 'POST', headers, body: JSON.stringify({ uid: `w-${index}` }) }).catch(() => undefined);
      if (response?.status === 200) acknowledged.push(`w-${index}`);
    });
    const batch = await fetch(`${url}/v2/users/batch`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ requests: Array.from({ length: 5000 }, (_, index) => ({ uid: `b-${index}`, properties: { n: index } })) }),
    });
    expect(batch.status).toBe(202);
    const { job } = (await batch.json()) as { job: { id: string } };
    child.kill('SIGKILL');
    await Promise.all(writes);
    await new Promise((resolve) => child.once('exit', resolve));

    ({ child, url } = await startServe(dataDir));
    const status = await waitFor(async () => {
      const body = (await (await fetch(`${url}/v2/users/batch/${job.id}`, { headers })).json()) as { job: { status: string }; imports: number };
      return body.job.status === 'PROCESSING' ? undefined : body;
    }, 'the batch to finish');
    expect(status).toMatchObject({ job: { status: 'COMPLETED' }, imports: 5000, errors: 0 });
    for (const uid of [...acknowledged, 'b-0', 'b-4999']) {
      expect((await fetch(`${url}/v2/users?uid=${uid}`, { headers })).status).toBe(200);
    }
    // SIGTERM: the server stops listening, finishes what it is doing, closes its stores, exits 0.
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  }, 120_000);

  it('on SIGTERM answers /readyz 503 for --drain-ms while it still serves, then stops listening and exits 0', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'recap-drain-'));
    const { child, url } = await startServe(dataDir, ['--drain-ms', '1500']);
    expect((await fetch(`${url}/readyz`)).status).toBe(200);
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    const signalled = Date.now();
    child.kill('SIGTERM');
    const draining = await waitFor(async () => {
      const response = await fetch(`${url}/readyz`);
      return response.status === 503 ? ((await response.json()) as unknown) : undefined;
    }, '/readyz to answer 503');
    expect(draining).toEqual({ status: 'not_ready', reasons: ['the server is stopping'] });
    // A load balancer that has not yet seen the 503 still gets answers, on new connections too.
    expect((await fetch(`${url}/healthz`, { headers: { connection: 'close' } })).status).toBe(200);
    expect((await fetch(`${url}/openapi.json`, { headers: { connection: 'close' } })).status).toBe(200);
    expect(await exited).toBe(0);
    expect(Date.now() - signalled).toBeGreaterThanOrEqual(1500);
    await expect(fetch(`${url}/healthz`)).rejects.toThrow();
  }, 60_000);

  it('a second SIGTERM during the drain ends the process at once', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'recap-drain-'));
    const { child, url } = await startServe(dataDir, ['--drain-ms', '60000']);
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child.once('exit', (_code, signal) => resolve(signal)));
    child.kill('SIGTERM');
    await waitFor(async () => ((await fetch(`${url}/readyz`)).status === 503 ? true : undefined), '/readyz to answer 503');
    const again = Date.now();
    child.kill('SIGTERM');
    expect(await exited).toBe('SIGTERM');
    expect(Date.now() - again).toBeLessThan(5000);
  }, 60_000);
});

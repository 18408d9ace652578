// The same requests on SQLite and on PostgreSQL get the same answers: status, error code, message
// and details, bodies (ids mapped to the order they appeared in), and the state read back after
// them (users, sessions, exports, operations, and a search for every property value stored);
// never a 500. Sequences of odd requests (test/support/odd-requests.ts) run against a fresh
// organisation on each store, side by side. Needs RECAP_TEST_DATABASE_URL (scripts/with-postgres.sh).
// The seed is fixed; to explore, RECAP_DIFFERENTIAL_SEED=<n> RECAP_DIFFERENTIAL_RUNS=<n> pick others.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKey, createOrganisation } from '../../src/server/admin/admin-actions.js';
import { importSession } from '../../src/server/sessions/import-session.js';
import { aliceFirst, encodeOdd, oddRequest, UIDS, type KeyLevel, type OddRequest } from '../support/odd-requests.js';
import { createServerHarness, type ServerHarness } from '../support/server-harness.js';

const fixture = readFileSync(path.resolve(import.meta.dirname, '../../sessions-fixtures/checkout-abandon.json'), 'utf8');

/** An answer as compared: ids renamed by order of appearance, the headers that matter. */
interface Answer {
  readonly request: string;
  readonly status: number;
  readonly replayed: string | null;
  readonly body: unknown;
}

/** One store's side of a sequence: its organisation's keys and the ids it answered. */
class Side {
  readonly users: string[] = [];
  job = 'j-missing';
  profile = 'p-missing';
  session = 'nobody%3As-0';
  rule = 'b-missing';
  private readonly renamed = new Map<string, string>();

  constructor(
    readonly server: ServerHarness,
    private readonly keys: Record<KeyLevel, string>,
  ) {}

  private resolve(text: string): string {
    return text
      .replace(/@user(\d)@/g, (_, index: string) => this.users[Number(index)] ?? 'u-missing')
      .replace(/@USER(\d)@/g, (_, index: string) => (this.users[Number(index)] ?? 'u-missing').toUpperCase())
      .replaceAll('@session-id@', decodeURIComponent(this.session))
      .replaceAll('@job@', this.job)
      .replaceAll('@profile@', this.profile)
      .replaceAll('@session@', this.session)
      .replaceAll('@rule@', this.rule);
  }

  /** Ids (u-…, e-…, j-…, p-…, o-…, br-…, any case) as `u#1`, `U#1`: the same on both stores when made in the same order. */
  private normalise(text: string): string {
    return text.replace(/\b([a-zA-Z]{1,2})-([0-9a-fA-F]{32}|[0-9a-fA-F]{16})\b/g, (id: string, kind: string) => {
      let name = this.renamed.get(id.toLowerCase());
      if (name === undefined) {
        name = `#${this.renamed.size + 1}`;
        this.renamed.set(id.toLowerCase(), name);
      }
      return `${kind}${name}`;
    });
  }

  async send(request: OddRequest): Promise<Answer> {
    if (request.tick) this.server.clock.now = new Date(this.server.clock.now.getTime() + 1000);
    const target = this.resolve(request.path);
    const body = typeof request.body === 'string' ? this.resolve(request.body) : request.body;
    const headers: Record<string, string> = { authorization: `Basic ${this.keys[request.key]}`, ...request.headers };
    if (body !== undefined) headers['content-type'] ??= 'application/json';
    const response = await this.server.app.request(target, { method: request.method, headers, body });
    const bytes = Buffer.from(await response.arrayBuffer());
    const text = (response.headers.get('content-encoding') === 'gzip' ? gunzipSync(bytes) : bytes).toString();
    const session = /"id":"(u-[0-9a-f]+:s-9001[^"]*)"/.exec(text)?.[1];
    if (session !== undefined) this.session = encodeURIComponent(session);
    for (const id of text.match(/\bu-(?:[0-9a-f]{32}|[0-9a-f]{16})\b/g) ?? []) if (!this.users.includes(id)) this.users.push(id);
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text) as unknown;
    } catch {
      // Not JSON: compared as text.
    }
    if (response.status === 202 && typeof parsed === 'object' && parsed !== null) {
      if ('job' in parsed) this.job = (parsed as { job: { id: string } }).job.id;
      if ('operation' in parsed) this.job = (parsed as { operation: { id: string } }).operation.id;
    }
    if (response.status === 201 && request.path === '/v2/settings/block-rules') this.rule = (parsed as { id: string }).id;
    if (response.status === 200 && request.method === 'POST' && request.path === '/v2/visit_profile') this.profile = (parsed as { id: string }).id;
    const normalised = this.normalise(JSON.stringify(parsed));
    return {
      request: `${request.method} ${request.path}${request.body === undefined ? '' : ` ${typeof request.body === 'string' ? request.body.slice(0, 300) : `bytes ${Buffer.from(request.body).toString('hex')}`}`}${request.headers === undefined ? '' : ` ${JSON.stringify(request.headers)}`}`,
      status: response.status,
      replayed: response.headers.get('idempotent-replayed'),
      body: JSON.parse(normalised) as unknown,
    };
  }
}

/** What a sequence left behind, read back through the API. */
function readBack(): OddRequest[] {
  const get = (target: string, key: KeyLevel = 'architect'): OddRequest => ({ method: 'GET', path: target, key, tick: false });
  return [
    ...UIDS.map((uid) => get(`/v2/users?uid=${encodeOdd(uid)}`)),
    ...['alice', 'bob'].map((uid) => get(`/v2/sessions?uid=${uid}`)),
    get('/v2/sessions?email=alice%40example.com'),
    ...[0, 1, 2, 3].map((index) => get(`/v2/users/@user${index}@/export`)),
    { method: 'POST', path: '/v2/sessions/search', key: 'standard', body: '{}', tick: false },
    get('/v2/operations'),
    get('/v2/visit_profile'),
  ];
}

let sequence = 0;

/** A fresh organisation on `server`, with a key of each level and the checkout session imported. */
async function freshSide(server: ServerHarness, name: string, quota: number | null): Promise<Side> {
  await createOrganisation(server.stores, { name, dataCenter: 'na1', serverEventQuota: quota, now: server.clock.now });
  const keys = {} as Record<KeyLevel, string>;
  for (const level of ['standard', 'architect', 'admin'] as const) keys[level] = (await createKey(server.stores, { orgName: name, name: level, level, now: server.clock.now })).key;
  const org = await server.stores.na1.findOrganisationByName(name);
  if (org === undefined) throw new Error(`organisation ${name} was not created`);
  await importSession(server.stores.na1, org, fixture, { source: 'checkout-abandon.json', now: server.clock.now });
  return new Side(server, keys);
}

/** Sends `requests` to both sides, one at a time, following each batch to its end; the answers, side by side. */
async function runSequence(sides: readonly [Side, Side], requests: readonly OddRequest[]): Promise<void> {
  const step = async (request: OddRequest): Promise<Answer> => {
    const sqlite = await sides[0].send(request);
    const postgres = await sides[1].send(request);
    expect(sqlite.status, `500 on SQLite: ${sqlite.request}\n${JSON.stringify(sqlite.body)}`).not.toBe(500);
    expect(postgres.status, `500 on PostgreSQL: ${postgres.request}\n${JSON.stringify(postgres.body)}`).not.toBe(500);
    expect(postgres, `PostgreSQL answered otherwise than SQLite: ${sqlite.request}`).toEqual(sqlite);
    return sqlite;
  };
  // The recorded session's id and a profile, for the routes that name them (@session@, @profile@).
  await step({ method: 'GET', path: '/v2/sessions?uid=alice', key: 'standard', tick: false });
  await step({ method: 'POST', path: '/v2/visit_profile', key: 'standard', body: '{}', tick: false });
  for (const request of requests) {
    await step(request);
    if (request.path.endsWith('/batch')) {
      await Promise.all(sides.map((side) => side.server.jobs.idle()));
      for (const tail of ['', '/errors', '/imports']) await step({ method: 'GET', path: `${request.path}/@job@${tail}`, key: 'standard', tick: false });
    }
    if (request.method === 'DELETE' || request.path.includes('/exports/') || request.path.includes('/summary/batch')) {
      await Promise.all(sides.map((side) => side.server.jobs.idle()));
      await step({ method: 'GET', path: request.path.startsWith('/v2/users/') ? '/v2/users/deletions/@job@' : '/v2/operations/@job@', key: 'architect', tick: false });
    }
  }
  const stored: [string, unknown][] = [];
  for (const request of readBack()) {
    const answer = await step(request);
    if (request.path.startsWith('/v2/users?') && answer.status === 200) stored.push(...leaves((answer.body as { properties: unknown }).properties, ''));
  }
  // Every value stored is found by a search for it, on both stores alike.
  for (const [path, value] of stored.slice(0, 12)) {
    await step({ method: 'POST', path: '/v2/sessions/search', key: 'standard', body: JSON.stringify({ user_properties: { [path]: value } }), tick: false });
  }
}

/** The scalar values of properties read back, by dotted path. */
function leaves(value: unknown, path: string): [string, unknown][] {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return [[path, value]];
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [];
  return Object.entries(value).flatMap(([name, child]) => leaves(child, path === '' ? name : `${path}.${name}`));
}

describe('the same odd requests on SQLite and PostgreSQL', () => {
  let sqlite: ServerHarness;
  let postgres: ServerHarness;
  beforeAll(async () => {
    [sqlite, postgres] = await Promise.all([createServerHarness({ store: 'sqlite' }), createServerHarness({ store: 'postgres' })]);
  });
  afterAll(async () => {
    await sqlite?.close();
    await postgres?.close();
  });

  it('get the same answers, never a 500, and leave the same state behind', async () => {
    await fc.assert(
      fc.asyncProperty(aliceFirst, fc.array(oddRequest, { minLength: 1, maxLength: 12 }), fc.constantFrom(null, null, 2), async (first, requests, quota) => {
        const name = `diff-${sequence++}`;
        const sides = [await freshSide(sqlite, name, quota), await freshSide(postgres, name, quota)] as const;
        await runSequence(sides, [first, ...requests]);
      }),
      { numRuns: Number(process.env.RECAP_DIFFERENTIAL_RUNS ?? 50), seed: Number(process.env.RECAP_DIFFERENTIAL_SEED ?? 20261122) },
    );
  }, 300_000);
});

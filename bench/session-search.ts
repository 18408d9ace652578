// Benchmark of the session search (POST /v2/sessions/search's store query): 100,000 sessions of
// 20,000 users in one organisation, on SQLite and on PostgreSQL (durable settings, see
// postgres-cluster.ts), loaded through a bulk path of this benchmark that stores each session with
// the facts the store computes (factsRowOf, as insertSession does). Then the latency of typical
// searches (median and p95 of a first page of 20), next to baselines measured in the same run on
// the same database: `SELECT count(*)` over the sessions table, and a user's sessions through
// listSessionsForUser (GET /v2/sessions). RECAP_BENCH_SEARCH_SESSIONS sets the number of sessions.

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { sql } from 'kysely';
import pg from 'pg';
import { applyWrites, propertyStateToJson } from '../src/server/users/property-state.js';
import { propertyMatch } from '../src/server/users/property-match.js';
import type { PropertyWrite } from '../src/server/users/validate-properties.js';
import { createPostgresStore } from '../src/server/store/postgres/create-postgres-store.js';
import { postgresConnection } from '../src/server/store/postgres/postgres-connection.js';
import { postgresDialect } from '../src/server/store/postgres/postgres-dialect.js';
import type { JsonObject, SessionRecord } from '../src/server/store/records.js';
import type { SessionSearch } from '../src/server/store/session-search.js';
import { insertRows } from '../src/server/store/sql/insert-rows.js';
import { runTransaction } from '../src/server/store/sql/run-transaction.js';
import { factsRowOf, insertSessionFacts } from '../src/server/store/sql/session-facts-writes.js';
import type { StoreDialect } from '../src/server/store/sql/store-dialect.js';
import { createSqliteStore } from '../src/server/store/sqlite/create-sqlite-store.js';
import { sqliteDialect } from '../src/server/store/sqlite/sqlite-dialect.js';
import type { DataCenterStore } from '../src/server/store/store.js';
import { startBenchPostgres } from './postgres-cluster.js';

const SESSIONS = Number(process.env.RECAP_BENCH_SEARCH_SESSIONS ?? 100_000);
const USERS = Math.max(1, Math.round(SESSIONS / 5));
const ORG = 'org-bench';
const PRODUCTS = 1000;
const SESSIONS_PER_TRANSACTION = 2000;
const ROUNDS = 8;
const DAY = 86_400_000;
const START = Date.UTC(2026, 0, 1);

/** A seeded generator (mulberry32): the same data on both stores and in every run. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const PLANS = ['free', 'free', 'free', 'pro', 'pro', 'team'] as const;
const COUNTRIES = ['FR', 'DE', 'US', 'GB', 'ES', 'IT', 'NL', 'SE', 'PL', 'IS'] as const;

function userProperties(index: number, next: () => number): JsonObject {
  const writes: PropertyWrite[] = [
    { path: 'plan', type: 'str', value: PLANS[Math.floor(next() * PLANS.length)] as string },
    // Iceland is rare: about 1 user in 200.
    { path: 'country', type: 'str', value: next() < 0.005 ? 'IS' : (COUNTRIES[Math.floor(next() * (COUNTRIES.length - 1))] as string) },
    { path: 'billing.seats', type: 'int', value: 1 + (index % 50) },
    { path: 'beta', type: 'bool', value: next() < 0.2 },
  ];
  return propertyStateToJson(applyWrites(new Map(), writes, [], new Date(START).toISOString()));
}

/** A session of 15–60 events: pages, products, clicks, some friction, custom events. */
function sessionOf(index: number, next: () => number): SessionRecord {
  const userId = `u-${Math.floor(next() * USERS)}`;
  const start = START + Math.floor(next() * 90 * DAY);
  const id = `${userId}:s-${index}`;
  let time = start;
  const events: JsonObject[] = [];
  const at = () => new Date((time += 1000 + Math.floor(next() * 20_000))).toISOString();
  const add = (type: string, fields: JsonObject = {}) => events.push({ type, timestamp: at(), ...fields });
  add('navigate', { url: 'https://shop.example/', title: 'Home' });
  for (let product = 0, products = 1 + Math.floor(next() * 4); product < products; product++) {
    add('navigate', { url: `https://shop.example/p/trail-jacket-${Math.floor(next() * PRODUCTS)}?color=sage`, title: 'Product' });
    add('custom', { name: 'Product Viewed', properties: { price: 129 } });
    for (let click = 0, clicks = 2 + Math.floor(next() * 6); click < clicks; click++) add('click', { target: { selector: `#b${click}` } });
    add('element-seen', { target: { selector: '.reviews' } });
  }
  if (next() < 0.08) for (let rage = 0, rages = 1 + Math.floor(next() * 4); rage < rages; rage++) add('rage-click', { target: { selector: '#size' }, count: 4 });
  if (next() < 0.15) add('dead-click', { target: { selector: '.banner' } });
  if (next() < 0.3) {
    add('navigate', { url: 'https://shop.example/checkout', title: 'Checkout' });
    add('custom', { name: 'Checkout Started' });
    if (next() < 0.05) add('network-error', { url: 'https://api.shop.example/v1/payments', method: 'POST', status: 502 });
    else if (next() < 0.3) add('custom', { name: 'Order Completed' });
  }
  return { orgId: ORG, id, userId, createdTime: new Date(start).toISOString(), fixture: { id, events }, importedAt: new Date(START + 91 * DAY).toISOString() };
}

/** Users and sessions in bulk, a few thousand per transaction, facts computed as the store computes them. */
async function load(dialect: StoreDialect): Promise<number> {
  const started = performance.now();
  await dialect.withWriteConnection(async (connection) => {
    const next = random(7);
    for (let first = 0; first < USERS; first += SESSIONS_PER_TRANSACTION) {
      const rows = Array.from({ length: Math.min(SESSIONS_PER_TRANSACTION, USERS - first) }, (_, offset) => {
        const index = first + offset;
        return {
          org_id: ORG,
          id: `u-${index}`,
          uid: `shopper-${index}`,
          display_name: null,
          email: `shopper-${index}@example.com`,
          properties: JSON.stringify(userProperties(index, next)),
          identified_in_session: 1 as const,
          merged_into: null,
          created_at: new Date(START).toISOString(),
          updated_at: new Date(START).toISOString(),
        };
      });
      await runTransaction(dialect, connection, () => insertRows(connection, dialect, 'users', rows, { shared: ['org_id'] }));
    }
    for (let first = 0; first < SESSIONS; first += SESSIONS_PER_TRANSACTION) {
      const records = Array.from({ length: Math.min(SESSIONS_PER_TRANSACTION, SESSIONS - first) }, (_, offset) => sessionOf(first + offset, next));
      await runTransaction(dialect, connection, async () => {
        const rows = records.map((record) => ({
          org_id: record.orgId,
          id: record.id,
          user_id: record.userId,
          created_time: record.createdTime,
          fixture: JSON.stringify(record.fixture),
          imported_at: record.importedAt,
        }));
        await insertRows(connection, dialect, 'sessions', rows, { shared: ['org_id', 'imported_at'] });
        await insertSessionFacts(connection, dialect, records.map(factsRowOf));
      });
    }
  });
  return performance.now() - started;
}

interface Case {
  readonly label: string;
  /** A few variants of the search, measured in turn (PostgreSQL plans a statement for its values at first, generically later). */
  readonly searches: readonly SessionSearch[];
}

const week = (offset: number): SessionSearch => ({ from: new Date(START + (10 + offset * 7) * DAY).toISOString(), to: new Date(START + (17 + offset * 7) * DAY).toISOString() });

const CASES: readonly Case[] = [
  { label: 'no filter (newest 20)', searches: [{}] },
  { label: 'has_events rage-click, min_count 3 (~2%)', searches: [3, 4, 2].map((minCount) => ({ hasEvents: [{ type: 'rage-click', minCount }] })) },
  { label: 'has_events dead-click (~15%)', searches: [{ hasEvents: [{ type: 'dead-click', minCount: 1 }] }] },
  { label: 'has_events "Order Completed" (custom name)', searches: [{ hasEvents: [{ type: 'Order Completed', minCount: 1 }] }] },
  { label: 'url_contains one product (~0.25%)', searches: [17, 423, 808, 999].map((product) => ({ urlContains: `trail-jacket-${product}?` })) },
  { label: 'url_contains "/checkout" (~30%)', searches: [{ urlContains: '/CHECKOUT' }] },
  { label: 'url_contains "v1/payments" (~1%)', searches: [{ urlContains: 'v1/payments' }] },
  { label: 'from/to: one week (~8%)', searches: [0, 3, 6, 9].map(week) },
  { label: 'user_properties plan=team (~17%)', searches: [{ userProperties: [propertyMatch('plan', 'team')] }] },
  { label: 'user_properties country=IS (~0.5%)', searches: [{ userProperties: [propertyMatch('country', 'IS')] }] },
  { label: 'user (by id)', searches: [11, 4242, 17_000].map((index) => ({ userId: `u-${index % USERS}` })) },
  {
    label: 'combined: week + plan=pro + rage-click + /checkout + ≥ 60 s',
    searches: [0, 5].map((offset) => ({ ...week(offset), userProperties: [propertyMatch('plan', 'pro')], hasEvents: [{ type: 'rage-click', minCount: 1 }], urlContains: '/checkout', minDurationMs: 60_000 })),
  },
];

const percentile = (sorted: readonly number[], share: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] as number;

interface Figures {
  readonly label: string;
  readonly median: number;
  readonly p95: number;
  readonly results: number;
}

/** Median and p95 of `ROUNDS` rounds of every variant, after one round not counted. */
async function measure(label: string, variants: readonly (() => Promise<number>)[]): Promise<Figures> {
  const timings: number[] = [];
  let results = 0;
  for (let round = 0; round <= ROUNDS; round++) {
    for (const variant of variants) {
      const started = performance.now();
      results = await variant();
      if (round > 0) timings.push(performance.now() - started);
    }
  }
  timings.sort((a, b) => a - b);
  return { label, median: percentile(timings, 0.5), p95: percentile(timings, 0.95), results };
}

async function measureStore(store: DataCenterStore, countSessions: () => Promise<unknown>): Promise<Figures[]> {
  const figures: Figures[] = [];
  figures.push(
    await measure('baseline: SELECT count(*) FROM sessions', [
      async () => {
        await countSessions();
        return 1;
      },
    ]),
  );
  figures.push(await measure('baseline: listSessionsForUser (GET /v2/sessions)', [11, 4242, 17_000].map((index) => async () => (await store.listSessionsForUser(ORG, `u-${index % USERS}`, 20)).length)));
  for (const { label, searches } of CASES) {
    figures.push(await measure(label, searches.map((search) => async () => (await store.searchSessions(ORG, search, { limit: 20 })).items.length)));
  }
  // The fifth page of a search: paging reads from the position, not from the start.
  const fifthPage = async () => {
    let after: string | null = null;
    for (let page = 0; page < 4; page++) after = (await store.searchSessions(ORG, { hasEvents: [{ type: 'dead-click', minCount: 1 }] }, { after, limit: 20 })).next;
    return async () => (await store.searchSessions(ORG, { hasEvents: [{ type: 'dead-click', minCount: 1 }] }, { after, limit: 20 })).items.length;
  };
  figures.push(await measure('has_events dead-click, 5th page', [await fifthPage()]));
  return figures;
}

function print(title: string, loadMs: number, figures: readonly Figures[]): void {
  console.log(`\n### ${title}: ${SESSIONS.toLocaleString('en')} sessions of ${USERS.toLocaleString('en')} users loaded in ${(loadMs / 1000).toFixed(1)} s\n`);
  console.log(`${'search (first page of 20)'.padEnd(62)} ${'median ms'.padStart(10)} ${'p95 ms'.padStart(8)} ${'results'.padStart(8)}`);
  for (const { label, median, p95, results } of figures) console.log(`${label.padEnd(62)} ${median.toFixed(2).padStart(10)} ${p95.toFixed(2).padStart(8)} ${String(results).padStart(8)}`);
}

async function organisationStore(store: DataCenterStore): Promise<void> {
  await store.transaction((writer) => writer.createOrganisation({ id: ORG, name: 'bench', dataCenter: 'na1', serverEventQuota: null, createdAt: new Date(START).toISOString() }));
  await store.close();
}

async function runSqlite(directory: string): Promise<void> {
  const file = path.join(directory, 'search.db');
  await organisationStore(await createSqliteStore({ file, dataCenter: 'na1' }));
  const writing = new Database(file);
  writing.pragma('journal_mode = WAL');
  writing.pragma('synchronous = NORMAL');
  const dialect = sqliteDialect(writing, writing);
  const loadMs = await load(dialect);
  // What the store does when it closes (PRAGMA optimize), so that the planner has statistics.
  await dialect.close();
  const store = await createSqliteStore({ file, dataCenter: 'na1' });
  const reading = new Database(file, { readonly: true });
  const count = reading.prepare('SELECT count(*) FROM sessions').pluck();
  try {
    print('SQLite', loadMs, await measureStore(store, async () => count.get()));
  } finally {
    reading.close();
    await store.close();
  }
}

async function runPostgres(url: string): Promise<void> {
  await organisationStore(await createPostgresStore({ connectionString: url, dataCenter: 'na1' }));
  const dialect = postgresDialect(postgresConnection(url, {}));
  const loadMs = await load(dialect);
  // What autovacuum does after a bulk load, done at once rather than whenever it comes round.
  await sql`ANALYZE`.execute(dialect.reads);
  await dialect.close();
  const store = await createPostgresStore({ connectionString: url, dataCenter: 'na1' });
  const connection = postgresConnection(url, {});
  const pool = new pg.Pool({ ...connection.pool, max: 1 });
  try {
    print('PostgreSQL', loadMs, await measureStore(store, () => pool.query('SELECT count(*) FROM sessions')));
  } finally {
    await pool.end();
    await store.close();
  }
}

export async function runSessionSearchBenchmark(): Promise<void> {
  console.log(`\n## Session search: ${SESSIONS.toLocaleString('en')} sessions, typical searches, ${ROUNDS} rounds of each variant after one not counted`);
  const directory = await mkdtemp(path.join(tmpdir(), 'recap-bench-search-'));
  try {
    await runSqlite(directory);
    let postgres: Awaited<ReturnType<typeof startBenchPostgres>> | undefined;
    try {
      postgres = await startBenchPostgres();
    } catch (error) {
      console.log(`PostgreSQL skipped: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (postgres !== undefined) {
      try {
        await runPostgres(postgres.newSchemaUrl());
      } finally {
        await postgres.close();
      }
    }
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

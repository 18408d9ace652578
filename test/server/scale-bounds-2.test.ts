// More work that must not grow with what came before it (see scale-bounds.test.ts), counted on
// PostgreSQL as the rows its scans read (EXPLAIN ANALYZE) and checked on SQLite by the index range
// its plan takes: a page deep into a session search, or into a user's sessions (a user export),
// starts at its position in the index instead of reading every session before it; and a list of
// unfinished operations (GET /v2/operations?status=PENDING, the check that ends a user export)
// reads the unfinished jobs, not every job the organisation ever ran; refreshing a few known
// catalog names reads the catalog once, not once per name it holds; and the look for exports past
// their retention reads the completed exports, not every job.

import type { Kysely } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/store/sql/database.js';
import type { DataCenterStore } from '../../src/server/store/store.js';
import { createServerHarness, STORE_KINDS, type StoreKind } from '../support/server-harness.js';
import { queryPlan, rowsScanned, storeStatements, type RecordedStatement } from '../support/statement-recorder.js';
import { analyze, insertStored, minute, storedJob } from '../support/stored-rows.js';

/** What a statement read: PostgreSQL's rows scanned, or SQLite's plan. */
const measure = async (kind: StoreKind, store: DataCenterStore, statement: RecordedStatement) =>
  kind === 'postgres' ? { scanned: await rowsScanned(store, statement) } : { plan: await queryPlan(store, statement) };

describe.each(STORE_KINDS)('pages start at their position (%s)', (kind) => {
  let server: Awaited<ReturnType<typeof createServerHarness>>;
  const sessions = 3000;
  beforeAll(async () => {
    server = await createServerHarness({ store: kind, runJobs: false });
    const org = server.orgs.acme.id;
    const ids = Array.from({ length: sessions }, (_, index) => `u-many:s-${String(index).padStart(5, '0')}`);
    // Two sessions at each time: the position's ties are paged by id.
    const times = ids.map((_, index) => minute(Math.floor(index / 2)));
    const user = { org_id: org, id: 'u-many', uid: 'many', display_name: null, email: null, properties: '{}', identified_in_session: 0, merged_into: null, created_at: minute(0), updated_at: minute(0) };
    await insertStored(server.stores.na1, 'users', [user]);
    await insertStored(server.stores.na1, 'sessions', ids.map((id, index) => ({ org_id: org, id, user_id: 'u-many', created_time: times[index], fixture: '{"events":[]}', imported_at: times[index] })));
    await insertStored(server.stores.na1, 'session_facts', ids.map((id, index) => ({ org_id: org, session_id: id, user_id: 'u-many', created_time: times[index], imported_at: times[index], first_event_ms: null, last_event_ms: null, urls: '' })));
    // The statistics autovacuum keeps: without them PostgreSQL's plans guess at every table's size.
    if (kind === 'postgres') await analyze(server.stores.na1);
    return () => server.close();
  });

  it('reads, for a page deep into a session search, the sessions from its position on', async () => {
    const key = server.keys.acme.standard;
    const seen: string[] = [];
    let token: string | null = null;
    // Pages of 100 to the last few hundred sessions, then one of 20, whose statements are kept.
    while (seen.length < sessions - 300) {
      const page = await server.request('POST', '/v2/sessions/search', { key, body: { limit: 100, ...(token === null ? {} : { page_token: token }) } });
      seen.push(...(page.body.results as { id: string }[]).map((session) => session.id));
      token = page.body.next_page_token as string;
    }
    const statements = await storeStatements(server.stores.na1, async () => {
      const page = await server.request('POST', '/v2/sessions/search', { key, body: { limit: 20, page_token: token } });
      seen.push(...(page.body.results as { id: string }[]).map((session) => session.id));
    });
    const last = statements.find((statement) => /from "session_facts"/.test(statement.sql));
    const read = await measure(kind, server.stores.na1, last as RecordedStatement);
    // Before: every session before the position (2,721 rows on PostgreSQL; a range of the organisation alone on SQLite).
    if (read.scanned !== undefined) expect(read.scanned).toBeLessThanOrEqual(30);
    else expect(read.plan).toMatch(/session_facts_by_time \(org_id=\? AND created_time<\?\)/);
    // Newest first, then by id, each session once.
    const expected = Array.from({ length: sessions }, (_, index) => `u-many:s-${String(index).padStart(5, '0')}`)
      .sort((left, right) => Math.floor(Number(right.slice(-5)) / 2) - Math.floor(Number(left.slice(-5)) / 2) || (left < right ? -1 : 1))
      .slice(0, seen.length);
    expect(seen).toEqual(expected);
  });

  it("reads, for a page of a user's sessions deep into an export, the sessions from its position on", async () => {
    const org = server.orgs.acme.id;
    const seen: string[] = [];
    let after: string | null = null;
    while (seen.length < sessions - 200) {
      const page = await server.stores.na1.listUserSessions(org, 'u-many', { after, limit: 100 });
      seen.push(...page.items.map((session) => session.id));
      after = page.next;
    }
    const statements = await storeStatements(server.stores.na1, () => server.stores.na1.listUserSessions(org, 'u-many', { after, limit: 20 }));
    const read = await measure(kind, server.stores.na1, statements[0] as RecordedStatement);
    // Before: every session before the position (2,821 rows on PostgreSQL).
    if (read.scanned !== undefined) expect(read.scanned).toBeLessThanOrEqual(30);
    else expect(read.plan).toMatch(/sessions_by_user \(org_id=\? AND user_id=\? AND created_time<\?\)/);
    const rest: string[] = [];
    do {
      const page = await server.stores.na1.listUserSessions(org, 'u-many', { after, limit: 7 });
      rest.push(...page.items.map((session) => session.id));
      after = page.next;
    } while (after !== null);
    expect(new Set([...seen, ...rest]).size).toBe(sessions);
    expect(rest).toHaveLength(200);
  });
});

describe.each(STORE_KINDS)('unfinished operations are found among the unfinished (%s)', (kind) => {
  let server: Awaited<ReturnType<typeof createServerHarness>>;
  beforeAll(async () => {
    server = await createServerHarness({ store: kind, runJobs: false });
    return () => server.close();
  });

  it('reads the unfinished jobs, not every job of the organisation, to list the pending ones', async () => {
    const org = server.orgs.acme.id;
    const job = (index: number, status: string, jobKind = 'events') => storedJob(org, `j-${String(index).padStart(5, '0')}`, index, status, jobKind);
    // 3,000 finished batches, then three pending operations among them.
    const jobs = Array.from({ length: 3000 }, (_, index) => job(index, 'COMPLETED'));
    for (const index of [10, 1500, 2990]) jobs[index] = job(index, 'PROCESSING', index === 1500 ? 'users' : 'events');
    await insertStored(server.stores.na1, 'jobs', jobs);
    if (kind === 'postgres') await analyze(server.stores.na1);
    const key = server.keys.acme.standard;
    const listed: string[] = [];
    let token: string | null = null;
    const statements = await storeStatements(server.stores.na1, async () => {
      do {
        const page = await server.request('GET', `/v2/operations?status=PENDING&page_size=2${token === null ? '' : `&page_token=${token}`}`, { key });
        expect(page.status).toBe(200);
        listed.push(...(page.body.results as { id: string; status: string }[]).map((operation) => `${operation.id} ${operation.status}`));
        token = page.body.next_page_token as string | null;
      } while (token !== null);
    });
    expect(listed).toEqual(['j-02990 PENDING', 'j-01500 PENDING', 'j-00010 PENDING']);
    for (const statement of statements.filter((recorded) => /from "jobs"/.test(recorded.sql))) {
      const read = await measure(kind, server.stores.na1, statement);
      // Before: the organisation's 3,000 jobs on SQLite.
      if (read.scanned !== undefined) expect(read.scanned).toBeLessThanOrEqual(10);
      else expect(read.plan).toMatch(/jobs_unfinished/);
    }
    // The check that ends a user export reads them the same way.
    const exportStatements = await storeStatements(server.stores.na1, () => server.stores.na1.listJobs(org, { kinds: ['user_deletion'], unfinished: true, limit: 100 }));
    const read = await measure(kind, server.stores.na1, exportStatements[0] as RecordedStatement);
    if (read.scanned !== undefined) expect(read.scanned).toBeLessThanOrEqual(10);
    else expect(read.plan).toMatch(/jobs_unfinished/);
  });
});

describe.each(STORE_KINDS)('a refresh of known names reads the catalog once (%s)', (kind) => {
  let server: Awaited<ReturnType<typeof createServerHarness>>;
  beforeAll(async () => {
    server = await createServerHarness({ store: kind, runJobs: false });
    return () => server.close();
  });

  it('refreshes a few names of a catalog of thousands reading a few thousand rows, not millions', async () => {
    const org = server.orgs.acme.id;
    const store = server.stores.na1;
    const names = Array.from({ length: 2000 }, (_, index) => `property_${index}`);
    const admit = (some: readonly string[], now: string) => store.transaction((writer) => writer.admitNames(org, 'event_property', some, { limit: 5000, now, retentionCutoff: minute(0) }));
    await admit(names, minute(10));
    // A minute later (past the second after which a name seen again is rewritten): 20 known names.
    const statements = await storeStatements(store, () => admit(names.slice(0, 20), minute(11)));
    expect(statements.length).toBeLessThanOrEqual(kind === 'postgres' ? 5 : 4);
    if (kind === 'postgres') {
      let scanned = 0;
      for (const statement of statements.filter((recorded) => /catalog_names/.test(recorded.sql))) scanned += await rowsScanned(store, statement);
      // Before: the locking subquery ran again for each of the 2,000 names (4,000,000 rows).
      expect(scanned).toBeLessThanOrEqual(10_000);
    }
    const rows = await store.transaction(async (writer) => {
      const { db } = writer as unknown as { db: Kysely<Database> };
      return db.selectFrom('catalog_names').select(['name', 'last_seen']).where('org_id', '=', org).execute();
    });
    const lastSeen = new Map(rows.map((row) => [Buffer.from(row.name).toString('utf8'), row.last_seen]));
    expect(names.filter((name) => lastSeen.get(name) === minute(11))).toEqual(names.slice(0, 20));
    expect(names.filter((name) => lastSeen.get(name) === minute(10))).toHaveLength(1980);
  });
});

describe.each(STORE_KINDS)('expired exports are found among the completed exports (%s)', (kind) => {
  let server: Awaited<ReturnType<typeof createServerHarness>>;
  beforeAll(async () => {
    server = await createServerHarness({ store: kind, runJobs: false });
    return () => server.close();
  });

  it('reads the completed exports, not every job, and removes the content of those past their retention only', async () => {
    const org = server.orgs.acme.id;
    const store = server.stores.na1;
    const id = (index: number) => `j-${String(index).padStart(5, '0')}`;
    // 3,000 finished batches, and among them an export past its retention, one past it whose
    // content is gone already, one within it, and one still running.
    const exports = new Map([[100, 'COMPLETED'], [200, 'COMPLETED'], [2900, 'COMPLETED'], [2950, 'PROCESSING']]);
    await insertStored(store, 'jobs', Array.from({ length: 3000 }, (_, index) => storedJob(org, id(index), index, exports.get(index) ?? 'COMPLETED', exports.has(index) ? 'export' : 'events')));
    await insertStored(store, 'job_items', [...exports.keys()].map((index) => ({ job_id: id(index), item_index: 0, item: JSON.stringify([{ type: 'events', chunks: index === 200 ? 0 : 1 }]) })));
    // The export within its retention is a long one: its chunks outnumber the jobs.
    const chunksOf = (index: number) => (index === 2900 ? 4000 : 1);
    await insertStored(store, 'export_chunks', [100, 2900, 2950].flatMap((index) => Array.from({ length: chunksOf(index) }, (_, seq) => ({ job_id: id(index), seq, data: '{"id":"e-1"}\n' }))));
    if (kind === 'postgres') await analyze(store);
    let expired = 0;
    const statements = await storeStatements(store, async () => {
      expired = await store.transaction((writer) => writer.expireExports(minute(1000)));
    });
    expect(expired).toBe(1);
    const chunks = await store.transaction((writer) => (writer as unknown as { db: Kysely<Database> }).db.selectFrom('export_chunks').select('job_id').distinct().orderBy('job_id').execute());
    expect(chunks.map((row) => row.job_id)).toEqual([id(2900), id(2950)]);
    const [look] = statements.filter((statement) => /^select .*from "jobs"/.test(statement.sql));
    expect(look).toBeDefined();
    const read = await measure(kind, store, look as RecordedStatement);
    // Before: every one of the 3,000 jobs (SQLite), or of the 4,000 chunks (PostgreSQL).
    if (read.scanned !== undefined) expect(read.scanned).toBeLessThanOrEqual(10);
    else expect(read.plan).toMatch(/jobs_finished_exports/);
  });
});

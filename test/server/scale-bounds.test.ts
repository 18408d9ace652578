// Work that must not grow with what came before it, on both stores, counted rather than timed: a
// page of a job's results reads the stored result rows it shows, not every row of the job; each
// step of a user deletion reads the organisation's events from where the step before stopped, not
// from the first event again (events have no index by user), and still finds the events of a user
// merged in after the cursor passed them; and it rewrites a bounded number of the job rows that
// name the user, so that its last step rewrites only those written since; and a merge moves an
// anonymous user's sessions a page at a time, not a few statements per session; and a chunk of a
// users batch reads and writes its users together, not a few statements per item.

import type { Kysely } from 'kysely';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../src/server/store/sql/database.js';
import { JOB_ITEMS_PER_ROW } from '../../src/server/store/job-item-rows.js';
import { deleteUserDataStep, EVENTS_PER_STEP } from '../../src/server/store/sql/delete-user-data.js';
import { moveUserSessions, SESSIONS_PER_MOVE } from '../../src/server/store/sql/move-user-sessions.js';
import { ROWS_PER_SCRUB_STEP } from '../../src/server/store/sql/scrub-job-rows.js';
import { event, job, session, user } from '../../src/server/store/test-support/store-fixtures.js';
import type { StoreDialect } from '../../src/server/store/sql/store-dialect.js';
import { createServerHarness, STORE_KINDS } from '../support/server-harness.js';
import { statementRecorder, storeStatements } from '../support/statement-recorder.js';

/** How many stored result rows (`[[index, result], ...]`) were parsed while `work` ran. */
async function resultRowsParsed(work: () => Promise<unknown>): Promise<number> {
  const parse = JSON.parse;
  let rows = 0;
  const spy = vi.spyOn(JSON, 'parse').mockImplementation((text: string, reviver?: (this: unknown, key: string, value: unknown) => unknown) => {
    if (/^\[\[\d+,/.test(text)) rows++;
    return parse(text, reviver);
  });
  try {
    await work();
  } finally {
    spy.mockRestore();
  }
  return rows;
}

describe.each(STORE_KINDS)('work bounded by what it returns (%s)', (store) => {
  let server: Awaited<ReturnType<typeof createServerHarness>>;
  beforeAll(async () => {
    server = await createServerHarness({ store, runJobs: false });
    return () => server.close();
  });
  afterEach(() => vi.restoreAllMocks());

  const standard = () => server.keys.acme.standard;
  const runJobs = async () => {
    server.jobs.start();
    await server.jobs.idle();
  };

  it("reads, for a page of a job's results, only the result rows the page shows", async () => {
    // 3,000 events in three chunks, every tenth refused: three rows of imports, three of errors.
    const requests = Array.from({ length: 3000 }, (_, index) => (index % 10 === 7 ? { name: '' } : { name: 'Paged', properties: { index } }));
    const job = (await server.request('POST', '/v2/events/batch', { key: standard(), body: { requests } })).body.job.id as string;
    await runJobs();
    for (const path of [`/v2/operations/${job}/results`, `/v2/events/batch/${job}/imports`, `/v2/events/batch/${job}/errors`]) {
      const first = await server.request('GET', `${path}?page_size=5`, { key: standard() });
      const parsed = await resultRowsParsed(() => server.request('GET', `${path}?page_size=5&page_token=${first.body.next_page_token as string}`, { key: standard() }));
      // One row of each outcome at most (the errors' row besides the imports'); the whole job is six.
      expect(parsed, path).toBeLessThanOrEqual(2);
    }
    // Paging across rows and outcomes still shows every item once, in order.
    for (const [path, expected] of [
      [`/v2/operations/${job}/results`, requests.map((_, index) => index)],
      [`/v2/events/batch/${job}/imports`, requests.flatMap((_, index) => (index % 10 === 7 ? [] : [index]))],
      [`/v2/events/batch/${job}/errors`, requests.flatMap((_, index) => (index % 10 === 7 ? [index] : []))],
    ] as const) {
      const seen: number[] = [];
      let token: string | null = null;
      do {
        const page = await server.request('GET', `${path}?page_size=37${token === null ? '' : `&page_token=${token}`}`, { key: standard() });
        expect(page.status).toBe(200);
        seen.push(...(page.body.results as { index: number }[]).map((result) => result.index));
        token = page.body.next_page_token as string | null;
      } while (token !== null);
      expect(seen, path).toEqual(expected);
    }
  });

  it("deletes a user's events reading the organisation's events once, from where each step stopped, and still finds a user merged in on the way", async () => {
    const post = (path: string, body: unknown) => server.request('POST', path, { key: standard(), body });
    // An anonymous visitor's events first (the lowest seqs), then the user's among another's.
    const visitor = (await post('/v2/users', {})).body.id as string;
    await post('/v2/events/batch', { requests: Array.from({ length: 30 }, () => ({ name: 'Visited', user: { id: visitor } })) });
    const events = EVENTS_PER_STEP * 2 + 500;
    await post('/v2/events/batch', { requests: Array.from({ length: events * 2 }, (_, index) => ({ name: 'Step', user: { uid: index % 2 === 0 ? 'deleted-one' : 'kept-one' } })) });
    await runJobs();
    await server.jobs.stop();
    const userId = (await server.request('GET', '/v2/users?uid=deleted-one', { key: server.keys.acme.architect })).body.id as string;
    const deletion = (await server.request('DELETE', `/v2/users/${userId}`, { key: server.keys.acme.architect })).body.job.id as string;

    const lowerBounds: (number | undefined)[] = [];
    const deletedUpTo: number[] = [];
    const step = () =>
      server.stores.na1.transaction(async (writer) => {
        const internals = writer as unknown as { db: Kysely<Database>; dialect: StoreDialect };
        const recorder = statementRecorder(internals.db);
        const done = await deleteUserDataStep(recorder.db, internals.dialect, server.orgs.acme.id, deletion);
        const reads = recorder.statements.filter((statement) => /^select .* from "events" where .* limit/i.test(statement.sql) && statement.rows.length > 0);
        const read = reads[0];
        if (read !== undefined) {
          const bound = /"seq" > (\$\d+|\?)/.exec(read.sql);
          lowerBounds.push(bound === null ? undefined : Number(read.parameters[read.sql.slice(0, bound.index).split(/\$\d+|\?/).length - 1]));
          deletedUpTo.push(Math.max(...read.rows.map((row) => Number(row.seq))));
        }
        return done;
      });

    expect(await step()).toBe(false);
    // The visitor is identified as the user being deleted: its older events are the user's now.
    expect((await post('/v2/users', { id: visitor, uid: 'deleted-one' })).status).toBe(200);
    while (!(await step()));

    // Each step after the first read from where the one before stopped (until the merged
    // visitor's older events sent it back to the start once).
    expect(lowerBounds[1]).toBeGreaterThanOrEqual(deletedUpTo[0] as number);
    expect(lowerBounds[2]).toBeGreaterThanOrEqual(deletedUpTo[1] as number);
    const status = await server.request('GET', `/v2/users/deletions/${deletion}`, { key: server.keys.acme.architect });
    expect(status.body.events_deleted).toBe(events + 30);
    const left = await server.stores.na1.listEvents(server.orgs.acme.id, { limit: 1000 });
    expect(left.items.filter((event) => event.name === 'Visited')).toEqual([]);
  });
});

// A harness of its own: a job runner that was stopped does not start again.
describe.each(STORE_KINDS)('a user deletion rewrites a bounded number of job rows per step (%s)', (store) => {
  let server: Awaited<ReturnType<typeof createServerHarness>>;
  beforeAll(async () => {
    server = await createServerHarness({ store, runJobs: false });
    return () => server.close();
  });
  const standard = () => server.keys.acme.standard;
  const runJobs = async () => {
    server.jobs.start();
    await server.jobs.idle();
  };

  it('rewrites the job rows that name a deleted user a few at a time, and in its last step only those written since', async () => {
    const post = (path: string, body: unknown) => server.request('POST', path, { key: standard(), body });
    // More rows of batch items naming the user than two steps rewrite.
    const events = JOB_ITEMS_PER_ROW * (ROWS_PER_SCRUB_STEP * 2 + 5);
    await post('/v2/events/batch', { requests: Array.from({ length: events }, (_, index) => ({ name: 'Scrubbed', properties: { index }, user: { uid: 'scrubbed-one' } })) });
    await runJobs();
    await server.jobs.stop();
    const userId = (await server.request('GET', '/v2/users?uid=scrubbed-one', { key: server.keys.acme.architect })).body.id as string;
    const deletion = (await server.request('DELETE', `/v2/users/${userId}`, { key: server.keys.acme.architect })).body.job.id as string;
    const rewrites: Record<string, number>[] = [];
    const step = () =>
      server.stores.na1.transaction(async (writer) => {
        const internals = writer as unknown as { db: Kysely<Database>; dialect: StoreDialect };
        const recorder = statementRecorder(internals.db);
        const done = await deleteUserDataStep(recorder.db, internals.dialect, server.orgs.acme.id, deletion);
        const counts: Record<string, number> = {};
        for (const { sql } of recorder.statements) {
          const table = /^update "(job_items|job_result_rows|export_chunks)"/.exec(sql)?.[1];
          if (table !== undefined) counts[table] = (counts[table] ?? 0) + 1;
        }
        rewrites.push(counts);
        return done;
      });
    let scrubbing = 0;
    while (!(await step())) {
      const counts = rewrites.at(-1) ?? {};
      if ((counts.job_items ?? 0) > 1 && scrubbing++ === 0) {
        // Once the scrub has begun, a batch that names the user, with an id before every other job's (behind the cursor).
        await server.stores.na1.transaction((writer) =>
          writer.createJob(job('0000-late-batch', { orgId: server.orgs.acme.id, kind: 'events', status: 'PROCESSING', total: 1 }), [{ name: 'Late', user: { uid: 'scrubbed-one' } }]),
        );
      }
    }
    // A step rewrites at most ROWS_PER_SCRUB_STEP rows of a table, besides the deletion's state
    // and, in the last step, the rows written since the scrub began.
    for (const counts of rewrites) for (const count of Object.values(counts)) expect(count).toBeLessThanOrEqual(ROWS_PER_SCRUB_STEP + 3);
    expect(scrubbing).toBeGreaterThanOrEqual(2);
    const { items, results } = await server.stores.na1.transaction(async (writer) => {
      const { db } = writer as unknown as { db: Kysely<Database> };
      return { items: await db.selectFrom('job_items').select('item').execute(), results: await db.selectFrom('job_result_rows').select('results').execute() };
    });
    expect(items.filter((row) => row.item.includes('"scrubbed-one"'))).toEqual([]);
    expect(results.filter((row) => row.results.includes(userId))).toEqual([]);
  });
});

describe.each(STORE_KINDS)('a user deletion checks the names its data used at once (%s)', (store) => {
  let server: Awaited<ReturnType<typeof createServerHarness>>;
  beforeAll(async () => {
    server = await createServerHarness({ store, runJobs: false });
    return () => server.close();
  });

  it('reads the events and the users a few times in its last step, not once per name', async () => {
    const key = server.keys.acme.standard;
    // 120 event property names and 80 user property names that only the deleted user used.
    const properties = (count: number, prefix: string) => Object.fromEntries(Array.from({ length: count }, (_, index) => [`${prefix}${index}`, index]));
    await server.request('POST', '/v2/users', { key, body: { uid: 'named-one', properties: properties(80, 'u') } });
    await server.request('POST', '/v2/events/batch', { key, body: { requests: [0, 1, 2].map((part) => ({ name: `Named${part}`, properties: properties(40, `e${part}_`), user: { uid: 'named-one' } })) } });
    server.jobs.start();
    await server.jobs.idle();
    await server.jobs.stop();
    const userId = (await server.request('GET', '/v2/users?uid=named-one', { key: server.keys.acme.architect })).body.id as string;
    const deletion = (await server.request('DELETE', `/v2/users/${userId}`, { key: server.keys.acme.architect })).body.job.id as string;
    let reads = 0;
    for (;;) {
      const done = await server.stores.na1.transaction(async (writer) => {
        const internals = writer as unknown as { db: Kysely<Database>; dialect: StoreDialect };
        const recorder = statementRecorder(internals.db);
        const finished = await deleteUserDataStep(recorder.db, internals.dialect, server.orgs.acme.id, deletion);
        reads = recorder.statements.filter(({ sql }) => /^select .* from "(events|users)"/i.test(sql)).length;
        return finished;
      });
      if (done) break;
    }
    // The deletion's own reads of users and events (three), then one read of events for the three
    // event names, three for 120 property names (50 a read), and two of users for 80: 9 in all.
    expect(reads).toBeLessThanOrEqual(10);
    const catalog = await server.stores.na1.transaction(async (writer) => {
      const { db } = writer as unknown as { db: Kysely<Database> };
      return db.selectFrom('catalog_names').select('name').execute();
    });
    expect(catalog.map((row) => Buffer.from(row.name).toString('utf8')).filter((name) => /^(Named|u\d)/.test(name))).toEqual([]);
  });
});

describe.each(STORE_KINDS)('a merge moves its sessions a page at a time (%s)', (store) => {
  let server: Awaited<ReturnType<typeof createServerHarness>>;
  beforeAll(async () => {
    server = await createServerHarness({ store, runJobs: false });
    return () => server.close();
  });

  it("moves an anonymous user's sessions, events and facts in a few statements per page, not several per session", async () => {
    const org = server.orgs.acme.id;
    const sessions = SESSIONS_PER_MOVE * 2 + 3;
    await server.stores.na1.transaction(async (writer) => {
      await writer.insertUser(user('anon', { orgId: org }));
      await writer.insertUser(user('known', { orgId: org, uid: 'alice' }));
      for (let index = 0; index < sessions; index++) {
        await writer.insertSession(session(`anon:s-${index}`, { orgId: org, userId: 'anon' }));
        await writer.insertEvents([event(`e-${index}`, { orgId: org, userId: 'anon', sessionId: `anon:s-${index}` })]);
      }
      // One name is taken already: that session is set apart.
      await writer.insertSession(session('known:s-7', { orgId: org, userId: 'known' }));
    });
    const statements = await server.stores.na1.transaction(async (writer) => {
      const internals = writer as unknown as { db: Kysely<Database>; dialect: StoreDialect };
      const recorder = statementRecorder(internals.db);
      await moveUserSessions(recorder.db, internals.dialect, org, 'anon', 'known');
      return recorder.statements.length;
    });
    // Per page of SESSIONS_PER_MOVE: a read, a look-up of the names, five renames, the aliases,
    // and five more for the one set apart; then the last (empty) read and the users: 34.
    expect(statements).toBeLessThanOrEqual(40);
    const moved = await server.stores.na1.listSessionsForUser(org, 'known', sessions + 1);
    expect(moved).toHaveLength(sessions + 1);
    expect(await server.stores.na1.findSessionInfo(org, 'anon:s-7')).toMatchObject({ id: 'known:s-7~anon', userId: 'known' });
    expect(await server.stores.na1.findSessionInfo(org, `anon:s-${sessions - 1}`)).toMatchObject({ id: `known:s-${sessions - 1}`, userId: 'known' });
    expect((await server.stores.na1.listSessionEvents(org, `known:s-${sessions - 1}`)).map((record) => record.id)).toEqual([`e-${sessions - 1}`]);
    expect((await server.stores.na1.listSessionEvents(org, 'known:s-7~anon')).map((record) => record.id)).toEqual(['e-7']);
  });
});

describe.each(STORE_KINDS)('a users batch writes the users of a chunk together (%s)', (store) => {
  let server: Awaited<ReturnType<typeof createServerHarness>>;
  beforeAll(async () => {
    server = await createServerHarness({ store, runJobs: false });
    return () => server.close();
  });

  it("reads a chunk's users at once and the catalog names it has not met yet, and inserts and updates its users a thousand at a time", async () => {
    const key = server.keys.acme.standard;
    const count = 100;
    for (let index = 0; index < count; index++) await server.request('POST', '/v2/users', { key, body: { uid: `old-${index}` } });
    const requests = [
      ...Array.from({ length: count }, (_, index) => ({ uid: `old-${index}`, properties: { plan: 'pro', seats: index } })),
      ...Array.from({ length: count }, (_, index) => ({ uid: `new-${index}`, properties: { plan: 'free' } })),
      ...Array.from({ length: count }, () => ({ properties: { plan: 'trial' } })),
      // The same user twice in one chunk: the second sees what the first wrote.
      { uid: 'new-1', properties: { seats: 2 } },
    ];
    const job = (await server.request('POST', '/v2/users/batch', { key, body: { requests } })).body.job.id as string;
    const statements = await storeStatements(server.stores.na1, async () => {
      server.jobs.start();
      await server.jobs.idle();
      await server.jobs.stop();
    });
    const status = await server.request('GET', `/v2/users/batch/${job}`, { key });
    expect(status.body).toMatchObject({ job: { status: 'COMPLETED' }, imports: requests.length, errors: 0 });
    const userStatements = statements.filter(({ sql }) => /"(users|catalog_names)"/.test(sql)).length;
    // Before: a look-up, the catalog names and a write for each item, 807 here. Now: the chunk's
    // read, its names, one insert of the 200 new users and one update of the 100 others (7 here).
    expect(userStatements).toBeLessThanOrEqual(15);
    const user = async (uid: string) => (await server.request('GET', `/v2/users?uid=${uid}`, { key: server.keys.acme.architect })).body as { properties: unknown };
    expect((await user('old-5')).properties).toEqual({ plan: 'pro', seats: 5 });
    expect((await user('new-1')).properties).toEqual({ plan: 'free', seats: 2 });
  });
});

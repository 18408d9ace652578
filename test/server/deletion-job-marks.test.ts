// A user deletion rewrites the job rows that name the user a few at a time, then, in its last
// step, rereads the rows a write may have put behind its cursor (scrub-job-rows.ts). Those belong
// to jobs created since the deletion began or running then (a finished job writes no row again):
// the last step rereads theirs, not the rows of every job the organisation ever ran, and still
// finds an export line written behind the cursor by an export that ran when the deletion began
// and has finished since, and a batch created and finished behind it. Counted on PostgreSQL as the
// rows its scans read (EXPLAIN ANALYZE), and on SQLite by the plans its reads take.

import type { Kysely } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/store/sql/database.js';
import { deleteUserDataStep } from '../../src/server/store/sql/delete-user-data.js';
import { ROWS_PER_SCRUB_STEP } from '../../src/server/store/sql/scrub-job-rows.js';
import type { StoreDialect } from '../../src/server/store/sql/store-dialect.js';
import { job as jobRecord } from '../../src/server/store/test-support/store-fixtures.js';
import { createServerHarness, STORE_KINDS } from '../support/server-harness.js';
import { queryPlan, rowsScanned, statementRecorder, type RecordedStatement } from '../support/statement-recorder.js';
import { analyze, insertStored, minute, storedJob } from '../support/stored-rows.js';

/** Finished batches of other users, each with a row of items and a row of results. */
const OLD_JOBS = 600;
/** Finished batches naming the user, one row of items and one of results each: more than a step rewrites. */
const NAMING_JOBS = ROWS_PER_SCRUB_STEP + 5;

describe.each(STORE_KINDS)("a user deletion's last step rereads the rows of the jobs since it began (%s)", (kind) => {
  let server: Awaited<ReturnType<typeof createServerHarness>>;
  beforeAll(async () => {
    server = await createServerHarness({ store: kind, runJobs: false });
    return () => server.close();
  });

  it('rereads the rows of jobs created since or running then, not every job of the organisation, and finds what they wrote behind the cursor', async () => {
    const store = server.stores.na1;
    const org = server.orgs.acme.id;
    const jobRow = (id: string, index: number, status?: string, jobKind?: string) => storedJob(org, id, index, status, jobKind);
    const user = { org_id: org, id: 'u-marked', uid: 'marked-one', display_name: null, email: null, properties: '{}', identified_in_session: 0, merged_into: null, created_at: minute(0), updated_at: minute(0) };
    await insertStored(store, 'users', [user]);
    const old = Array.from({ length: OLD_JOBS }, (_, index) => ({ id: `old-${String(index).padStart(4, '0')}`, uid: `someone-${index}` }));
    const naming = Array.from({ length: NAMING_JOBS }, (_, index) => ({ id: `named-${String(index).padStart(2, '0')}`, uid: 'marked-one' }));
    const batches = [...old, ...naming];
    await insertStored(store, 'jobs', [...batches.map((batch, index) => jobRow(batch.id, index)), jobRow('0000-export', OLD_JOBS + NAMING_JOBS, 'PROCESSING', 'export')]);
    await insertStored(store, 'job_items', [
      ...batches.map((batch) => ({ job_id: batch.id, item_index: 0, item: JSON.stringify([{ name: 'Bought', user: { uid: batch.uid } }]) })),
      { job_id: '0000-export', item_index: 0, item: JSON.stringify([{ type: 'events', chunks: 0 }]) },
    ]);
    await insertStored(
      store,
      'job_result_rows',
      batches.map((batch) => ({ job_id: batch.id, ok: 1, first_index: 0, last_index: 0, count: 1, results: JSON.stringify([[0, { uid: batch.uid }]]) })),
    );
    if (kind === 'postgres') await analyze(store);

    const deletion = (await server.request('DELETE', '/v2/users/u-marked', { key: server.keys.acme.architect })).body.job.id as string;
    const steps: RecordedStatement[][] = [];
    const step = () =>
      store.transaction(async (writer) => {
        const internals = writer as unknown as { db: Kysely<Database>; dialect: StoreDialect };
        const recorder = statementRecorder(internals.db);
        const done = await deleteUserDataStep(recorder.db, internals.dialect, org, deletion);
        steps.push(recorder.statements);
        return done;
      });
    let wroteBehind = false;
    while (!(await step())) {
      const rewroteResults = steps.at(-1)?.some((statement) => /^update "job_result_rows"/.test(statement.sql)) === true;
      if (rewroteResults && !wroteBehind) {
        wroteBehind = true;
        // The scrub is among the results now: the items and export lines are behind its cursor.
        // The export, running when the deletion began, writes a line of the user and finishes; a
        // batch naming the user is created and finishes.
        const line = (uid: string) => `${JSON.stringify({ id: `event-of-${uid}`, user_id: uid === 'marked-one' ? 'u-marked' : uid })}\n`;
        await insertStored(store, 'export_chunks', [{ job_id: '0000-export', seq: 0, data: `${line('marked-one')}${line('someone-else')}` }]);
        await store.transaction(async (writer) => {
          await writer.finishJob('0000-export', 'COMPLETED', minute(10_000));
          await writer.createJob(jobRecord('0000-late', { orgId: org, kind: 'events', total: 1 }), [{ name: 'Late', user: { uid: 'marked-one' } }]);
          await writer.finishJob('0000-late', 'COMPLETED', minute(10_001));
        });
      }
    }
    expect(wroteBehind).toBe(true);

    const { items, chunks, results } = await store.transaction(async (writer) => {
      const { db } = writer as unknown as { db: Kysely<Database> };
      return {
        items: await db.selectFrom('job_items').select(['job_id', 'item']).execute(),
        chunks: await db.selectFrom('export_chunks').select('data').execute(),
        results: await db.selectFrom('job_result_rows').select('results').execute(),
      };
    });
    expect(items.filter((row) => row.item.includes('"marked-one"'))).toEqual([]);
    expect(items.find((row) => row.job_id === '0000-late')?.item).toContain('deleted');
    expect(chunks.map((row) => row.data)).toEqual([`${JSON.stringify({ id: 'event-of-someone-else', user_id: 'someone-else' })}\n`]);
    expect(results.filter((row) => row.results.includes('"marked-one"'))).toEqual([]);
    expect(results.filter((row) => row.results.includes('"someone-'))).toHaveLength(OLD_JOBS);

    // The last step's rereading of the job rows: the jobs created since, read by their marks,
    // then each table's rows of those jobs and of the running ones.
    const last = steps.at(-1) ?? [];
    const since = last.findIndex((statement) => /"created_mark" >=/.test(statement.sql));
    expect(since).toBeGreaterThanOrEqual(0);
    const rereads = [last[since] as RecordedStatement, ...last.slice(since + 1).filter((statement) => /^select .* from "(job_items|export_chunks|job_result_rows)"/.test(statement.sql)).slice(0, 3)];
    expect(rereads.map((statement) => /from "(\w+)"/.exec(statement.sql)?.[1])).toEqual(['jobs', 'job_items', 'export_chunks', 'job_result_rows']);
    if (kind === 'postgres') {
      let scanned = 0;
      for (const statement of rereads) scanned += await rowsScanned(store, statement);
      // Before: every job row of the organisation and its job, 1,235 rows here (the reads of one table with a cursor aside).
      expect(scanned).toBeLessThanOrEqual(40);
    } else {
      for (const statement of rereads) {
        const plan = await queryPlan(store, statement);
        // Before: every job of the organisation, by its index (org_id=?), for each table.
        expect(plan).not.toMatch(/SCAN (job_items|job_result_rows|export_chunks|jobs)\b|\(org_id=\?\)/);
      }
    }
  });

  it('rereads every job in the last step of a deletion begun before jobs had marks', async () => {
    const store = server.stores.na1;
    const org = server.orgs.acme.id;
    const user = { org_id: org, id: 'u-legacy', uid: 'legacy-one', display_name: null, email: null, properties: '{}', identified_in_session: 0, merged_into: null, created_at: minute(0), updated_at: minute(0) };
    await insertStored(store, 'users', [user]);
    await store.transaction((writer) => writer.createJob(jobRecord('legacy-batch', { orgId: org, status: 'COMPLETED', total: 1, cursor: 1 }), [{ name: 'Bought', user: { uid: 'legacy-one' } }]));
    const deletion = (await server.request('DELETE', '/v2/users/u-legacy', { key: server.keys.acme.architect })).body.job.id as string;
    // The state an older version left: its scrub past every batch item (so past the batch's), no mark.
    await store.transaction(async (writer) => {
      const { db } = writer as unknown as { db: Kysely<Database> };
      const state = { user_id: 'u-legacy', events_deleted: 0, scrub_after: { table: 'job_result_rows', after: ['zzzz', 1, 0] } };
      await db.updateTable('job_items').set({ item: JSON.stringify([state]) }).where('job_id', '=', deletion).where('item_index', '=', 0).execute();
    });
    while (!(await store.transaction((writer) => writer.deleteUserDataStep(org, deletion))));
    const items = await store.transaction(async (writer) => {
      const { db } = writer as unknown as { db: Kysely<Database> };
      return db.selectFrom('job_items').select('item').where('job_id', '=', 'legacy-batch').execute();
    });
    expect(items.map((row) => row.item)).toHaveLength(1);
    expect(items.filter((row) => row.item.includes('legacy-one'))).toEqual([]);
  });
});

// On PostgreSQL, where several instances write at once: a user deletion is ordered with the
// writes that add to the user's data by row locks (delete-user-data.ts), so a write under way when
// the deletion's last step runs is waited for and deleted with the rest, and the privacy settings
// are read as of one moment (the block rules of the version they carry). Each test holds a write's
// transaction open, starts the deletion, lets the write finish once the deletion waits for it (or
// has finished without waiting, as it did before the locks), then looks for what the write left.

import pg from 'pg';
import { afterAll, describe, expect, test } from 'vitest';
import type { DataCenterStore } from '../store.js';
import { at, event, job, organisation, session, user } from '../test-support/store-fixtures.js';
import { createPostgresStore } from './create-postgres-store.js';

const databaseUrl = process.env['RECAP_TEST_DATABASE_URL'];

if (databaseUrl === undefined || databaseUrl === '') {
  describe('PostgreSQL deletion locks', () => {
    test('needs a PostgreSQL server', () => {
      throw new Error('RECAP_TEST_DATABASE_URL is not set: bash scripts/with-postgres.sh npx vitest run src/server/store/postgres');
    });
  });
} else {
  describeDeletionLocks(databaseUrl);
}

const ORG = 'org-1';

/** A latch: `open` resolves `opened`. */
function latch(): { opened: Promise<void>; open: () => void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

function describeDeletionLocks(url: string): void {
  const schemas: string[] = [];
  const stores: DataCenterStore[] = [];
  const client = new pg.Client({ connectionString: url });
  const connected = client.connect();
  afterAll(async () => {
    await Promise.all(stores.map((store) => store.close()));
    try {
      for (const schema of schemas) await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    } finally {
      await client.end();
    }
  });

  /** A store in a new schema with user-1 (uid canary-uid), its session user-1:s1 and one event. */
  async function storeWithUser(): Promise<DataCenterStore> {
    const schema = `recap_locks_${process.pid}_${Date.now().toString(36)}_${schemas.length}`;
    schemas.push(schema);
    const store = await createPostgresStore({ connectionString: url, schema, dataCenter: 'na1' });
    stores.push(store);
    await store.transaction(async (writer) => {
      await writer.createOrganisation(organisation(ORG));
      await writer.insertUser(user('user-1', { orgId: ORG, uid: 'canary-uid' }));
      await writer.insertSession(session('user-1:s1', { orgId: ORG, userId: 'user-1' }));
      await writer.insertEvents([event('event-1', { orgId: ORG, userId: 'user-1', sessionId: 'user-1:s1' })]);
    });
    return store;
  }

  /** Deletes user-1 to the end, one step per transaction, as the job runner does. */
  async function deleteUser(store: DataCenterStore): Promise<void> {
    await store.transaction((writer) => writer.createJob(job('job-deletion', { orgId: ORG, kind: 'user_deletion', total: 1, created: at(60) }), [{ user_id: 'user-1' }]));
    while (!(await store.transaction((writer) => writer.deleteUserDataStep(ORG, 'job-deletion'))));
  }

  /**
   * Runs `write` in a transaction that `hold` keeps open after `holding` resolved, starts the
   * deletion, lets the write commit once the deletion waits for a lock `waitsOn` (a statement's
   * start, as pg_stat_activity shows it) or has ended, and waits for both.
   */
  async function deleteDuring(store: DataCenterStore, waitsOn: string, write: (writer: Parameters<Parameters<DataCenterStore['transaction']>[0]>[0], hold: Promise<void>) => Promise<void>): Promise<void> {
    await connected;
    const holding = latch();
    const release = latch();
    const written = store.transaction(async (writer) => {
      await write(writer, holding.opened.then(() => release.opened));
    });
    holding.open();
    let ended = false;
    const deletion = deleteUser(store).finally(() => (ended = true));
    while (!ended) {
      const waiting = await client.query<{ n: number }>("SELECT count(*)::integer AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE $1", [`${waitsOn}%`]);
      if ((waiting.rows[0]?.n ?? 0) > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    release.open();
    await Promise.all([written, deletion]);
  }

  const LOCKS_USERS = 'select "id", "uid", "email", "properties" from "users"';

  test('events written for a user named by uid while the user is deleted are deleted with it', async () => {
    const store = await storeWithUser();
    await deleteDuring(store, LOCKS_USERS, async (writer, hold) => {
      const ids = await writer.findUserIdsByUids(ORG, ['canary-uid']);
      expect(ids.get('canary-uid')).toBe('user-1');
      await hold;
      await writer.insertEvents([event('late-event', { orgId: ORG, userId: 'user-1' })]);
    });
    expect(await store.findUser(ORG, 'user-1')).toBeUndefined();
    expect((await store.listEvents(ORG, { limit: 10 })).items).toEqual([]);
  });

  test('events joining a session while its user is deleted are deleted with it', async () => {
    const store = await storeWithUser();
    await deleteDuring(store, 'select "id" from "sessions"', async (writer, hold) => {
      expect(await writer.findSessionInfo(ORG, 'user-1:s1')).toMatchObject({ id: 'user-1:s1', userId: 'user-1' });
      await hold;
      await writer.insertEvents([event('late-event', { orgId: ORG, userId: 'user-1', sessionId: 'user-1:s1' })]);
    });
    expect(await store.findSession(ORG, 'user-1:s1')).toBeUndefined();
    expect((await store.listEvents(ORG, { limit: 10 })).items).toEqual([]);
  });

  test('a summary cached for a session while its user is deleted is deleted with it', async () => {
    const store = await storeWithUser();
    await deleteDuring(store, 'select "id" from "sessions"', async (writer, hold) => {
      expect(await writer.findSessionInfo(ORG, 'user-1:s1')).toBeDefined();
      await hold;
      await writer.putCachedSummary(ORG, { key: 'summary-of-s1', value: '{"summary":"canary"}', sessionId: 'user-1:s1', now: at(70) });
    });
    expect(await store.getCachedSummary(ORG, 'summary-of-s1')).toBeUndefined();
  });

  test("an export's lines written under its job's lock while a user is deleted lose the user's lines", async () => {
    const store = await storeWithUser();
    await store.transaction((writer) => writer.createJob(job('job-export', { orgId: ORG, kind: 'export', total: 1 }), [{ type: 'events', chunks: 0 }]));
    expect(await store.transaction((writer) => writer.claimJob({ owner: 'exporter', now: at(100), leaseMs: 60_000 }))).toMatchObject({ job: { id: 'job-export' } });
    await deleteDuring(store, 'select "id" from "jobs"', async (writer, hold) => {
      expect(await writer.lockJobForChunk('job-export', { owner: 'exporter', cursor: 0 })).toBe(true);
      // The export read the user's event before the deletion began.
      await hold;
      const lines = [{ id: 'event-1', user_id: 'user-1', session_id: 'user-1:s1' }, { id: 'event-9', user_id: 'someone-else', session_id: null }];
      await writer.appendExportChunk('job-export', 0, lines.map((line) => `${JSON.stringify(line)}\n`).join(''), { type: 'events', chunks: 1 });
    });
    const chunks = await store.readExportChunks('job-export', -1, 10);
    expect(chunks.map((chunk) => chunk.data).join('')).toBe(`${JSON.stringify({ id: 'event-9', user_id: 'someone-else', session_id: null })}\n`);
  });

  test('a batch whose creation was under way when a deletion began, committed behind its cursor, is rewritten by its last step', async () => {
    const store = await storeWithUser();
    // More finished batches naming the user than a step rewrites, so that the scrub takes steps.
    await store.transaction(async (writer) => {
      for (let index = 0; index < 25; index++) {
        await writer.createJob(job(`named-${String(index).padStart(2, '0')}`, { orgId: ORG, status: 'COMPLETED', total: 1, cursor: 1 }), [{ name: 'Bought', user: { uid: 'canary-uid' } }]);
      }
      await writer.createJob(job('job-deletion', { orgId: ORG, kind: 'user_deletion', total: 1, created: at(60) }), [{ user_id: 'user-1' }]);
    });
    // A batch naming the user, created (with an id before every other job's) in a transaction
    // that stays open while the deletion begins and its scrub passes where the batch's rows go.
    const created = latch();
    const release = latch();
    const late = store.transaction(async (writer) => {
      await writer.createJob(job('0000-late', { orgId: ORG, status: 'COMPLETED', total: 1, cursor: 1 }), [{ name: 'Late', user: { uid: 'canary-uid' } }]);
      created.open();
      await release.opened;
    });
    await created.opened;
    const step = () => store.transaction((writer) => writer.deleteUserDataStep(ORG, 'job-deletion'));
    // The first step reads the jobs mark and deletes the event; the second rewrites 20 batches.
    expect(await step()).toBe(false);
    expect(await step()).toBe(false);
    release.open();
    await late;
    while (!(await step()));
    const items = await client.query<{ job_id: string; item: string }>(`SELECT job_id, item::text AS item FROM ${schemas.at(-1) as string}.job_items WHERE job_id <> 'job-deletion' ORDER BY job_id`);
    expect(items.rows).toHaveLength(26);
    expect(items.rows.filter((row) => row.item.includes('canary-uid'))).toEqual([]);
  });

  test("two users deleted at once from one export's chunk both leave it", async () => {
    const store = await storeWithUser();
    const schema = schemas.at(-1) as string;
    const lines = [{ id: 'event-1', user_id: 'user-1' }, { id: 'event-2', user_id: 'user-2' }, { id: 'event-9', user_id: 'someone-else' }];
    await store.transaction(async (writer) => {
      await writer.insertUser(user('user-2', { orgId: ORG, uid: 'second-uid' }));
      await writer.createJob(job('job-export', { orgId: ORG, kind: 'export', status: 'COMPLETED', total: 1, cursor: 1, imports: 3 }), [{ type: 'events', chunks: 0 }]);
      await writer.appendExportChunk('job-export', 0, lines.map((line) => `${JSON.stringify(line)}\n`).join(''), { type: 'events', chunks: 1 });
      for (const id of ['user-1', 'user-2']) await writer.createJob(job(`job-deletion-${id}`, { orgId: ORG, kind: 'user_deletion', total: 1, created: at(60) }), [{ user_id: id }]);
    });
    await store.transaction((writer) => writer.deleteUserDataStep(ORG, 'job-deletion-user-1'));
    // The event of user-1 is deleted; its last step is next. A transaction holds the chunk while
    // both deletions reach it, so that they rewrite it at the same moment.
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query(`SELECT seq FROM ${schema}.export_chunks WHERE job_id = 'job-export' FOR UPDATE`);
      const deletions = ['user-1', 'user-2'].map((id) => store.transaction((writer) => writer.deleteUserDataStep(ORG, `job-deletion-${id}`)));
      for (;;) {
        const waiting = await client.query<{ n: number }>("SELECT count(*)::integer AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE '%export_chunks%' AND pid <> $1", [(holder as unknown as { processID: number }).processID]);
        if ((waiting.rows[0]?.n ?? 0) >= 2) break;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      await holder.query('COMMIT');
      expect(await Promise.all(deletions)).toEqual([true, true]);
    } finally {
      await holder.end();
    }
    const chunks = await store.readExportChunks('job-export', -1, 10);
    expect(chunks.map((chunk) => chunk.data).join('')).toBe(`${JSON.stringify(lines[2])}\n`);
    expect(await store.findJob(ORG, 'job-export')).toMatchObject({ imports: 1 });
  });

  test('privacy settings read while block rules change carry the block rules of their version', async () => {
    const store = await storeWithUser();
    const rulesAt = new Map<number, string[]>([[0, []]]);
    const reads: { version: number; rules: string[] }[] = [];
    let writing = true;
    const writes = (async () => {
      for (let change = 0; change < 40; change++) {
        const id = `rule-${change % 4}`;
        const settings = await store.transaction(async (writer) => {
          const current = await writer.getPrivacySettings(ORG);
          if (current.blockRules.some((rule) => rule.id === id)) await writer.deleteBlockRule(ORG, id, at(200 + change));
          else await writer.putBlockRule({ orgId: ORG, id, selector: `#field-${id}`, description: null, createdAt: at(200 + change), updatedAt: at(200 + change) });
          return writer.getPrivacySettings(ORG);
        });
        rulesAt.set(settings.version, settings.blockRules.map((rule) => rule.id));
      }
    })().finally(() => (writing = false));
    const readers = Array.from({ length: 4 }, async () => {
      while (writing) {
        const settings = await store.getPrivacySettings(ORG);
        reads.push({ version: settings.version, rules: settings.blockRules.map((rule) => rule.id) });
      }
    });
    await Promise.all([writes, ...readers]);
    expect(reads.length).toBeGreaterThan(40);
    const mismatched = reads.filter((read) => JSON.stringify(rulesAt.get(read.version)) !== JSON.stringify(read.rules));
    expect(mismatched).toEqual([]);
  });
}

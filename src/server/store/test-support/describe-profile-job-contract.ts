// Contract: summary profiles (CRUD, paging) and batch jobs (items, progress, results).

import { describe, expect, test } from 'vitest';
import { InvalidPageCursorError } from '../page-cursor.js';
import type { JobResultRecord, ProfileRecord } from '../records.js';
import { StoreConflictError, type DataCenterStore } from '../store.js';
import { at, job, ORG_A, ORG_B, profile } from './store-fixtures.js';

export function describeProfileJobContract(store: () => DataCenterStore): void {
  describe('profiles', () => {
    test('a profile is created, read, replaced and deleted', async () => {
      const record = profile('p1', { body: { name: 'checkout', response: { fields: { zeta: 'str', alpha: 'int' } } } });
      await store().transaction((writer) => writer.insertProfile(record));
      expect(await store().findProfile(ORG_A, 'p1')).toEqual(record);
      expect(JSON.stringify((await store().findProfile(ORG_A, 'p1'))?.body)).toBe(JSON.stringify(record.body));
      const updated: ProfileRecord = { ...record, body: { name: 'checkout v2' }, version: 2, updatedAt: at(90) };
      await store().transaction((writer) => writer.updateProfile(updated));
      expect(await store().findProfile(ORG_A, 'p1')).toEqual(updated);
      expect(await store().transaction((writer) => writer.deleteProfile(ORG_B, 'p1'))).toBe(false);
      expect(await store().transaction((writer) => writer.deleteProfile(ORG_A, 'p1'))).toBe(true);
      expect(await store().transaction((writer) => writer.deleteProfile(ORG_A, 'p1'))).toBe(false);
      expect(await store().findProfile(ORG_A, 'p1')).toBeUndefined();
    });

    test('a profile id used twice in an organisation is refused with StoreConflictError', async () => {
      await store().transaction((writer) => writer.insertProfile(profile('p1')));
      await expect(store().transaction((writer) => writer.insertProfile(profile('p1')))).rejects.toBeInstanceOf(StoreConflictError);
      await store().transaction((writer) => writer.insertProfile(profile('p1', { orgId: ORG_B })));
    });

    test('profiles are listed oldest first, then by id, and paging neither skips nor repeats under inserts', async () => {
      await store().transaction(async (writer) => {
        await writer.insertProfile(profile('p-c', { createdAt: at(300) }));
        await writer.insertProfile(profile('p-b', { createdAt: at(100) }));
        await writer.insertProfile(profile('p-a', { createdAt: at(100) }));
        await writer.insertProfile(profile('p-d', { createdAt: at(400) }));
        await writer.insertProfile(profile('p-other', { orgId: ORG_B }));
      });
      const first = await store().listProfiles(ORG_A, { limit: 2 });
      expect(first.items.map((item) => item.id)).toEqual(['p-a', 'p-b']);
      await store().transaction((writer) => writer.insertProfile(profile('p-e', { createdAt: at(500) })));
      const second = await store().listProfiles(ORG_A, { after: first.next, limit: 2 });
      expect(second.items.map((item) => item.id)).toEqual(['p-c', 'p-d']);
      const third = await store().listProfiles(ORG_A, { after: second.next, limit: 2 });
      expect(third).toEqual({ items: [profile('p-e', { createdAt: at(500) })], next: null });
      expect((await store().listProfiles(ORG_B, { limit: 10 })).items.map((item) => item.id)).toEqual(['p-other']);
    });

    test('a cursor from the events list is refused by the profiles list', async () => {
      await store().transaction((writer) => writer.insertProfile(profile('p1')));
      const eventsCursor = Buffer.from(JSON.stringify(['events', 1])).toString('base64url');
      await expect(store().listProfiles(ORG_A, { after: eventsCursor, limit: 1 })).rejects.toBeInstanceOf(InvalidPageCursorError);
    });

    test('a cursor holding text no store keeps, a time it never wrote, or another spelling is refused, never read', async () => {
      await store().transaction(async (writer) => {
        await writer.insertProfile(profile('p1'));
        await writer.insertProfile(profile('p2'));
        await writer.createJob(job('job-1'), []);
      });
      const cursor = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
      const issued = (await store().listProfiles(ORG_A, { limit: 1 })).next as string;
      expect(Buffer.from(issued, 'base64url').toString()).toBe(JSON.stringify(['profiles', at(40), 'p1']));
      for (const list of ['profiles', 'jobs'] as const) {
        const refused = [
          cursor([list, at(40), 'p1\u0000']),
          cursor([list, at(40), 'p1\udc00']),
          cursor([list, 'notadate', 'p1']),
          cursor([list, at(40).replace('.000Z', 'Z'), 'p1']),
          `${cursor([list, at(40), 'p1'])}=`,
        ];
        for (const after of refused) {
          const read = list === 'profiles' ? store().listProfiles(ORG_A, { after, limit: 1 }) : store().listJobs(ORG_A, { after, limit: 1 });
          await expect(read, `${list} ${Buffer.from(after, 'base64url').toString()}`).rejects.toBeInstanceOf(InvalidPageCursorError);
        }
      }
      expect((await store().listProfiles(ORG_A, { after: issued, limit: 1 })).items.map((item) => item.id)).toEqual(['p2']);
    });
  });

  describe('jobs', () => {
    const items = Array.from({ length: 12 }, (_, index) => (index % 4 === 3 ? null : { name: `event ${index}`, properties: { index, z: 0, a: 1 } }));

    test('a job is stored with its items, read back in slices', async () => {
      const record = job('job-1', { total: items.length });
      await store().transaction((writer) => writer.createJob(record, items));
      expect(await store().findJob(ORG_A, 'job-1')).toEqual({ ...record, leased: false });
      expect(await store().readJobItems('job-1', 0, 5)).toEqual(items.slice(0, 5));
      expect(await store().readJobItems('job-1', 10, 5)).toEqual(items.slice(10));
      expect(await store().readJobItems('job-1', 12, 5)).toEqual([]);
      expect(JSON.stringify(await store().readJobItems('job-1', 0, 1))).toBe(JSON.stringify(items.slice(0, 1)));
    });

    test('recording progress moves the cursor, sets the totals and stores the results', async () => {
      await store().transaction((writer) => writer.createJob(job('job-1', { total: 12 }), items));
      const results = (from: number, count: number): JobResultRecord[] =>
        Array.from({ length: count }, (_, offset): JobResultRecord => {
          const index = from + offset;
          return index % 3 === 0 ? { index, ok: false, result: { code: 'invalid_request', message: `item ${index}` } } : { index, ok: true, result: { id: `u${index}` } };
        });
      await store().transaction((writer) => writer.recordJobProgress('job-1', { cursor: 6, imports: 4, errors: 2, results: results(0, 6) }));
      expect(await store().findJob(ORG_A, 'job-1')).toMatchObject({ cursor: 6, imports: 4, errors: 2, status: 'PROCESSING' });
      await store().transaction((writer) => writer.recordJobProgress('job-1', { cursor: 12, imports: 8, errors: 4, results: results(6, 6) }));
      expect(await store().findJob(ORG_A, 'job-1')).toMatchObject({ cursor: 12, imports: 8, errors: 4 });
      expect(await store().countJobResults('job-1', true)).toBe(8);
      expect(await store().countJobResults('job-1', false)).toBe(4);
      const errors = await store().listJobResults('job-1', { ok: false, after: -1, limit: 10 });
      expect(errors).toEqual(results(0, 12).filter((result) => !result.ok));
      const imports = await store().listJobResults('job-1', { ok: true, after: -1, limit: 3 });
      expect(imports.map((result) => result.index)).toEqual([1, 2, 4]);
      const more = await store().listJobResults('job-1', { ok: true, after: 4, limit: 100 });
      expect(more.map((result) => result.index)).toEqual([5, 7, 8, 10, 11]);
      // Walking the pages with any page size neither skips nor repeats a result.
      for (const limit of [1, 2, 5]) {
        for (const ok of [true, false]) {
          const walked: JobResultRecord[] = [];
          for (let after = -1; ; ) {
            const page = await store().listJobResults('job-1', { ok, after, limit });
            walked.push(...page);
            if (page.length < limit) break;
            after = (page.at(-1) as JobResultRecord).index;
          }
          expect(walked).toEqual(results(0, 12).filter((result) => result.ok === ok));
        }
      }
    });

    test('recording an item again (a job resumed after a crash) replaces its result', async () => {
      await store().transaction((writer) => writer.createJob(job('job-1', { total: 2 }), items.slice(0, 2)));
      await store().transaction((writer) =>
        writer.recordJobProgress('job-1', { cursor: 1, imports: 0, errors: 1, results: [{ index: 0, ok: false, result: 'first try' }] }),
      );
      await store().transaction((writer) =>
        writer.recordJobProgress('job-1', { cursor: 2, imports: 2, errors: 0, results: [{ index: 0, ok: true, result: 'again' }, { index: 1, ok: true, result: 2 }] }),
      );
      expect(await store().listJobResults('job-1', { ok: true, after: -1, limit: 10 })).toEqual([
        { index: 0, ok: true, result: 'again' },
        { index: 1, ok: true, result: 2 },
      ]);
      expect(await store().countJobResults('job-1', false)).toBe(0);
    });

    test('items recorded again in the middle of an earlier chunk still page in index order, each with its newest result', async () => {
      await store().transaction((writer) => writer.createJob(job('job-1', { total: 6 }), items.slice(0, 6)));
      const first: JobResultRecord[] = [0, 1, 2, 3, 4, 5].map((index) => ({ index, ok: index !== 4, result: `try 1 of ${index}` }));
      await store().transaction((writer) => writer.recordJobProgress('job-1', { cursor: 6, imports: 5, errors: 1, results: first }));
      const again: JobResultRecord[] = [
        { index: 2, ok: false, result: 'try 2 of 2' },
        { index: 3, ok: true, result: 'try 2 of 3' },
      ];
      await store().transaction((writer) => writer.recordJobProgress('job-1', { cursor: 6, imports: 4, errors: 2, results: again }));
      const walk = async (ok: boolean, limit: number) => {
        const walked: JobResultRecord[] = [];
        for (let after = -1; ; ) {
          const page = await store().listJobResults('job-1', { ok, after, limit });
          walked.push(...page);
          if (page.length < limit) return walked;
          after = (page.at(-1) as JobResultRecord).index;
        }
      };
      for (const limit of [1, 2, 10]) {
        expect((await walk(true, limit)).map((result) => [result.index, result.result])).toEqual([
          [0, 'try 1 of 0'],
          [1, 'try 1 of 1'],
          [3, 'try 2 of 3'],
          [5, 'try 1 of 5'],
        ]);
        expect((await walk(false, limit)).map((result) => [result.index, result.result])).toEqual([
          [2, 'try 2 of 2'],
          [4, 'try 1 of 4'],
        ]);
      }
      expect([await store().countJobResults('job-1', true), await store().countJobResults('job-1', false)]).toEqual([4, 2]);
    });

    test('unfinished jobs of every organisation are listed oldest first; finished ones are not', async () => {
      await store().transaction(async (writer) => {
        await writer.createJob(job('job-late', { created: at(300) }), []);
        await writer.createJob(job('job-b', { orgId: ORG_B, created: at(200) }), []);
        await writer.createJob(job('job-early', { created: at(100) }), []);
        await writer.createJob(job('job-done', { created: at(50) }), []);
        await writer.finishJob('job-done', 'COMPLETED', at(60));
      });
      expect((await store().listUnfinishedJobs()).map((record) => record.id)).toEqual(['job-early', 'job-b', 'job-late']);
      await store().transaction((writer) => writer.finishJob('job-b', 'FAILED', at(400)));
      expect(await store().findJob(ORG_B, 'job-b')).toMatchObject({ status: 'FAILED', finished: at(400) });
      expect(await store().findJob(ORG_A, 'job-done')).toMatchObject({ status: 'COMPLETED', finished: at(60) });
      expect((await store().listUnfinishedJobs()).map((record) => record.id)).toEqual(['job-early', 'job-late']);
    });

    test('job leases: the oldest unleased job is claimed by one owner, renewed, locked per chunk, taken over once expired', async () => {
      await store().transaction(async (writer) => {
        await writer.createJob(job('job-late', { created: at(300), total: 5 }), []);
        await writer.createJob(job('job-early', { orgId: ORG_B, created: at(100), total: 5 }), []);
      });
      expect(await store().countUnfinishedJobs()).toBe(2);
      const lease = (owner: string, now: number) => ({ owner, now: at(now), leaseMs: 30_000 });
      const claim = (owner: string, now: number) => store().transaction((writer) => writer.claimJob(lease(owner, now)));
      expect(await claim('a', 1000)).toMatchObject({ job: { id: 'job-early', orgId: ORG_B }, takeover: false });
      expect(await claim('b', 1000)).toMatchObject({ job: { id: 'job-late' }, takeover: false });
      expect(await claim('c', 1000)).toBeUndefined();
      // a renews; b does not.
      expect(await store().transaction((writer) => writer.renewJobLease('job-early', lease('a', 1020)))).toBe(true);
      expect(await store().transaction((writer) => writer.renewJobLease('job-early', lease('b', 1020)))).toBe(false);
      expect(await claim('c', 1040)).toMatchObject({ job: { id: 'job-late' }, takeover: true });
      expect(await claim('d', 1040)).toBeUndefined();
      // b, paused past its lease, finds the job no longer its own at any cursor; c holds it.
      expect(await store().transaction((writer) => writer.lockJobForChunk('job-late', { owner: 'b', cursor: 0 }))).toBe(false);
      expect(await store().transaction((writer) => writer.lockJobForChunk('job-late', { owner: 'c', cursor: 1 }))).toBe(false);
      expect(await store().transaction((writer) => writer.lockJobForChunk('job-late', { owner: 'c', cursor: 0 }))).toBe(true);
      expect(await store().transaction((writer) => writer.renewJobLease('job-late', lease('b', 1041)))).toBe(false);
      expect(await store().transaction((writer) => writer.finishJob('job-late', 'COMPLETED', at(1050), 'b'))).toBe(false);
      expect(await store().findJob(ORG_A, 'job-late')).toMatchObject({ status: 'PROCESSING' });
      // A graceful stop hands the lease back at once.
      await store().transaction((writer) => writer.releaseJobLease('job-early', 'a'));
      expect(await claim('e', 1051)).toMatchObject({ job: { id: 'job-early' }, takeover: false });
      expect(await store().transaction((writer) => writer.finishJob('job-early', 'COMPLETED', at(1060), 'e'))).toBe(true);
      expect(await store().countUnfinishedJobs()).toBe(1);
      expect(await claim('f', 2000)).toMatchObject({ job: { id: 'job-late' }, takeover: true });
    });

    test('a lease handed back until a time leaves the job unclaimed until then, and its next claim is no takeover', async () => {
      await store().transaction((writer) => writer.createJob(job('job-retry', { total: 1 }), []));
      const claim = (owner: string, now: number) => store().transaction((writer) => writer.claimJob({ owner, now: at(now), leaseMs: 30_000 }));
      expect(await claim('a', 1000)).toMatchObject({ job: { id: 'job-retry' } });
      // Only its holder hands it back.
      await store().transaction((writer) => writer.releaseJobLease('job-retry', 'b', at(1005)));
      expect(await claim('c', 1001)).toBeUndefined();
      await store().transaction((writer) => writer.releaseJobLease('job-retry', 'a', at(1005)));
      expect(await claim('c', 1004)).toBeUndefined();
      expect(await claim('c', 1006)).toMatchObject({ job: { id: 'job-retry' }, takeover: false });
    });

    test('concurrent claims never lease one job twice', async () => {
      await store().transaction(async (writer) => {
        for (const id of ['job-1', 'job-2', 'job-3']) await writer.createJob(job(id, { total: 1 }), []);
      });
      const claims = await Promise.all(
        Array.from({ length: 12 }, (_, index) => store().transaction((writer) => writer.claimJob({ owner: `owner-${index}`, now: at(500), leaseMs: 30_000 }))),
      );
      const claimed = claims.flatMap((claimedJob) => (claimedJob === undefined ? [] : [claimedJob.job.id])).sort();
      expect(claimed).toEqual(['job-1', 'job-2', 'job-3']);
    });

    test('a job id used twice is refused with StoreConflictError', async () => {
      await store().transaction((writer) => writer.createJob(job('job-1'), []));
      await expect(store().transaction((writer) => writer.createJob(job('job-1', { orgId: ORG_B }), []))).rejects.toBeInstanceOf(StoreConflictError);
    });

    test('a job of 50,000 items is stored and read back in order', async () => {
      const many = Array.from({ length: 50_000 }, (_, index) => ({ uid: `u${index}`, properties: { n: index } }));
      await store().transaction((writer) => writer.createJob(job('job-big', { total: many.length }), many));
      expect(await store().readJobItems('job-big', 49_998, 10)).toEqual(many.slice(49_998));
      expect(await store().readJobItems('job-big', 1_999, 3)).toEqual(many.slice(1_999, 2_002));
    });
  });
}

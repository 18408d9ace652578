// What both stores' migration tests check after bringing a version 1 database forward: the
// organisation and the batch results written the version 1 way (one row per result; see the
// `VERSION_ONE_JOB` rows each test inserts in its own SQL) read back through the store.

import { expect } from 'vitest';
import type { DataCenterStore } from '../store.js';

/** The job the tests insert into a version 1 database: 3 items, results 0 and 2 imported, 1 failed. */
export const VERSION_ONE_JOB = 'job-1';

export async function expectVersionOneData(store: DataCenterStore): Promise<void> {
  expect(await store.findOrganisation('org-1')).toBeDefined();
  expect(await store.listJobResults(VERSION_ONE_JOB, { ok: true, after: -1, limit: 10 })).toEqual([
    { index: 0, ok: true, result: { id: 'e-0' } },
    { index: 2, ok: true, result: 'e-2' },
  ]);
  expect(await store.listJobResults(VERSION_ONE_JOB, { ok: false, after: -1, limit: 10 })).toEqual([{ index: 1, ok: false, result: { code: 'invalid_request' } }]);
  expect([await store.countJobResults(VERSION_ONE_JOB, true), await store.countJobResults(VERSION_ONE_JOB, false)]).toEqual([2, 1]);
}

// What both stores' migration tests check after bringing a version 1 database forward: the
// organisation and the batch results written the version 1 way (one row per result; see the
// `VERSION_ONE_JOB` rows each test inserts in its own SQL) read back through the store, and the
// users merged in a chain (`VERSION_ONE_MERGES_SQL`) that a later migration flattens.

import { expect } from 'vitest';
import type { DataCenterStore } from '../store.js';

/** The job the tests insert into a version 1 database: 3 items, results 0 and 2 imported, 1 failed. */
export const VERSION_ONE_JOB = 'job-1';

/**
 * Users and an event in a version 1 database, the same SQL on both dialects: u-a was merged into
 * u-b and u-b into u-c (a chain that later versions flatten), and e-a was recorded for u-a.
 */
export const VERSION_ONE_MERGES_SQL = `
  INSERT INTO users (org_id, id, uid, display_name, email, properties, identified_in_session, merged_into, created_at, updated_at) VALUES
    ('org-1', 'u-a', NULL, NULL, NULL, '{}', '0', 'u-b', 'x', 'x'),
    ('org-1', 'u-b', NULL, NULL, NULL, '{}', '0', 'u-c', 'x', 'x'),
    ('org-1', 'u-c', 'carol', NULL, NULL, '{}', '0', NULL, 'x', 'x');
  INSERT INTO events (org_id, id, name, event_timestamp, user_id, session_id, properties, context, created_at) VALUES
    ('org-1', 'e-a', 'Signed In', 'x', 'u-a', NULL, '{}', NULL, 'x');`;

export async function expectVersionOneData(store: DataCenterStore): Promise<void> {
  expect(await store.findOrganisation('org-1')).toBeDefined();
  expect(await store.listJobResults(VERSION_ONE_JOB, { ok: true, after: -1, limit: 10 })).toEqual([
    { index: 0, ok: true, result: { id: 'e-0' } },
    { index: 2, ok: true, result: 'e-2' },
  ]);
  expect(await store.listJobResults(VERSION_ONE_JOB, { ok: false, after: -1, limit: 10 })).toEqual([{ index: 1, ok: false, result: { code: 'invalid_request' } }]);
  expect([await store.countJobResults(VERSION_ONE_JOB, true), await store.countJobResults(VERSION_ONE_JOB, false)]).toEqual([2, 1]);
  // The chain was flattened: the event recorded for u-a reads as the user at its end.
  expect(await store.findUser('org-1', 'u-a')).toMatchObject({ mergedInto: 'u-c' });
  expect((await store.listEvents('org-1', { limit: 10 })).items.map((event) => [event.id, event.userId])).toEqual([['e-a', 'u-c']]);
}

// What both stores' tests of the session search migration check: sessions stored before it (by
// `SESSIONS_BEFORE_SEARCH_SQL`, the same SQL on both dialects, with a server event that joined one
// of them) are found by every kind of filter once it has run, as a session imported after it is.

import { expect } from 'vitest';
import type { DataCenterStore } from '../store.js';

const fixture = (id: string, events: readonly object[]): string => JSON.stringify({ id, events }).replaceAll("'", "''");

export const SESSIONS_BEFORE_SEARCH_SQL = `
  INSERT INTO organisations (id, name, data_center, server_event_quota, created_at) VALUES ('org-1', 'one', 'na1', NULL, 'x'), ('org-2', 'two', 'na1', NULL, 'x');
  INSERT INTO sessions (org_id, id, user_id, created_time, fixture, imported_at) VALUES
    ('org-1', 'u-1:s-1', 'u-1', '2026-11-01T10:00:00.000Z', '${fixture('u-1:s-1', [
      { type: 'navigate', timestamp: '2026-11-01T10:00:00.000Z', url: 'https://Shop.test/Cart' },
      { type: 'rage-click', timestamp: '2026-11-01T10:00:10+00:00', count: 4 },
      { type: 'rage-click', timestamp: '2026-11-01T11:00:20+01:00' },
    ])}', '2026-11-02T00:00:00.000Z'),
    ('org-1', 'u-1:s-2', 'u-1', '2026-11-01T09:00:00.000Z', '${fixture('u-1:s-2', [{ type: 'custom', name: 'Signed Up', timestamp: '2026-11-01T09:00:00.000Z' }])}', '2026-11-02T00:00:00.000Z'),
    ('org-2', 'u-2:s-1', 'u-2', '2026-11-01T10:00:00.000Z', '${fixture('u-2:s-1', [{ type: 'rage-click', timestamp: '2026-11-01T10:00:00.000Z' }])}', '2026-11-02T00:00:00.000Z');
  INSERT INTO events (org_id, id, name, event_timestamp, user_id, session_id, properties, context, created_at) VALUES
    ('org-1', 'e-1', 'Refund Requested', '2026-11-01T10:05:00.000Z', 'u-1', 'u-1:s-1', '{}', NULL, 'x');`;

export async function expectSessionFactsBackfilled(store: DataCenterStore): Promise<void> {
  const ids = async (search: Parameters<DataCenterStore['searchSessions']>[1], orgId = 'org-1') => (await store.searchSessions(orgId, search, { limit: 10 })).items.map((item) => item.id);
  expect(await ids({})).toEqual(['u-1:s-1', 'u-1:s-2']);
  expect(await ids({ hasEvents: [{ type: 'rage-click', minCount: 2 }] })).toEqual(['u-1:s-1']);
  expect(await ids({ hasEvents: [{ type: 'Refund Requested', minCount: 1 }] })).toEqual(['u-1:s-1']);
  expect(await ids({ hasEvents: [{ type: 'Signed Up', minCount: 1 }] })).toEqual(['u-1:s-2']);
  expect(await ids({ urlContains: 'shop.test/cart' })).toEqual(['u-1:s-1']);
  // From 10:00:00 to the joined event at 10:05:00.
  expect(await ids({ minDurationMs: 300_000, maxDurationMs: 300_000 })).toEqual(['u-1:s-1']);
  expect(await ids({ userId: 'u-1', from: '2026-11-01T09:30:00.000Z' })).toEqual(['u-1:s-1']);
  expect(await ids({}, 'org-2')).toEqual(['u-2:s-1']);
  expect((await store.searchSessions('org-1', {}, { limit: 1 })).items[0]).toEqual({ orgId: 'org-1', id: 'u-1:s-1', userId: 'u-1', createdTime: '2026-11-01T10:00:00.000Z', importedAt: '2026-11-02T00:00:00.000Z' });
}

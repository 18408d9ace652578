// Contract: imported sessions and server events (orders, limits, paging with opaque cursors).

import { describe, expect, test } from 'vitest';
import { InvalidPageCursorError } from '../page-cursor.js';
import type { EventRecord } from '../records.js';
import type { DataCenterStore } from '../store.js';
import { at, event, ORG_A, ORG_B, session, user } from './store-fixtures.js';

/** Every event of the organisation, page by page, with the pages' sizes. */
async function readAllEvents(store: DataCenterStore, orgId: string, limit: number): Promise<{ ids: string[]; pages: number }> {
  const ids: string[] = [];
  let after: string | null = null;
  let pages = 0;
  do {
    const page: { items: readonly EventRecord[]; next: string | null } = await store.listEvents(orgId, { after, limit });
    ids.push(...page.items.map((item) => item.id));
    after = page.next;
    pages += 1;
  } while (after !== null);
  return { ids, pages };
}

export function describeSessionEventContract(store: () => DataCenterStore): void {
  describe('sessions', () => {
    test('a session is read back field for field', async () => {
      const record = session('user-1:s1', { fixture: { z: 1, events: [{ type: 'click', target: { text: 'Buy', selector: '#buy' } }] } });
      expect(await store().transaction((writer) => writer.insertSession(record))).toBe(true);
      expect(await store().findSession(ORG_A, 'user-1:s1')).toEqual(record);
      expect(JSON.stringify((await store().findSession(ORG_A, 'user-1:s1'))?.fixture)).toBe(JSON.stringify(record.fixture));
    });

    test('findSessionInfo and listSessionsForUser give everything but the fixture', async () => {
      const record = session('user-1:s1', { fixture: { big: 'x'.repeat(1000) } });
      await store().transaction((writer) => writer.insertSession(record));
      const { fixture: _fixture, ...info } = record;
      expect(await store().findSessionInfo(ORG_A, 'user-1:s1')).toEqual(info);
      expect(await store().listSessionsForUser(ORG_A, 'user-1', 5)).toEqual([info]);
      expect(await store().findSessionInfo(ORG_B, 'user-1:s1')).toBeUndefined();
    });

    test('insertSession returns false and changes nothing when the id exists', async () => {
      const original = session('user-1:s1');
      await store().transaction((writer) => writer.insertSession(original));
      const again = await store().transaction((writer) => writer.insertSession(session('user-1:s1', { userId: 'user-2', fixture: { replaced: true } })));
      expect(again).toBe(false);
      expect(await store().findSession(ORG_A, 'user-1:s1')).toEqual(original);
      expect(await store().transaction((writer) => writer.insertSession(session('user-1:s1', { orgId: ORG_B })))).toBe(true);
    });

    test("a user's sessions are listed newest first, then by id, at most `limit`", async () => {
      await store().transaction(async (writer) => {
        await writer.insertSession(session('user-1:old', { createdTime: at(100) }));
        await writer.insertSession(session('user-1:new', { createdTime: at(300) }));
        await writer.insertSession(session('user-1:b-mid', { createdTime: at(200) }));
        await writer.insertSession(session('user-1:a-mid', { createdTime: at(200) }));
        await writer.insertSession(session('user-2:other', { userId: 'user-2', createdTime: at(999) }));
      });
      const ids = async (limit: number): Promise<string[]> => (await store().listSessionsForUser(ORG_A, 'user-1', limit)).map((record) => record.id);
      expect(await ids(10)).toEqual(['user-1:new', 'user-1:a-mid', 'user-1:b-mid', 'user-1:old']);
      expect(await ids(2)).toEqual(['user-1:new', 'user-1:a-mid']);
      expect(await store().listSessionsForUser(ORG_B, 'user-1', 10)).toEqual([]);
    });
  });

  describe('events', () => {
    test('an event is read back field for field', async () => {
      const record = event('e1', {
        userId: 'user-1',
        sessionId: 'user-1:s1',
        properties: { price: 12.5, currency: 'EUR' },
        context: { page: { url: 'https://shop.test/cart' } },
      });
      await store().transaction((writer) => writer.insertEvents([record, event('e2')]));
      expect((await store().listEvents(ORG_A, { limit: 10 })).items).toEqual([record, event('e2')]);
    });

    test('events inserted together keep their own organisation and creation time, whether or not they share them', async () => {
      const shared = Array.from({ length: 5 }, (_, index) => event(`s${index}`, { properties: { index } }));
      const mixed = [event('m0'), event('m1', { createdAt: at(40) }), event('m2', { orgId: ORG_B }), event('m3', { orgId: ORG_B, createdAt: at(41) })];
      await store().transaction(async (writer) => {
        await writer.insertEvents(shared);
        await writer.insertEvents(mixed);
      });
      expect((await store().listEvents(ORG_A, { limit: 20 })).items).toEqual([...shared, mixed[0], mixed[1]]);
      expect((await store().listEvents(ORG_B, { limit: 20 })).items).toEqual([mixed[2], mixed[3]]);
    });

    test("a session's events come by timestamp, then in the order they were inserted", async () => {
      await store().transaction(async (writer) => {
        await writer.insertEvents([
          event('late', { sessionId: 's1', timestamp: at(50) }),
          event('tie-1', { sessionId: 's1', timestamp: at(40) }),
          event('other-session', { sessionId: 's2', timestamp: at(10) }),
        ]);
        await writer.insertEvents([event('early', { sessionId: 's1', timestamp: at(5) }), event('tie-2', { sessionId: 's1', timestamp: at(40) })]);
        await writer.insertEvents([event('no-session', { timestamp: at(1) }), event('other-org', { orgId: ORG_B, sessionId: 's1' })]);
      });
      const ids = (await store().listSessionEvents(ORG_A, 's1')).map((record) => record.id);
      expect(ids).toEqual(['early', 'tie-1', 'tie-2', 'late']);
    });

    test('events are listed in creation order, page by page, the last page with next null', async () => {
      const ids = Array.from({ length: 7 }, (_, index) => `e${index}`);
      // Timestamps out of order: the list follows creation, not timestamps.
      await store().transaction((writer) => writer.insertEvents(ids.map((id, index) => event(id, { timestamp: at(100 - index) }))));
      await store().transaction((writer) => writer.insertEvents([event('b0', { orgId: ORG_B })]));
      const first = await store().listEvents(ORG_A, { limit: 3 });
      expect(first.items.map((item) => item.id)).toEqual(['e0', 'e1', 'e2']);
      expect(typeof first.next).toBe('string');
      expect(await readAllEvents(store(), ORG_A, 3)).toEqual({ ids, pages: 3 });
      expect(await readAllEvents(store(), ORG_A, 7)).toEqual({ ids, pages: 1 });
      expect(await store().listEvents(ORG_B, { limit: 10 })).toEqual({ items: [event('b0', { orgId: ORG_B })], next: null });
    });

    test('paging neither skips nor repeats events when events are inserted between pages', async () => {
      await store().transaction((writer) => writer.insertEvents(['e0', 'e1', 'e2', 'e3', 'e4'].map((id) => event(id))));
      const seen: string[] = [];
      let after: string | null = null;
      let inserted = 0;
      do {
        const page: { items: readonly EventRecord[]; next: string | null } = await store().listEvents(ORG_A, { after, limit: 2 });
        seen.push(...page.items.map((item) => item.id));
        after = page.next;
        if (inserted < 3) {
          inserted += 1;
          await store().transaction((writer) => writer.insertEvents([event(`new${inserted}`)]));
        }
      } while (after !== null);
      expect(seen.slice(0, 5)).toEqual(['e0', 'e1', 'e2', 'e3', 'e4']);
      expect(new Set(seen).size).toBe(seen.length);
      expect(seen.slice(5)).toEqual(['new1', 'new2', 'new3'].slice(0, seen.length - 5));
    });

    test('events of a time range and names come in creation order, found a window of events at a time', async () => {
      // e0..e9 in creation order; in range [at(10), at(20)): e1, e3 (Pay), e4, e8 (Pay), e9; e6 is at(20), outside.
      const times = [5, 19, 25, 10, 15, 30, 20, 1, 12, 10];
      const names = ['Pay', 'Pay', 'Pay', 'Pay', 'View', 'Pay', 'Pay', 'Pay', 'Pay', 'View'];
      await store().transaction((writer) => writer.insertEvents(times.map((time, index) => event(`e${index}`, { timestamp: at(time), name: names[index] as string }))));
      await store().transaction((writer) => writer.insertEvents([event('other-org', { orgId: ORG_B, timestamp: at(12) })]));
      const all = { from: at(10), to: at(20), names: null };
      const pages = async (range: { from: string; to: string; names: readonly string[] | null }, limit: number, scan: number) => {
        const seen: string[][] = [];
        let after: string | null = null;
        do {
          const page: { items: readonly EventRecord[]; next: string | null } = await store().listEventsInRange(ORG_A, range, { after, limit, scan });
          seen.push(page.items.map((item) => item.id));
          after = page.next;
        } while (after !== null);
        return seen;
      };
      expect(await pages(all, 10, 100)).toEqual([['e1', 'e3', 'e4', 'e8', 'e9']]);
      expect(await pages({ ...all, names: ['Pay'] }, 10, 100)).toEqual([['e1', 'e3', 'e8']]);
      expect(await pages({ ...all, names: ['View', 'Nothing'] }, 10, 100)).toEqual([['e4', 'e9']]);
      // At most `limit` a page; a window of 4 events looked through at a time, a page empty when none of its events matched.
      expect(await pages(all, 2, 100)).toEqual([['e1', 'e3'], ['e4', 'e8'], ['e9']]);
      expect(await pages(all, 10, 4)).toEqual([['e1', 'e3'], ['e4'], ['e8', 'e9']]);
      expect(await pages({ ...all, names: ['View'] }, 10, 3)).toEqual([[], ['e4'], [], ['e9']]);
      expect(await pages({ from: at(40), to: at(50), names: null }, 10, 3)).toEqual([[], [], [], []]);
      expect(await store().listEventsInRange(ORG_B, all, { limit: 10, scan: 10 })).toEqual({ items: [event('other-org', { orgId: ORG_B, timestamp: at(12) })], next: null });
      await expect(store().listEventsInRange(ORG_A, all, { after: 'not a cursor', limit: 1, scan: 1 })).rejects.toBeInstanceOf(InvalidPageCursorError);
    });

    test('a cursor the store did not issue for events is refused with InvalidPageCursorError', async () => {
      await store().transaction((writer) => writer.insertEvents([event('e0'), event('e1')]));
      await expect(store().listEvents(ORG_A, { after: 'not a cursor', limit: 1 })).rejects.toBeInstanceOf(InvalidPageCursorError);
      await expect(store().listEvents(ORG_A, { after: 'WzFd', limit: 1 })).rejects.toMatchObject({ code: 'invalid_cursor' });
      const profilesCursor = Buffer.from(JSON.stringify(['profiles', at(1), 'p1'])).toString('base64url');
      await expect(store().listEvents(ORG_A, { after: profilesCursor, limit: 1 })).rejects.toBeInstanceOf(InvalidPageCursorError);
    });

    test("moving a user's sessions renames them after the new user, moves their events, and keeps the old ids leading to them", async () => {
      await store().transaction(async (writer) => {
        await writer.insertUser(user('anon'));
        await writer.insertUser(user('known', { uid: 'alice' }));
        await writer.insertSession(session('anon:s-1', { userId: 'anon' }));
        await writer.insertSession(session('anon:s-2', { userId: 'anon', createdTime: at(25) }));
        await writer.insertSession(session('known:s-2', { userId: 'known', createdTime: at(15) }));
        await writer.insertSession(session('other:s-9', { userId: 'user-1' }));
        await writer.insertEvents([
          event('e-1', { userId: 'anon', sessionId: 'anon:s-1' }),
          event('e-2', { userId: 'anon', sessionId: null }),
          event('e-3', { userId: 'user-1', sessionId: 'other:s-9' }),
        ]);
      });
      const moves = await store().transaction((writer) => writer.moveUserSessions(ORG_A, 'anon', 'known'));
      expect([...moves].sort((a, b) => a.from.localeCompare(b.from))).toEqual([
        { from: 'anon:s-1', to: 'known:s-1' },
        // known:s-2 exists already: the moved session keeps its own id apart.
        { from: 'anon:s-2', to: 'known:s-2~anon' },
      ]);
      expect((await store().listSessionsForUser(ORG_A, 'known', 10)).map((info) => info.id)).toEqual(['known:s-2~anon', 'known:s-1', 'known:s-2']);
      expect(await store().listSessionsForUser(ORG_A, 'anon', 10)).toEqual([]);
      expect(await store().findSession(ORG_A, 'anon:s-1')).toMatchObject({ id: 'known:s-1', userId: 'known' });
      expect(await store().findSessionInfo(ORG_A, 'anon:s-2')).toMatchObject({ id: 'known:s-2~anon', userId: 'known' });
      expect(await store().findSessionInfo(ORG_B, 'anon:s-1')).toBeUndefined();
      expect((await store().listSessionEvents(ORG_A, 'known:s-1')).map((record) => record.id)).toEqual(['e-1']);
      const all = (await store().listEvents(ORG_A, { limit: 10 })).items;
      expect(all.map((record) => [record.id, record.userId, record.sessionId])).toEqual([
        ['e-1', 'known', 'known:s-1'],
        ['e-2', 'known', null],
        ['e-3', 'user-1', 'other:s-9'],
      ]);
      // A later merge of the new owner moves the sessions again; the first old ids still lead there.
      await store().transaction(async (writer) => {
        await writer.insertUser(user('final', { uid: 'alice-2' }));
        await writer.moveUserSessions(ORG_A, 'known', 'final');
      });
      expect(await store().findSessionInfo(ORG_A, 'anon:s-1')).toMatchObject({ id: 'final:s-1', userId: 'final' });
      // Events follow both merges, by the user they were recorded for.
      expect((await store().listEvents(ORG_A, { limit: 10 })).items.map((record) => record.userId)).toEqual(['final', 'final', 'user-1']);
      expect((await store().listSessionEvents(ORG_A, 'final:s-1')).map((record) => [record.id, record.userId])).toEqual([['e-1', 'final']]);
    });

    test('a moved session whose name and that name set apart are both taken gets a number, and every table follows it', async () => {
      await store().transaction(async (writer) => {
        await writer.insertUser(user('anon'));
        await writer.insertUser(user('known', { uid: 'alice' }));
        await writer.insertSession(session('anon:s-1', { userId: 'anon', fixture: { id: 's-1', events: [{ type: 'click', timestamp: at(20), target: { text: 'Buy' } }] } }));
        await writer.insertSession(session('known:s-1', { userId: 'known' }));
        await writer.insertSession(session('known:s-1~anon', { userId: 'known' }));
        await writer.insertEvents([event('e-1', { userId: 'anon', sessionId: 'anon:s-1' })]);
      });
      const moves = await store().transaction((writer) => writer.moveUserSessions(ORG_A, 'anon', 'known'));
      expect(moves).toEqual([{ from: 'anon:s-1', to: 'known:s-1~anon~2' }]);
      expect(await store().findSessionInfo(ORG_A, 'anon:s-1')).toMatchObject({ id: 'known:s-1~anon~2', userId: 'known' });
      expect((await store().listSessionEvents(ORG_A, 'known:s-1~anon~2')).map((record) => record.id)).toEqual(['e-1']);
      // The session's facts moved with it: a search by its new user and by its events finds it.
      const found = await store().searchSessions(ORG_A, { userId: 'known', hasEvents: [{ type: 'click', minCount: 1 }] }, { limit: 10 });
      expect(found.items.map((info) => info.id)).toEqual(['known:s-1~anon~2']);
    });

    test('inserting no events is a no-op', async () => {
      await store().transaction((writer) => writer.insertEvents([]));
      expect(await store().listEvents(ORG_A, { limit: 1 })).toEqual({ items: [], next: null });
    });
  });
}

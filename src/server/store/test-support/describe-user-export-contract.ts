// Contract: the reads of a user's export (user-export-reader.ts), each a page at a time: a user's
// events with those of the users merged into it, its merged users, its sessions with their old
// ids, a session's events, and the cached summaries of sessions.

import { describe, expect, test } from 'vitest';
import type { Page } from '../store.js';
import type { DataCenterStore } from '../store.js';
import { at, event, ORG_A, ORG_B, session, user } from './store-fixtures.js';

/** Every item of a paged list, read `limit` at a time, with how many pages it took. */
async function readAll<Item>(read: (page: { after: string | null; limit: number }) => Promise<Page<Item>>, limit: number): Promise<{ items: Item[]; pages: number }> {
  const items: Item[] = [];
  let after: string | null = null;
  let pages = 0;
  do {
    const page: Page<Item> = await read({ after, limit });
    expect(page.items.length).toBeLessThanOrEqual(limit);
    items.push(...page.items);
    after = page.next;
    pages += 1;
  } while (after !== null);
  return { items, pages };
}

export function describeUserExportContract(store: () => DataCenterStore): void {
  describe("a user's export", () => {
    test('listUserEvents pages through the events of the user and of the users merged into it, in creation order, each shown as the user’s', async () => {
      await store().transaction(async (writer) => {
        await writer.insertUser(user('user-1', { createdAt: at(1) }));
        await writer.insertUser(user('anon-1', { mergedInto: 'user-1', createdAt: at(2) }));
        await writer.insertUser(user('user-2'));
        await writer.insertUser(user('user-1', { orgId: ORG_B }));
        await writer.insertEvents([
          event('e1', { userId: 'anon-1' }),
          event('e2', { userId: 'user-2' }),
          event('e3', { userId: 'user-1', timestamp: at(1) }),
          event('e4', { userId: null }),
          event('e5', { userId: 'anon-1', sessionId: 'user-1:s1' }),
          event('e6', { userId: 'user-1', orgId: ORG_B }),
          event('e7', { userId: 'user-1' }),
        ]);
      });
      const { items, pages } = await readAll((page) => store().listUserEvents(ORG_A, 'user-1', page), 2);
      expect(items.map((item) => [item.id, item.userId])).toEqual([
        ['e1', 'user-1'],
        ['e3', 'user-1'],
        ['e5', 'user-1'],
        ['e7', 'user-1'],
      ]);
      expect(pages).toBe(2);
      expect((await store().listUserEvents(ORG_A, 'user-1', { limit: 10 })).items[2]).toEqual(event('e5', { userId: 'user-1', sessionId: 'user-1:s1' }));
      expect((await store().listUserEvents(ORG_A, 'nobody', { limit: 10 })).items).toEqual([]);
    });

    test('listMergedUsers lists the users merged into a user, oldest first, of its organisation only', async () => {
      await store().transaction(async (writer) => {
        await writer.insertUser(user('user-1'));
        await writer.insertUser(user('anon-b', { mergedInto: 'user-1', createdAt: at(3) }));
        await writer.insertUser(user('anon-a', { mergedInto: 'user-1', createdAt: at(5) }));
        await writer.insertUser(user('anon-c', { mergedInto: 'user-2' }));
        await writer.insertUser(user('anon-b', { orgId: ORG_B, mergedInto: 'user-1' }));
      });
      expect((await store().listMergedUsers(ORG_A, 'user-1')).map((record) => [record.id, record.mergedInto])).toEqual([
        ['anon-b', 'user-1'],
        ['anon-a', 'user-1'],
      ]);
      expect(await store().listMergedUsers(ORG_A, 'anon-b')).toEqual([]);
    });

    test('listUserSessions pages through a user’s sessions newest first, each with the old ids that lead to it', async () => {
      await store().transaction(async (writer) => {
        await writer.insertUser(user('user-1'));
        await writer.insertUser(user('anon-1'));
        await writer.insertSession(session('user-1:own', { createdTime: at(100) }));
        await writer.insertSession(session('anon-1:moved', { userId: 'anon-1', createdTime: at(300) }));
        await writer.insertSession(session('user-1:b', { createdTime: at(200) }));
        await writer.insertSession(session('user-1:a', { createdTime: at(200) }));
        await writer.insertSession(session('user-2:other', { userId: 'user-2', createdTime: at(400) }));
        await writer.moveUserSessions(ORG_A, 'anon-1', 'user-1');
      });
      const { items, pages } = await readAll((page) => store().listUserSessions(ORG_A, 'user-1', page), 3);
      expect(items.map((item) => [item.id, item.oldIds])).toEqual([
        ['user-1:moved', ['anon-1:moved']],
        ['user-1:a', []],
        ['user-1:b', []],
        ['user-1:own', []],
      ]);
      expect(pages).toBe(2);
      expect(items[3]).toEqual({ orgId: ORG_A, id: 'user-1:own', userId: 'user-1', createdTime: at(100), importedAt: at(21), oldIds: [] });
      expect((await store().listUserSessions(ORG_B, 'user-1', { limit: 5 })).items).toEqual([]);
    });

    test('readSessionFixtureText reads the stored JSON text of a fixture in slices of code points, through an old id too', async () => {
      const fixture = { id: 'anon-1:s1', events: [{ type: 'click', timestamp: at(20), target: { text: 'a😀b "q" é\u2028' } }] };
      await store().transaction(async (writer) => {
        await writer.insertUser(user('user-1'));
        await writer.insertUser(user('anon-1'));
        await writer.insertSession(session('anon-1:s1', { userId: 'anon-1', fixture }));
        await writer.moveUserSessions(ORG_A, 'anon-1', 'user-1');
      });
      const text = JSON.stringify(fixture);
      const points = [...text];
      for (const id of ['user-1:s1', 'anon-1:s1']) {
        const slices: string[] = [];
        for (let offset = 0; ; offset += 7) {
          const slice = await store().readSessionFixtureText(ORG_A, id, { offset, length: 7 });
          expect(slice).toBeDefined();
          slices.push(slice as string);
          // Each slice is 7 code points (an astral character is one), the last fewer.
          expect([...(slice as string)].length).toBe(Math.max(0, Math.min(7, points.length - offset)));
          if ([...(slice as string)].length < 7) break;
        }
        expect(slices.join('')).toBe(text);
      }
      expect(await store().readSessionFixtureText(ORG_A, 'user-1:s1', { offset: points.length + 5, length: 7 })).toBe('');
      expect(await store().readSessionFixtureText(ORG_A, 'nobody:s1', { offset: 0, length: 7 })).toBeUndefined();
      expect(await store().readSessionFixtureText(ORG_B, 'user-1:s1', { offset: 0, length: 7 })).toBeUndefined();
      await expect(store().readSessionFixtureText(ORG_A, 'user-1:s1', { offset: -1, length: 7 })).rejects.toThrow(RangeError);
    });

    test('listSessionEventPage pages through a session’s events by timestamp, then creation order', async () => {
      await store().transaction((writer) =>
        writer.insertEvents([
          event('late', { sessionId: 'user-1:s1', timestamp: at(50) }),
          event('early', { sessionId: 'user-1:s1', timestamp: at(10) }),
          event('other', { sessionId: 'user-1:s2', timestamp: at(20) }),
          event('tie-1', { sessionId: 'user-1:s1', timestamp: at(30) }),
          event('tie-2', { sessionId: 'user-1:s1', timestamp: at(30) }),
          event('elsewhere', { sessionId: 'user-1:s1', orgId: ORG_B }),
        ]),
      );
      const { items, pages } = await readAll((page) => store().listSessionEventPage(ORG_A, 'user-1:s1', page), 1);
      expect(items.map((item) => item.id)).toEqual(['early', 'tie-1', 'tie-2', 'late']);
      expect(pages).toBe(4);
      expect(items.map((item) => item.id)).toEqual((await store().listSessionEvents(ORG_A, 'user-1:s1')).map((item) => item.id));
    });

    test('listCachedSummaries pages through the summaries of the sessions named, in their organisation only', async () => {
      await store().transaction(async (writer) => {
        await writer.putCachedSummary(ORG_A, { key: 'k2', value: '{"summary":"two"}', sessionId: 'user-1:s1', now: at(2) });
        await writer.putCachedSummary(ORG_A, { key: 'k1', value: '{"summary":"one"}', sessionId: 'user-1:s1', now: at(1) });
        await writer.putCachedSummary(ORG_A, { key: 'k3', value: '{"summary":"old id"}', sessionId: 'anon-1:s1', now: at(3) });
        await writer.putCachedSummary(ORG_A, { key: 'k4', value: '{"summary":"other"}', sessionId: 'user-2:s1', now: at(4) });
        await writer.putCachedSummary(ORG_B, { key: 'k5', value: '{"summary":"b"}', sessionId: 'user-1:s1', now: at(5) });
      });
      const { items, pages } = await readAll((page) => store().listCachedSummaries(ORG_A, ['user-1:s1', 'anon-1:s1'], page), 2);
      expect(items).toEqual([
        { sessionId: 'anon-1:s1', value: '{"summary":"old id"}', updatedAt: at(3) },
        { sessionId: 'user-1:s1', value: '{"summary":"one"}', updatedAt: at(1) },
        { sessionId: 'user-1:s1', value: '{"summary":"two"}', updatedAt: at(2) },
      ]);
      expect(pages).toBe(2);
      expect(await store().listCachedSummaries(ORG_A, [], { limit: 5 })).toEqual({ items: [], next: null });
    });
  });
}

// Contract: searching sessions (POST /v2/sessions/search) by created time, user, the user's stored
// properties, event counts, URLs and duration, with paging; facts follow merges and joined events.

import { describe, expect, test } from 'vitest';
import { propertyMatch } from '../../users/property-match.js';
import { InvalidPageCursorError } from '../page-cursor.js';
import type { JsonObject, JsonValue, SessionRecord } from '../records.js';
import type { SessionSearch } from '../session-search.js';
import type { DataCenterStore } from '../store.js';
import { at, event, ORG_A, ORG_B, session, user } from './store-fixtures.js';

/** A fixture event `seconds` after the fixtures' epoch. */
const recorded = (type: string, seconds: number, fields: JsonObject = {}): JsonObject => ({ type, timestamp: at(seconds), ...fields });

/** A session of `userId` created at `seconds`, with these recorded events. */
const recordedSession = (id: string, seconds: number, events: JsonObject[], overrides: Partial<SessionRecord> = {}): SessionRecord =>
  session(id, { userId: id.split(':')[0] ?? 'user-1', createdTime: at(seconds), fixture: { id, events }, ...overrides });

/** The stored property state (users/property-state.ts) of values captured with one type each. */
const storedProperties = (values: Record<string, readonly [type: string, value: JsonValue]>): JsonObject =>
  Object.fromEntries(Object.entries(values).map(([path, [type, value]]) => [path, { last: type, types: { [type]: { v: value, at: at(5) } } }]));

export function describeSessionSearchContract(store: () => DataCenterStore): void {
  const insert = (...records: SessionRecord[]) =>
    store().transaction(async (writer) => {
      for (const record of records) await writer.insertSession(record);
    });
  const search = async (filters: SessionSearch, limit = 100, orgId = ORG_A): Promise<string[]> =>
    (await store().searchSessions(orgId, filters, { limit })).items.map((item) => item.id);

  describe('session search', () => {
    test('without filters: every session of the organisation, newest first then by id, as listSessionsForUser gives them', async () => {
      await insert(
        recordedSession('user-1:old', 100, []),
        recordedSession('user-1:b-mid', 200, []),
        recordedSession('user-2:a-mid', 200, []),
        recordedSession('user-1:new', 300, []),
        recordedSession('user-9:other-org', 400, [], { orgId: ORG_B }),
      );
      expect(await search({})).toEqual(['user-1:new', 'user-1:b-mid', 'user-2:a-mid', 'user-1:old']);
      expect(await search({}, 100, ORG_B)).toEqual(['user-9:other-org']);
      const page = await store().searchSessions(ORG_A, {}, { limit: 1 });
      expect(page.items).toEqual(await store().listSessionsForUser(ORG_A, 'user-1', 1));
    });

    test('from is inclusive and to exclusive, on the created time', async () => {
      await insert(recordedSession('user-1:a', 100, []), recordedSession('user-1:b', 200, []), recordedSession('user-1:c', 300, []));
      expect(await search({ from: at(200) })).toEqual(['user-1:c', 'user-1:b']);
      expect(await search({ to: at(300) })).toEqual(['user-1:b', 'user-1:a']);
      expect(await search({ from: at(100), to: at(200) })).toEqual(['user-1:a']);
      expect(await search({ from: at(301) })).toEqual([]);
    });

    test('userId: the sessions of that user only', async () => {
      await insert(recordedSession('user-1:a', 100, []), recordedSession('user-2:b', 200, []), recordedSession('user-1:c', 300, []));
      expect(await search({ userId: 'user-1' })).toEqual(['user-1:c', 'user-1:a']);
      expect(await search({ userId: 'user-3' })).toEqual([]);
    });

    test('a session of a merged user is found under its new id, with its user and its facts', async () => {
      await store().transaction(async (writer) => {
        await writer.insertUser(user('anon'));
        await writer.insertUser(user('known', { uid: 'known' }));
        await writer.insertSession(recordedSession('anon:s1', 100, [recorded('rage-click', 100), recorded('navigate', 130, { url: 'https://shop.test/Cart' })]));
        await writer.insertSession(recordedSession('known:s1', 200, []));
      });
      await store().transaction((writer) => writer.moveUserSessions(ORG_A, 'anon', 'known'));
      expect(await search({ userId: 'known' })).toEqual(['known:s1', 'known:s1~anon']);
      expect(await search({ userId: 'anon' })).toEqual([]);
      expect(await search({ userId: 'known', hasEvents: [{ type: 'rage-click', minCount: 1 }], urlContains: 'cart', minDurationMs: 30_000 })).toEqual(['known:s1~anon']);
      const [item] = (await store().searchSessions(ORG_A, { hasEvents: [{ type: 'rage-click', minCount: 1 }] }, { limit: 5 })).items;
      expect(item).toEqual({ orgId: ORG_A, id: 'known:s1~anon', userId: 'known', createdTime: at(100), importedAt: at(21) });
    });

    test("userProperties: the user's stored value at a dotted path, a string as a string, a number as a number; a path captured with two types matches nothing", async () => {
      await store().transaction(async (writer) => {
        await writer.insertUser(user('pro', { properties: storedProperties({ plan: ['str', 'pro'], 'billing.seats': ['int', 5], beta: ['bool', true], signup: ['date', '2026-01-02'] }) }));
        await writer.insertUser(user('free', { properties: storedProperties({ plan: ['str', 'free'], 'billing.seats': ['real', 5.5], beta: ['bool', false], code: ['str', '5'] }) }));
        const conflicted = { plan: { last: 'str', types: { str: { v: 'pro', at: at(5) }, int: { v: 7, at: at(4) } } } };
        await writer.insertUser(user('conflicted', { properties: conflicted }));
        await writer.insertUser(user('other-org', { orgId: ORG_B, properties: storedProperties({ plan: ['str', 'pro'] }) }));
        for (const id of ['pro', 'free', 'conflicted']) await writer.insertSession(recordedSession(`${id}:s`, 100, []));
        await writer.insertSession(recordedSession('other-org:s', 100, [], { orgId: ORG_B }));
      });
      const byProperties = (values: Record<string, string | number | boolean>) => search({ userProperties: Object.entries(values).map(([path, value]) => propertyMatch(path, value)) });
      expect(await byProperties({ plan: 'pro' })).toEqual(['pro:s']);
      expect(await byProperties({ 'billing.seats': 5 })).toEqual(['pro:s']);
      expect(await byProperties({ 'billing.seats': 5.5 })).toEqual(['free:s']);
      expect(await byProperties({ beta: false })).toEqual(['free:s']);
      expect(await byProperties({ signup: '2026-01-02' })).toEqual(['pro:s']);
      expect(await byProperties({ code: 5 })).toEqual([]);
      expect(await byProperties({ code: '5' })).toEqual(['free:s']);
      expect(await byProperties({ plan: 'pro', beta: false })).toEqual([]);
      expect(await byProperties({ plan: 'pro', beta: true, 'billing.seats': 5 })).toEqual(['pro:s']);
      expect(await byProperties({ missing: 'x' })).toEqual([]);
    });

    test('hasEvents: at least minCount events of a spec type, of a custom name, or of any custom event', async () => {
      await insert(
        recordedSession('user-1:two-rage', 100, [recorded('rage-click', 100), recorded('rage-click', 101), recorded('custom', 102, { name: 'Checkout Started' })]),
        recordedSession('user-1:one-rage', 200, [recorded('rage-click', 200), recorded('custom', 201, { name: 'rage-click' })]),
        recordedSession('user-1:none', 300, [recorded('click', 300), recorded('dead-click', 301)]),
      );
      expect(await search({ hasEvents: [{ type: 'rage-click', minCount: 1 }] })).toEqual(['user-1:one-rage', 'user-1:two-rage']);
      expect(await search({ hasEvents: [{ type: 'rage-click', minCount: 2 }] })).toEqual(['user-1:two-rage']);
      expect(await search({ hasEvents: [{ type: 'rage-click', minCount: 3 }] })).toEqual([]);
      expect(await search({ hasEvents: [{ type: 'Checkout Started', minCount: 1 }] })).toEqual(['user-1:two-rage']);
      expect(await search({ hasEvents: [{ type: 'checkout started', minCount: 1 }] })).toEqual([]);
      expect(await search({ hasEvents: [{ type: 'custom', minCount: 1 }] })).toEqual(['user-1:one-rage', 'user-1:two-rage']);
      expect(await search({ hasEvents: [{ type: 'rage-click', minCount: 1 }, { type: 'dead-click', minCount: 1 }] })).toEqual([]);
      expect(await search({ hasEvents: [{ type: 'click', minCount: 1 }, { type: 'dead-click', minCount: 1 }] })).toEqual(['user-1:none']);
    });

    test('hasEvents met by many sessions (checked session by session where the store chooses) and by few (driving the query), apart and together', async () => {
      // More sessions than search-sessions.ts's FEW_SESSIONS have two clicks (every one but each
      // tenth, which has one); three have a rage-click.
      const records = Array.from({ length: 1200 }, (_, index) => {
        const clicks = index % 10 === 0 ? [recorded('click', 100)] : [recorded('click', 100), recorded('click', 101)];
        return recordedSession(`user-1:s${String(index).padStart(4, '0')}`, 100 + index, index % 400 === 7 ? [...clicks, recorded('rage-click', 102)] : clicks);
      });
      await insert(...records, recordedSession('user-1:no-click', 5000, [recorded('dead-click', 100)]));
      const newestFirst = records.map((record) => record.id).reverse();
      expect(await search({ hasEvents: [{ type: 'click', minCount: 1 }] }, 20)).toEqual(newestFirst.slice(0, 20));
      expect(await search({ hasEvents: [{ type: 'rage-click', minCount: 1 }] })).toEqual(['user-1:s0807', 'user-1:s0407', 'user-1:s0007']);
      expect(await search({ hasEvents: [{ type: 'click', minCount: 1 }, { type: 'rage-click', minCount: 1 }] })).toEqual(['user-1:s0807', 'user-1:s0407', 'user-1:s0007']);
      const twoClicks = newestFirst.filter((id) => !id.endsWith('0'));
      expect(await search({ hasEvents: [{ type: 'click', minCount: 2 }] }, 20)).toEqual(twoClicks.slice(0, 20));
      expect(await search({ hasEvents: [{ type: 'click', minCount: 3 }] })).toEqual([]);
      const seen: string[] = [];
      let after: string | null = null;
      do {
        const page: { items: readonly { id: string }[]; next: string | null } = await store().searchSessions(ORG_A, { hasEvents: [{ type: 'click', minCount: 1 }] }, { after, limit: 100 });
        seen.push(...page.items.map((item) => item.id));
        after = page.next;
      } while (after !== null);
      expect(seen).toEqual(newestFirst);
    });

    test('server events that join a session count as custom events of their name and stretch its duration; events of no stored session change nothing', async () => {
      await insert(recordedSession('user-1:s', 100, [recorded('click', 100), recorded('click', 110)]), recordedSession('user-1:t', 200, [recorded('click', 200)]));
      expect(await search({ minDurationMs: 60_000 })).toEqual([]);
      await store().transaction((writer) =>
        writer.insertEvents([
          event('e1', { name: 'Refund Requested', sessionId: 'user-1:s', timestamp: at(190) }),
          event('e2', { name: 'Refund Requested', sessionId: 'user-1:s', timestamp: at(50) }),
          event('e3', { name: 'Refund Requested', sessionId: 'user-1:missing', timestamp: at(50) }),
          event('e4', { name: 'Refund Requested', sessionId: null }),
        ]),
      );
      await store().transaction((writer) => writer.insertEvents([event('e5', { name: 'Refund Requested', sessionId: 'user-1:s', timestamp: at(120) })]));
      expect(await search({ hasEvents: [{ type: 'Refund Requested', minCount: 3 }] })).toEqual(['user-1:s']);
      expect(await search({ hasEvents: [{ type: 'Refund Requested', minCount: 4 }] })).toEqual([]);
      expect(await search({ hasEvents: [{ type: 'custom', minCount: 1 }] })).toEqual(['user-1:s']);
      // From 50 s (a joined event) to 190 s (another).
      expect(await search({ minDurationMs: 140_000, maxDurationMs: 140_000 })).toEqual(['user-1:s']);
    });

    test('urlContains: a substring of any URL of the events, in any case; LIKE wildcards are plain characters', async () => {
      await insert(
        recordedSession('user-1:nav', 100, [recorded('navigate', 100, { url: 'https://Shop.test/Checkout?step=2' }), recorded('click', 101)]),
        recordedSession('user-1:net', 200, [recorded('network-error', 200, { url: 'https://api.shop.test/v1/pay_ment', method: 'POST', status: 500 })]),
        recordedSession('user-1:none', 300, [recorded('click', 300, { target: { text: 'checkout' } })]),
        recordedSession('user-1:accents', 50, [recorded('navigate', 50, { url: 'https://shop.test/Ärger-Über' })]),
      );
      expect(await search({ urlContains: 'ÄRGER-ÜB' })).toEqual(['user-1:accents']);
      expect(await search({ urlContains: 'CHECKOUT' })).toEqual(['user-1:nav']);
      expect(await search({ urlContains: 'shop.test' })).toEqual(['user-1:net', 'user-1:nav', 'user-1:accents']);
      expect(await search({ urlContains: 'pay_ment' })).toEqual(['user-1:net']);
      expect(await search({ urlContains: 'pay%ment' })).toEqual([]);
      expect(await search({ urlContains: 'pay_' })).toEqual(['user-1:net']);
      expect(await search({ urlContains: 'y_m' })).toEqual(['user-1:net']);
      expect(await search({ urlContains: 'ayxment' })).toEqual([]);
      expect(await search({ urlContains: 's' })).toEqual(['user-1:net', 'user-1:nav', 'user-1:accents']);
      expect(await search({ urlContains: '2' })).toEqual(['user-1:nav']);
    });

    test('duration: from the first event to the last, in ms; a session without events lasts 0', async () => {
      await insert(
        recordedSession('user-1:short', 100, [recorded('click', 100), recorded('click', 105)]),
        // Events in any order: the first and last by time.
        recordedSession('user-1:long', 200, [recorded('click', 500), recorded('click', 200), recorded('click', 300)]),
        recordedSession('user-1:empty', 300, []),
      );
      expect(await search({ minDurationMs: 5_000 })).toEqual(['user-1:long', 'user-1:short']);
      expect(await search({ minDurationMs: 5_001 })).toEqual(['user-1:long']);
      expect(await search({ maxDurationMs: 5_000 })).toEqual(['user-1:empty', 'user-1:short']);
      expect(await search({ minDurationMs: 300_000, maxDurationMs: 300_000 })).toEqual(['user-1:long']);
    });

    test('every filter together: a session must pass each one', async () => {
      await store().transaction(async (writer) => {
        await writer.insertUser(user('user-1', { properties: storedProperties({ plan: ['str', 'pro'] }) }));
        await writer.insertUser(user('user-2', { properties: storedProperties({ plan: ['str', 'free'] }) }));
      });
      const cart = recorded('navigate', 100, { url: 'https://shop.test/cart' });
      const matching = [cart, recorded('rage-click', 130), recorded('rage-click', 160)];
      // Each other session fails exactly one filter.
      await insert(
        recordedSession('user-1:match', 100, matching),
        recordedSession('user-2:other-user', 100, matching),
        recordedSession('user-1:too-old', 10, matching),
        recordedSession('user-1:too-new', 2000, matching),
        recordedSession('user-1:one-rage', 100, [cart, recorded('rage-click', 130), recorded('click', 160)]),
        recordedSession('user-1:other-url', 100, [{ ...cart, url: 'https://shop.test/home' }, ...matching.slice(1)]),
        recordedSession('user-1:shorter', 100, [cart, recorded('rage-click', 130), recorded('rage-click', 150)]),
      );
      const all: SessionSearch = {
        from: at(50),
        to: at(1000),
        userId: 'user-1',
        userProperties: [propertyMatch('plan', 'pro')],
        hasEvents: [{ type: 'rage-click', minCount: 2 }],
        urlContains: '/cart',
        minDurationMs: 60_000,
        maxDurationMs: 60_000,
      };
      expect(await search(all)).toEqual(['user-1:match']);
      expect(await search({ ...all, userId: undefined, userProperties: undefined })).toEqual(['user-1:match', 'user-2:other-user']);
      expect(await search({ ...all, from: undefined, to: undefined, hasEvents: undefined, urlContains: undefined, minDurationMs: undefined, maxDurationMs: undefined })).toEqual(
        ['user-1:too-new', 'user-1:match', 'user-1:one-rage', 'user-1:other-url', 'user-1:shorter', 'user-1:too-old'],
      );
      expect(await search({ ...all, maxDurationMs: 59_999 })).toEqual([]);
    });

    test('pages of `limit` follow one another without repeating or skipping a session, ties on created time by id', async () => {
      const records = Array.from({ length: 23 }, (_, index) => recordedSession(`user-1:s${String(index).padStart(2, '0')}`, 100 + Math.floor(index / 4), [recorded('click', 100)]));
      await insert(...records);
      const expected = await search({}, 100);
      expect(expected).toHaveLength(23);
      const seen: string[] = [];
      let after: string | null = null;
      let pages = 0;
      do {
        const page: { items: readonly { id: string }[]; next: string | null } = await store().searchSessions(ORG_A, { hasEvents: [{ type: 'click', minCount: 1 }] }, { after, limit: 5 });
        seen.push(...page.items.map((item) => item.id));
        after = page.next;
        pages += 1;
      } while (after !== null);
      expect(seen).toEqual(expected);
      expect(pages).toBe(5);
    });

    test('a page cursor of another list, or an altered one, is refused', async () => {
      await insert(recordedSession('user-1:a', 100, []), recordedSession('user-1:b', 200, []));
      const first = await store().searchSessions(ORG_A, {}, { limit: 1 });
      expect(first.next).not.toBeNull();
      const profiles = await store().listProfiles(ORG_A, { limit: 1 });
      expect(profiles.next).toBeNull();
      await expect(store().searchSessions(ORG_A, {}, { after: 'not-a-cursor', limit: 1 })).rejects.toBeInstanceOf(InvalidPageCursorError);
      await expect(store().searchSessions(ORG_A, {}, { after: Buffer.from('["profiles","a","b"]').toString('base64url'), limit: 1 })).rejects.toBeInstanceOf(InvalidPageCursorError);
    });

    test("a cursor belongs to its search's filters: another search refuses it, the same one pages on", async () => {
      await insert(recordedSession('user-1:a', 100, [recorded('click', 100)]), recordedSession('user-1:b', 200, [recorded('click', 200)]));
      const first = await store().searchSessions(ORG_A, { hasEvents: [{ type: 'click', minCount: 1 }] }, { limit: 1 });
      expect(first.items.map((item) => item.id)).toEqual(['user-1:b']);
      for (const other of [{}, { hasEvents: [{ type: 'click', minCount: 2 }] }, { hasEvents: [{ type: 'click', minCount: 1 }], urlContains: 'shop' }]) {
        await expect(store().searchSessions(ORG_A, other, { after: first.next, limit: 1 }), JSON.stringify(other)).rejects.toBeInstanceOf(InvalidPageCursorError);
      }
      const same = await store().searchSessions(ORG_A, { hasEvents: [{ type: 'click', minCount: 1 }], userProperties: [] }, { after: first.next, limit: 5 });
      expect(same.items.map((item) => item.id)).toEqual(['user-1:a']);
      // A cursor of the version before cursors named their search (an export under way during an upgrade) is still read.
      const legacy = Buffer.from(JSON.stringify(['session-search', first.items[0]?.createdTime, 'user-1:b'])).toString('base64url');
      expect((await store().searchSessions(ORG_A, {}, { after: legacy, limit: 5 })).items.map((item) => item.id)).toEqual(['user-1:a']);
    });

    test('a min_count past what a count column holds matches nothing, on every store alike', async () => {
      await insert(recordedSession('user-1:a', 100, [recorded('click', 100), recorded('click', 101)]));
      expect(await search({ hasEvents: [{ type: 'click', minCount: 2 }] })).toEqual(['user-1:a']);
      for (const minCount of [2 ** 31 - 1, 2 ** 31, 2 ** 32, Number.MAX_SAFE_INTEGER]) {
        expect(await search({ hasEvents: [{ type: 'click', minCount }] }), String(minCount)).toEqual([]);
        expect(await search({ hasEvents: [{ type: 'no-such-type', minCount }] }), String(minCount)).toEqual([]);
      }
    });

    test('inserting a session that exists adds no facts twice', async () => {
      const record = recordedSession('user-1:a', 100, [recorded('rage-click', 100)]);
      await insert(record);
      await insert(record);
      expect(await search({ hasEvents: [{ type: 'rage-click', minCount: 2 }] })).toEqual([]);
      expect(await search({ hasEvents: [{ type: 'rage-click', minCount: 1 }] })).toEqual(['user-1:a']);
    });
  });
}

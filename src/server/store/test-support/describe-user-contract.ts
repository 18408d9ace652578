// Contract: users (uid unique per organisation, many anonymous users, lookups) and JSON fidelity.

import { describe, expect, test } from 'vitest';
import type { JsonObject } from '../records.js';
import { StoreConflictError, type DataCenterStore } from '../store.js';
import { at, ORG_A, ORG_B, user } from './store-fixtures.js';

/** Keys in a deliberate, unsorted order, and values a careless encoding would change. */
const TRICKY_PROPERTIES: JsonObject = {
  zeta: 1,
  alpha: { second: 2, first: 1.5, nested: [true, null, 'three', { b: 1, a: 2 }] },
  ['__proto__']: 'plain data',
  constructor: { prototype: 'also data' },
  text: 'quotes " backslash \\ nul \u0000 emoji 😀 accents éü',
  large: 9_007_199_254_740_991,
  negative: -0.000001,
  empty: {},
  list: [],
};

export function describeUserContract(store: () => DataCenterStore): void {
  describe('users', () => {
    test('a user is read back field for field, by id and by uid', async () => {
      const record = user('user-1', {
        uid: 'u-42',
        displayName: 'Ada',
        email: 'ada@example.com',
        properties: { plan: 'pro', seats: 3 },
        identifiedInSession: true,
        mergedInto: null,
      });
      await store().transaction((writer) => writer.insertUser(record));
      expect(await store().findUser(ORG_A, 'user-1')).toEqual(record);
      expect(await store().findUserByUid(ORG_A, 'u-42')).toEqual(record);
      expect(await store().findUser(ORG_A, 'missing')).toBeUndefined();
      expect(await store().findUserByUid(ORG_A, 'missing')).toBeUndefined();
    });

    test('findUserIdsByUids maps the known uids of one organisation to ids, in one call', async () => {
      await store().transaction(async (writer) => {
        await writer.insertUser(user('user-1', { uid: 'u-1' }));
        await writer.insertUser(user('user-2', { uid: 'u-2' }));
        await writer.insertUser(user('user-3', { uid: null }));
        await writer.insertUser({ ...user('user-4', { uid: 'u-4' }), orgId: ORG_B });
      });
      expect(await store().findUserIdsByUids(ORG_A, ['u-2', 'u-1', 'nobody', 'u-4'])).toEqual(new Map([['u-1', 'user-1'], ['u-2', 'user-2']]));
      expect(await store().findUserIdsByUids(ORG_A, [])).toEqual(new Map());
    });

    test('ensureUsers inserts the users whose uid is free and returns the id of every uid', async () => {
      await store().transaction((writer) => writer.insertUser(user('user-1', { uid: 'u-1', displayName: 'Kept' })));
      const ids = await store().transaction((writer) => writer.ensureUsers([user('new-2', { uid: 'u-2' }), user('new-1', { uid: 'u-1' }), user('new-3', { uid: 'u-3' })]));
      expect(ids).toEqual(new Map([['u-1', 'user-1'], ['u-2', 'new-2'], ['u-3', 'new-3']]));
      // The user that held u-1 is left as it was.
      expect(await store().findUser(ORG_A, 'user-1')).toMatchObject({ uid: 'u-1', displayName: 'Kept' });
      expect(await store().findUser(ORG_A, 'new-1')).toBeUndefined();
      expect(await store().findUser(ORG_A, 'new-3')).toEqual(user('new-3', { uid: 'u-3' }));
      expect(await store().transaction((writer) => writer.ensureUsers([]))).toEqual(new Map());
    });

    test('transactions ensuring the same uids at once agree on one user per uid, with no conflict', async () => {
      let release = () => {};
      const gate = new Promise<void>((resolve) => (release = resolve));
      let ensured = () => {};
      const firstEnsured = new Promise<void>((resolve) => (ensured = resolve));
      const first = store().transaction(async (writer) => {
        const ids = await writer.ensureUsers([user('first-x', { uid: 'x' }), user('first-y', { uid: 'y' })]);
        ensured();
        await gate;
        return ids;
      });
      // Only once the first holds its uncommitted y (started together, the second could insert y first).
      await firstEnsured;
      // The second meets the first's uncommitted y (PostgreSQL: it waits for it; SQLite: for the first to end).
      const second = store().transaction((writer) => writer.ensureUsers([user('second-y', { uid: 'y' }), user('second-z', { uid: 'z' })]));
      setTimeout(release, 50);
      expect(await first).toEqual(new Map([['x', 'first-x'], ['y', 'first-y']]));
      expect(await second).toEqual(new Map([['y', 'first-y'], ['z', 'second-z']]));
      expect(await store().findUserIdsByUids(ORG_A, ['x', 'y', 'z'])).toEqual(new Map([['x', 'first-x'], ['y', 'first-y'], ['z', 'second-z']]));
    });

    test('JSON documents come back equal, with their keys in the order written', async () => {
      const properties = JSON.parse(JSON.stringify(TRICKY_PROPERTIES)) as JsonObject;
      await store().transaction((writer) => writer.insertUser(user('user-1', { properties })));
      const read = await store().findUser(ORG_A, 'user-1');
      expect(JSON.stringify(read?.properties)).toBe(JSON.stringify(properties));
      expect(Object.getPrototypeOf(read?.properties)).toBe(Object.prototype);
      expect(Object.keys(read?.properties ?? {})).toContain('__proto__');
    });

    test('a uid taken in the organisation is refused with StoreConflictError, and the transaction goes on', async () => {
      await store().transaction((writer) => writer.insertUser(user('user-1', { uid: 'u-1' })));
      const outcome = await store().transaction(async (writer) => {
        const error = await writer.insertUser(user('user-2', { uid: 'u-1' })).catch((caught: unknown) => caught);
        await writer.insertUser(user('user-3', { uid: 'u-3' }));
        return error;
      });
      expect(outcome).toBeInstanceOf(StoreConflictError);
      expect(await store().findUser(ORG_A, 'user-2')).toBeUndefined();
      expect(await store().findUser(ORG_A, 'user-3')).toMatchObject({ uid: 'u-3' });
      expect(await store().findUserByUid(ORG_A, 'u-1')).toMatchObject({ id: 'user-1' });
    });

    test('a user id used twice is refused with StoreConflictError', async () => {
      await store().transaction((writer) => writer.insertUser(user('user-1')));
      await expect(store().transaction((writer) => writer.insertUser(user('user-1', { uid: 'fresh' })))).rejects.toBeInstanceOf(StoreConflictError);
    });

    test('insertUsers inserts many users at once, and refuses a taken uid or id with StoreConflictError', async () => {
      await store().transaction((writer) => writer.insertUsers([user('user-1', { uid: 'u-1' }), user('anon-1'), user('user-2', { uid: 'u-2', properties: TRICKY_PROPERTIES })]));
      expect(await store().findUserByUid(ORG_A, 'u-2')).toMatchObject({ id: 'user-2', properties: TRICKY_PROPERTIES });
      expect(await store().findUser(ORG_A, 'anon-1')).toMatchObject({ uid: null });
      for (const taken of [user('user-3', { uid: 'u-1' }), user('anon-1')]) {
        await expect(store().transaction((writer) => writer.insertUsers([user('user-4', { uid: 'u-4' }), taken]))).rejects.toBeInstanceOf(StoreConflictError);
      }
      expect(await store().findUser(ORG_A, 'user-4')).toBeUndefined();
      expect(await store().findUser(ORG_A, 'user-3')).toBeUndefined();
    });

    test('updateUsers replaces every field of many users at once, the last record of an id winning', async () => {
      await store().transaction((writer) => writer.insertUsers([user('user-1', { uid: 'u-1' }), user('anon-1'), user('user-2', { uid: 'u-2' })]));
      await store().transaction((writer) =>
        writer.updateUsers([
          user('user-1', { uid: 'u-1', displayName: 'first', properties: { plan: 'free' } }),
          user('anon-1', { email: 'anon@example.com', mergedInto: 'user-1', updatedAt: at(9) }),
          user('user-1', { uid: 'u-1', displayName: 'Ada', email: 'ada@example.com', properties: TRICKY_PROPERTIES, identifiedInSession: true, updatedAt: at(10) }),
        ]),
      );
      expect(await store().findUser(ORG_A, 'user-1')).toEqual(user('user-1', { uid: 'u-1', displayName: 'Ada', email: 'ada@example.com', properties: TRICKY_PROPERTIES, identifiedInSession: true, updatedAt: at(10) }));
      expect(await store().findUser(ORG_A, 'anon-1')).toEqual(user('anon-1', { email: 'anon@example.com', mergedInto: 'user-1', updatedAt: at(9) }));
      expect(await store().findUser(ORG_A, 'user-2')).toEqual(user('user-2', { uid: 'u-2' }));
    });

    test('many anonymous users (null uid) coexist, and two organisations may share a uid', async () => {
      await store().transaction(async (writer) => {
        for (const id of ['anon-1', 'anon-2', 'anon-3']) await writer.insertUser(user(id));
        await writer.insertUser(user('user-a', { uid: 'shared' }));
        await writer.insertUser(user('user-b', { orgId: ORG_B, uid: 'shared' }));
      });
      expect(await store().findUser(ORG_A, 'anon-3')).toMatchObject({ uid: null });
      expect(await store().findUserByUid(ORG_A, 'shared')).toMatchObject({ id: 'user-a' });
      expect(await store().findUserByUid(ORG_B, 'shared')).toMatchObject({ id: 'user-b' });
    });

    test('updateUser replaces every field of the user', async () => {
      await store().transaction((writer) => writer.insertUser(user('user-1', { properties: { old: true }, email: 'old@example.com' })));
      const replaced = user('user-1', {
        uid: 'u-1',
        displayName: 'Grace',
        email: null,
        properties: { fresh: 'yes' },
        identifiedInSession: true,
        mergedInto: 'user-9',
        updatedAt: at(99),
      });
      await store().transaction((writer) => writer.updateUser(replaced));
      expect(await store().findUser(ORG_A, 'user-1')).toEqual(replaced);
    });

    test('updateUser to a uid another user has is refused with StoreConflictError, and the transaction goes on', async () => {
      await store().transaction(async (writer) => {
        await writer.insertUser(user('user-1', { uid: 'u-1' }));
        await writer.insertUser(user('anon'));
      });
      const outcome = await store().transaction(async (writer) => {
        const error = await writer.updateUser(user('anon', { uid: 'u-1' })).catch((caught: unknown) => caught);
        await writer.updateUser(user('anon', { uid: 'u-2', displayName: 'second try' }));
        return error;
      });
      expect(outcome).toBeInstanceOf(StoreConflictError);
      expect(await store().findUser(ORG_A, 'anon')).toMatchObject({ uid: 'u-2', displayName: 'second try' });
    });

    test('findUserByEmail picks the most recently updated user with that email', async () => {
      await store().transaction(async (writer) => {
        await writer.insertUser(user('older', { email: 'team@example.com', updatedAt: at(100) }));
        await writer.insertUser(user('newest', { email: 'team@example.com', updatedAt: at(300) }));
        await writer.insertUser(user('middle', { email: 'team@example.com', updatedAt: at(200) }));
        await writer.insertUser(user('other-org', { orgId: ORG_B, email: 'team@example.com', updatedAt: at(900) }));
      });
      expect(await store().findUserByEmail(ORG_A, 'team@example.com')).toMatchObject({ id: 'newest' });
      expect(await store().findUserByEmail(ORG_A, 'nobody@example.com')).toBeUndefined();
      await store().transaction((writer) => writer.updateUser(user('older', { email: 'team@example.com', updatedAt: at(400) })));
      expect(await store().findUserByEmail(ORG_A, 'team@example.com')).toMatchObject({ id: 'older' });
    });

    test('reads for update find what plain reads find, inside the transaction', async () => {
      await store().transaction((writer) => writer.insertUser(user('user-1', { uid: 'u-1' })));
      const [byId, byUid, missing] = await store().transaction(async (writer) => [
        await writer.findUserForUpdate(ORG_A, 'user-1'),
        await writer.findUserByUidForUpdate(ORG_A, 'u-1'),
        await writer.findUserForUpdate(ORG_B, 'user-1'),
      ]);
      expect(byId).toEqual(await store().findUser(ORG_A, 'user-1'));
      expect(byUid).toEqual(byId);
      expect(missing).toBeUndefined();
    });

    test('a transaction reads its own writes', async () => {
      const seen = await store().transaction(async (writer) => {
        await writer.insertUser(user('user-1', { uid: 'u-1' }));
        return writer.findUserByUid(ORG_A, 'u-1');
      });
      expect(seen).toMatchObject({ id: 'user-1' });
    });
  });
}

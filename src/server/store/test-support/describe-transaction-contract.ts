// Contract: transactions are atomic and isolated, misuse fails loudly, and the read-then-write
// rules hold under concurrent transactions.

import { describe, expect, test } from 'vitest';
import { StoreConflictError, type DataCenterStore } from '../store.js';
import { TransactionMisuseError } from '../transaction-scope.js';
import { at, event, ORG_A, pause, user } from './store-fixtures.js';

export function describeTransactionContract(store: () => DataCenterStore): void {
  describe('transactions', () => {
    test('work that resolves is committed and its value returned', async () => {
      const value = await store().transaction(async (writer) => {
        await writer.insertUser(user('user-1'));
        return 'done';
      });
      expect(value).toBe('done');
      expect(await store().findUser(ORG_A, 'user-1')).toBeDefined();
    });

    test('work that throws is rolled back entirely and its error passed on', async () => {
      const failure = new Error('handler failed');
      await expect(
        store().transaction(async (writer) => {
          await writer.insertUser(user('user-1'));
          await writer.insertEvents([event('e1')]);
          await writer.consumeServerEvents(ORG_A, '2026-11', 5, 10);
          throw failure;
        }),
      ).rejects.toBe(failure);
      expect(await store().findUser(ORG_A, 'user-1')).toBeUndefined();
      expect((await store().listEvents(ORG_A, { limit: 10 })).items).toEqual([]);
      expect(await store().transaction((writer) => writer.consumeServerEvents(ORG_A, '2026-11', 10, 10))).toBe(true);
    });

    test('reads outside a transaction do not see its uncommitted writes', async () => {
      let release!: () => void;
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      let written!: () => void;
      const insertDone = new Promise<void>((resolve) => {
        written = resolve;
      });
      const running = store().transaction(async (writer) => {
        await writer.insertUser(user('user-1'));
        written();
        await gate;
      });
      await insertDone;
      expect(await store().findUser(ORG_A, 'user-1')).toBeUndefined();
      release();
      await running;
      expect(await store().findUser(ORG_A, 'user-1')).toBeDefined();
    });

    test('a writer used after its transaction ended is refused with TransactionMisuseError', async () => {
      const escaped = await store().transaction(async (writer) => writer);
      await expect(escaped.insertUser(user('user-1'))).rejects.toBeInstanceOf(TransactionMisuseError);
      expect(await store().findUser(ORG_A, 'user-1')).toBeUndefined();
    });

    test('a transaction started inside another is refused with TransactionMisuseError', async () => {
      const outcome = await store().transaction(async () => store().transaction(async () => 'inner').catch((error: unknown) => error));
      expect(outcome).toBeInstanceOf(TransactionMisuseError);
      expect(outcome).toMatchObject({ code: 'transaction_misuse' });
    });
  });

  describe('concurrent transactions', () => {
    test('50 concurrent read-modify-writes of one user lose no update', async () => {
      await store().transaction((writer) => writer.insertUser(user('user-1', { properties: {} })));
      await Promise.all(
        Array.from({ length: 50 }, (_, index) =>
          store().transaction(async (writer) => {
            const current = await writer.findUserForUpdate(ORG_A, 'user-1');
            if (current === undefined) throw new Error('the user is missing');
            await pause(index % 3);
            await writer.updateUser({ ...current, properties: { ...current.properties, [`p${index}`]: index }, updatedAt: at(1000 + index) });
          }),
        ),
      );
      const properties = (await store().findUser(ORG_A, 'user-1'))?.properties ?? {};
      expect(Object.keys(properties)).toHaveLength(50);
    });

    test('concurrent admissions of new names never go past the limit', async () => {
      const rejected = await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          store().transaction(async (writer) => {
            await pause(index % 2);
            return writer.admitNames(ORG_A, 'event_name', [`n${index}-a`, `n${index}-b`, 'common'], { limit: 10, now: at(10), retentionCutoff: at(0) });
          }),
        ),
      );
      const admittedCount = 20 * 3 - rejected.flat().length;
      // 'common' is admitted by whoever sees it known or takes a slot for it: 10 distinct live names at most.
      const live = new Set(
        rejected.flatMap((names, index) => [`n${index}-a`, `n${index}-b`, 'common'].filter((name) => !names.includes(name))),
      );
      expect(live.size).toBe(10);
      expect(admittedCount).toBeGreaterThanOrEqual(10);
      expect(await store().transaction((writer) => writer.admitNames(ORG_A, 'event_name', ['one more'], { limit: 10, now: at(11), retentionCutoff: at(0) }))).toEqual(['one more']);
    });

    test('concurrent claims of one idempotency key yield exactly one claimed', async () => {
      const claims = await Promise.all(
        Array.from({ length: 20 }, () =>
          store().transaction((writer) => writer.claimIdempotencyKey(ORG_A, 'key-1', { fingerprint: 'same', now: at(100), expiresBefore: at(0), token: `t-${Math.random()}`, leaseMs: 30_000 })),
        ),
      );
      expect(claims.filter((claim) => claim.state === 'claimed')).toHaveLength(1);
      expect(claims.filter((claim) => claim.state === 'executing')).toHaveLength(19);
    });

    test('concurrent server event counts never go past the quota', async () => {
      const outcomes = await Promise.all(
        Array.from({ length: 30 }, () => store().transaction((writer) => writer.consumeServerEvents(ORG_A, '2026-11', 1, 10))),
      );
      expect(outcomes.filter(Boolean)).toHaveLength(10);
    });

    test('concurrent inserts of one uid create one user; the others are refused with StoreConflictError', async () => {
      const outcomes = await Promise.allSettled(
        Array.from({ length: 10 }, (_, index) =>
          store().transaction(async (writer) => {
            if ((await writer.findUserByUidForUpdate(ORG_A, 'u-1')) !== undefined) throw new StoreConflictError('seen before insert');
            await pause(index % 2);
            await writer.insertUser(user(`user-${index}`, { uid: 'u-1' }));
          }),
        ),
      );
      expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
      for (const outcome of outcomes) {
        if (outcome.status === 'rejected') expect(outcome.reason).toBeInstanceOf(StoreConflictError);
      }
    });
  });
}

// Contract: checkReady answers ready for an open, migrated store and not ready (with a reason) once
// it is closed; closing lets a running transaction finish and refuses new ones. Unreachable
// databases and pending migrations are in each store's own tests.

import { describe, expect, test } from 'vitest';
import type { DataCenterStore } from '../store.js';
import { TransactionMisuseError } from '../transaction-scope.js';
import { pause, user } from './store-fixtures.js';

export function describeLifecycleContract(store: () => DataCenterStore): void {
  describe('readiness and closing', () => {
    test('an open store whose migrations are all applied is ready', async () => {
      expect(await store().checkReady()).toEqual({ ready: true });
    });

    test('a closed store is not ready, and says so', async () => {
      await store().close();
      const readiness = await store().checkReady();
      expect(readiness).toMatchObject({ ready: false, reason: expect.stringContaining('closed') });
    });

    test('close lets a running transaction commit, then refuses new ones with TransactionMisuseError', async () => {
      let started!: () => void;
      const inside = new Promise<void>((resolve) => {
        started = resolve;
      });
      const running = store().transaction(async (writer) => {
        started();
        await pause(50);
        await writer.insertUser(user('user-1'));
        return 'committed';
      });
      await inside;
      const closing = store().close();
      expect(await running).toBe('committed');
      await closing;
      await expect(store().transaction(async () => 'never')).rejects.toBeInstanceOf(TransactionMisuseError);
    });
  });
}

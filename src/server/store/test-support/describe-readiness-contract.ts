// Contract: checkReady answers ready for an open, migrated store, and not ready (with a reason)
// once it is closed. Unreachable databases and pending migrations are in each store's own tests.

import { describe, expect, test } from 'vitest';
import type { DataCenterStore } from '../store.js';

export function describeReadinessContract(store: () => DataCenterStore): void {
  describe('readiness', () => {
    test('an open store whose migrations are all applied is ready', async () => {
      expect(await store().checkReady()).toEqual({ ready: true });
    });

    test('a closed store is not ready, and says so', async () => {
      await store().close();
      const readiness = await store().checkReady();
      expect(readiness).toMatchObject({ ready: false, reason: expect.stringContaining('closed') });
    });
  });
}

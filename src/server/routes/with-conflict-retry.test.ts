import { describe, expect, it } from 'vitest';
import { StoreConflictError, type DataCenterStore } from '../store/store.js';
import { isRetryableConflict, transactionWithRetry } from './with-conflict-retry.js';

function flakyStore(failures: unknown[]): DataCenterStore {
  return {
    async transaction(work: (writer: never) => Promise<unknown>) {
      const failure = failures.shift();
      if (failure !== undefined) throw failure;
      return work(undefined as never);
    },
  } as unknown as DataCenterStore;
}

describe('transactionWithRetry', () => {
  it('retries a lost uniqueness race and PostgreSQL deadlocks, then succeeds', async () => {
    const store = flakyStore([new StoreConflictError('uid taken'), Object.assign(new Error('deadlock detected'), { code: '40P01' })]);
    expect(await transactionWithRetry(store, async () => 'done')).toBe('done');
  });

  it('gives up after the attempts and never retries other errors', async () => {
    await expect(transactionWithRetry(flakyStore([new StoreConflictError('a'), new StoreConflictError('b'), new StoreConflictError('c')]), async () => 'x')).rejects.toThrow('c');
    await expect(transactionWithRetry(flakyStore([new Error('disk full')]), async () => 'x')).rejects.toThrow('disk full');
    expect(isRetryableConflict(Object.assign(new Error(), { code: '23505' }))).toBe(false);
  });
});

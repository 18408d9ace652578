import { describe, expect, it } from 'vitest';
import { StoreConflictError, type DataCenterStore } from '../store/store.js';
import { isRetryableConflict, retryPauseMs, transactionWithRetry } from './with-conflict-retry.js';

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

describe('retryPauseMs', () => {
  it('retries at once after the first lost race, then waits a random share of a bound that doubles up to a second', () => {
    expect(retryPauseMs(1, 0.99)).toBe(0);
    expect([2, 3, 4, 5, 6, 7, 8, 9].map((attempt) => retryPauseMs(attempt, 1))).toEqual([20, 40, 80, 160, 320, 640, 1_000, 1_000]);
    expect(retryPauseMs(4, 0.5)).toBe(40);
    expect(retryPauseMs(9, 0)).toBe(0);
  });

  it('gives the chunks of a batch job (10 attempts) over 3 seconds to fall out of step, where they had a quarter of a second', () => {
    const longest = Array.from({ length: 9 }, (_, index) => retryPauseMs(index + 1, 1)).reduce((sum, pause) => sum + pause, 0);
    expect(longest).toBe(3_260);
  });
});

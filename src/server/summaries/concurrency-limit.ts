// At most `limit` model calls at once; the rest wait in order.

export interface ConcurrencyLimit {
  /** Runs `work` when a slot is free; a signal that aborts while waiting gives the place up. */
  run<T>(work: () => Promise<T>, signal?: AbortSignal): Promise<T>;
  readonly active: () => number;
  readonly waiting: () => number;
}

export function createConcurrencyLimit(limit: number): ConcurrencyLimit {
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`the model concurrency must be a positive integer, got ${limit}`);
  let active = 0;
  const queue: (() => void)[] = [];
  const release = (): void => {
    active--;
    queue.shift()?.();
  };
  return {
    async run(work, signal) {
      if (active >= limit) {
        await new Promise<void>((resolve, reject) => {
          const start = () => {
            signal?.removeEventListener('abort', abort);
            resolve();
          };
          const abort = () => {
            const index = queue.indexOf(start);
            if (index !== -1) queue.splice(index, 1);
            reject(signal?.reason);
          };
          queue.push(start);
          signal?.addEventListener('abort', abort, { once: true });
        });
      }
      active++;
      try {
        return await work();
      } finally {
        release();
      }
    },
    active: () => active,
    waiting: () => queue.length,
  };
}

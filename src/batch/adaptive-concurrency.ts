// How many model calls run at once in a many-session run: up to the asked concurrency, halved
// when the model pushes back (429, 5xx) and grown again by one per round of calls that went
// through without pushback (additive increase, multiplicative decrease, as TCP does).

/**
 * A concurrency limit that backs off while the model pushes back. Create with
 * {@link createAdaptiveConcurrency}.
 *
 * @category Many sessions
 */
export interface AdaptiveConcurrency {
  /** The most calls allowed at once now (between 1 and `max`). */
  readonly limit: number;
  /** The asked concurrency. */
  readonly max: number;
  /** The model pushed back (a 429 or 5xx answer): halve the limit, at most once per `cooldownMs`. */
  pushback(): void;
  /** A call went through: one more success towards growing the limit by one. */
  succeeded(): void;
  /** Waits for a free slot; call the returned function when the call is over. */
  acquire(signal?: AbortSignal): Promise<() => void>;
}

/**
 * Options of {@link createAdaptiveConcurrency}.
 *
 * @category Many sessions
 */
export interface AdaptiveConcurrencyOptions {
  /** Pushbacks within this many ms of a decrease do not decrease again (they belong to the same burst). Default 1,000. */
  readonly cooldownMs?: number;
  /** Milliseconds clock. Default `Date.now`. */
  readonly now?: () => number;
}

/**
 * A limit that starts at `max`, halves on pushback and grows by one after `limit` successes.
 *
 * @param max - The asked concurrency, at least 1.
 * @category Many sessions
 */
export function createAdaptiveConcurrency(max: number, options: AdaptiveConcurrencyOptions = {}): AdaptiveConcurrency {
  if (!Number.isInteger(max) || max < 1) throw new RangeError(`concurrency must be a whole number of at least 1, got ${max}`);
  const cooldownMs = options.cooldownMs ?? 1000;
  const now = options.now ?? Date.now;
  let limit = max;
  let active = 0;
  let successes = 0;
  let lastDecrease = Number.NEGATIVE_INFINITY;
  const waiting: (() => void)[] = [];

  const wake = (): void => {
    while (active < limit && waiting.length > 0) {
      active++;
      waiting.shift()?.();
    }
  };
  const release = (): void => {
    active--;
    wake();
  };
  return {
    get limit() {
      return limit;
    },
    max,
    pushback() {
      const at = now();
      if (at - lastDecrease < cooldownMs) return;
      lastDecrease = at;
      limit = Math.max(1, Math.floor(limit / 2));
      successes = 0;
    },
    succeeded() {
      if (limit >= max) return;
      successes++;
      if (successes >= limit) {
        limit++;
        successes = 0;
        wake();
      }
    },
    acquire(signal) {
      if (active < limit && waiting.length === 0) {
        active++;
        return Promise.resolve(once(release));
      }
      return new Promise((resolve, reject) => {
        const enter = (): void => {
          signal?.removeEventListener('abort', onAbort);
          resolve(once(release));
        };
        const onAbort = (): void => {
          const at = waiting.indexOf(enter);
          if (at >= 0) waiting.splice(at, 1);
          reject(signal?.reason instanceof Error ? signal.reason : new Error('aborted'));
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        waiting.push(enter);
      });
    },
  };
}

function once(action: () => void): () => void {
  let done = false;
  return () => {
    if (done) return;
    done = true;
    action();
  };
}

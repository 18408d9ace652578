// Retry options for tests: waits are recorded, never slept, and the jitter is fixed, so that no
// test depends on the clock. With baseDelayMs 100 and random() = 0 the backoff is 50, 100, 200 ms.

import type { RetryOptions } from '../../src/models/retrying-fetch.js';

export interface RecordingRetry {
  readonly retry: RetryOptions;
  /** Every wait asked for, in ms, in order. */
  readonly delays: number[];
}

export function recordingRetry(overrides: RetryOptions = {}): RecordingRetry {
  const delays: number[] = [];
  return {
    delays,
    retry: {
      baseDelayMs: 100,
      random: () => 0,
      sleep: async (ms) => {
        delays.push(ms);
      },
      ...overrides,
    },
  };
}

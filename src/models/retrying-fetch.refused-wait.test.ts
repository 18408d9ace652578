// A refused wait: an answer that asks for a longer wait than maxDelayMs is not retried, and is
// marked so (x-recap-refused-wait-ms) whatever the attempt it came on and however large the wait.
// Scripted fetch and recording sleep: no timers.

import { describe, expect, it } from 'vitest';
import { createRetryingFetch, givingUpNote, refusedWaitMs, type Fetch, type RetryOptions } from './retrying-fetch.js';

function scriptedFetch(...answers: { status: number; headers?: Record<string, string> }[]) {
  let calls = 0;
  const fetch: Fetch = async () => {
    const answer = answers[Math.min(calls++, answers.length - 1)] as { status: number; headers?: Record<string, string> };
    return new Response(`answer ${calls}`, { status: answer.status, headers: answer.headers });
  };
  return { fetch, calls: () => calls };
}

function options(overrides: RetryOptions = {}) {
  const delays: number[] = [];
  return { delays, retry: { sleep: async (ms: number) => void delays.push(ms), random: () => 0, baseDelayMs: 100, ...overrides } satisfies RetryOptions };
}

describe('createRetryingFetch: a refused wait is always marked', () => {
  it('marks a Retry-After of 1e308 seconds (Infinity ms) as a refused wait, not as an unexplained give-up', async () => {
    const { fetch, calls } = scriptedFetch({ status: 429, headers: { 'retry-after': '1e308' } }, { status: 200 });
    const { retry, delays } = options();

    const response = await createRetryingFetch(fetch, retry)('https://api.example/x');

    // Not retried (the wait asked for is longer than 30 s)…
    expect(calls()).toBe(1);
    expect(delays).toEqual([]);
    // …so the answer must say why, and carry the wait for the batch and the many-session run.
    expect(refusedWaitMs(response.headers)).toBeGreaterThan(30_000);
    expect(givingUpNote(response.headers)).toMatch(/^ \(not retried: the server asked to wait [\d,]+ s, longer than the 30 s recap waits at most; try again later\)$/);
  });

  it('marks a long wait asked on the last attempt the retries allow as refused, not only as retries run out', async () => {
    const { fetch, calls } = scriptedFetch({ status: 503 }, { status: 503 }, { status: 429, headers: { 'retry-after': '3600' } });
    const { retry } = options({ retries: 2 });

    const response = await createRetryingFetch(fetch, retry)('https://api.example/x');

    expect(calls()).toBe(3);
    expect(refusedWaitMs(response.headers)).toBe(3_600_000);
    expect(givingUpNote(response.headers)).toBe(' (retried 2 times: the server asked to wait 3,600 s, longer than the 30 s recap waits at most; try again later)');
  });

  it('marks a long wait as refused with retries: 0 too', async () => {
    const { fetch } = scriptedFetch({ status: 429, headers: { 'retry-after': '3600' } });
    const { retry } = options({ retries: 0 });

    const response = await createRetryingFetch(fetch, retry)('https://api.example/x');

    expect(refusedWaitMs(response.headers)).toBe(3_600_000);
    expect(givingUpNote(response.headers)).toBe(' (not retried: the server asked to wait 3,600 s, longer than the 30 s recap waits at most; try again later)');
  });
});

// The adaptive limit: halves on pushback (once per burst), grows back by one per round of
// successes, and admits no more calls than the limit.

import { describe, expect, it } from 'vitest';
import { createAdaptiveConcurrency } from './adaptive-concurrency.js';

describe('createAdaptiveConcurrency', () => {
  it('halves on pushback, once per cooldown, never below 1', () => {
    let now = 0;
    const limit = createAdaptiveConcurrency(8, { cooldownMs: 1000, now: () => now });
    limit.pushback();
    expect(limit.limit).toBe(4);
    limit.pushback(); // the same burst
    expect(limit.limit).toBe(4);
    for (const expected of [2, 1, 1]) {
      now += 1000;
      limit.pushback();
      expect(limit.limit).toBe(expected);
    }
  });

  it('grows by one after a limit-sized round of successes, up to the maximum', () => {
    const limit = createAdaptiveConcurrency(4, { now: () => 0 });
    limit.pushback();
    expect(limit.limit).toBe(2);
    limit.succeeded();
    expect(limit.limit).toBe(2);
    limit.succeeded();
    expect(limit.limit).toBe(3);
    for (let i = 0; i < 3; i++) limit.succeeded();
    expect(limit.limit).toBe(4);
    for (let i = 0; i < 10; i++) limit.succeeded();
    expect(limit.limit).toBe(4);
  });

  it('admits at most `limit` holders and lets the next in when one leaves', async () => {
    const limit = createAdaptiveConcurrency(2);
    const first = await limit.acquire();
    const second = await limit.acquire();
    let third: (() => void) | undefined;
    const waiting = limit.acquire().then((release) => (third = release));
    await Promise.resolve();
    expect(third).toBeUndefined();
    first();
    await waiting;
    expect(third).toBeTypeOf('function');
    second();
    third?.();
  });

  it('admits fewer after a pushback, even with slots released', async () => {
    const limit = createAdaptiveConcurrency(2, { now: () => 0 });
    const first = await limit.acquire();
    limit.pushback();
    first();
    const a = await limit.acquire();
    let b: (() => void) | undefined;
    void limit.acquire().then((release) => (b = release));
    await new Promise((resolve) => setImmediate(resolve));
    expect(b).toBeUndefined();
    a();
    await new Promise((resolve) => setImmediate(resolve));
    expect(b).toBeTypeOf('function');
  });

  it('rejects a waiter whose signal aborts', async () => {
    const limit = createAdaptiveConcurrency(1);
    await limit.acquire();
    const controller = new AbortController();
    const waiting = limit.acquire(controller.signal);
    controller.abort(new Error('stop'));
    await expect(waiting).rejects.toThrow('stop');
  });

  it('refuses a concurrency below 1', () => {
    expect(() => createAdaptiveConcurrency(0)).toThrow(/at least 1/);
  });
});

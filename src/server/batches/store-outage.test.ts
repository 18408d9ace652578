import { describe, expect, it } from 'vitest';
import type { LogLine } from '../app/server-dependencies.js';
import { StoreUnavailableError } from '../store/store.js';
import { createStoreOutage } from './store-outage.js';

const refused = new StoreUnavailableError('the PostgreSQL database cannot be reached: connect ECONNREFUSED 10.0.0.7:5432', { cause: new Error('ECONNREFUSED') });

function outageAt(start = Date.parse('2026-11-22T10:00:00.000Z')) {
  const clock = { now: start };
  const logs: LogLine[] = [];
  const outage = createStoreOutage({ dataCenter: 'na1', clock: () => new Date(clock.now), logger: (line) => void logs.push(line), firstDelayMs: 1000, maxDelayMs: 30_000 });
  const advance = (ms: number) => void (clock.now += ms);
  return { outage, logs, advance, messages: () => logs.map((line) => `${line.level}: ${line.message}`) };
}

describe('createStoreOutage', () => {
  it('logs an outage when it starts, at most once a minute while it lasts, and when the store answers again', () => {
    const { outage, advance, messages } = outageAt();
    const worker = {};
    // One failed attempt, then one every 10 s for 2 min 10 s.
    outage.failed(worker, refused);
    for (let attempt = 2; attempt <= 13; attempt++) {
      advance(10_000);
      outage.failed(worker, refused);
    }
    advance(10_000);
    expect(outage.answered()).toBe(true);
    expect(messages()).toEqual([
      'error: the store of na1 cannot be reached, no batch job can be claimed there (trying again after 1 s, then twice as long after each failure, up to 30 s): the PostgreSQL database cannot be reached: connect ECONNREFUSED [address]',
      'error: the store of na1 still cannot be reached after 1 min 0 s (7 attempts failed): the PostgreSQL database cannot be reached: connect ECONNREFUSED [address]',
      'error: the store of na1 still cannot be reached after 2 min 0 s (13 attempts failed): the PostgreSQL database cannot be reached: connect ECONNREFUSED [address]',
      'info: the store of na1 answers again after 2 min 10 s (13 attempts failed)',
    ]);
  });

  it('logs nothing when the store answers outside an outage', () => {
    const { outage, messages } = outageAt();
    expect(outage.answered()).toBe(false);
    expect(messages()).toEqual([]);
  });

  it('doubles the wait after each failure up to the ceiling, and starts again from the first wait after the store answered', () => {
    const { outage, advance, messages } = outageAt();
    const worker = {};
    const waits = Array.from({ length: 8 }, () => outage.failed(worker, refused));
    expect(waits).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000]);
    advance(45_000);
    outage.answered();
    advance(5000);
    expect([outage.failed(worker, refused), outage.failed(worker, refused)]).toEqual([1000, 2000]);
    advance(2000);
    outage.answered();
    // A second outage is a new one: its start and end are logged again.
    expect(messages().slice(1)).toEqual([
      'info: the store of na1 answers again after 45 s (8 attempts failed)',
      expect.stringMatching(/^error: the store of na1 cannot be reached, /),
      'info: the store of na1 answers again after 2 s (2 attempts failed)',
    ]);
  });

  it('lets one worker keep trying while the others wait to be woken, counting every failed attempt', () => {
    const { outage, advance, messages } = outageAt();
    const prober = {};
    const other = {};
    expect(outage.failed(prober, refused)).toBe(1000);
    expect(outage.failed(other, refused)).toBeUndefined();
    expect(outage.failed(prober, refused)).toBe(2000);
    // Woken meanwhile (a job was submitted), the other worker tried and failed: it waits again,
    // and its attempt does not make the prober's wait longer.
    expect(outage.failed(other, refused)).toBeUndefined();
    expect(outage.failed(prober, refused)).toBe(4000);
    advance(1500);
    outage.answered();
    expect(messages().at(-1)).toBe('info: the store of na1 answers again after 1 s (5 attempts failed)');
  });
});

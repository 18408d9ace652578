// The job runner while a data center's store cannot be reached: one worker keeps trying, less and
// less often, the outage is logged when it starts, once a minute and when it ends, claiming resumes
// at once when the store answers, and a stop does not wait for the backoff.

import { afterEach, describe, expect, it } from 'vitest';
import { createJobRunner, type JobRunner } from '../../src/server/batches/job-runner.js';
import { StoreUnavailableError, type DataCenterStore, type StoreWriter } from '../../src/server/store/store.js';
import { createServerHarness, type ServerHarness } from '../support/server-harness.js';

interface Outage {
  /** While true, every transaction fails as a refused connection does. */
  down: boolean;
  /** Transactions that failed so. */
  failures: number;
  /** Called as a transaction fails; a promise it returns holds the failure back until it settles. */
  onFailure?: () => Promise<void> | void;
}

const refused = () => new StoreUnavailableError('the PostgreSQL database cannot be reached: connect ECONNREFUSED 10.0.0.7:5432', { cause: new Error('ECONNREFUSED') });

/** A job whose chunks (after the first, applied as it is claimed) wait, outside any transaction, until `released` settles. */
interface Hold {
  readonly jobId: string;
  readonly released: Promise<void>;
}

/** Thrown inside a held chunk's transaction, so that it rolls back and waits outside it. */
const HELD = new Error('held');

/** `store`, whose transactions fail while `outage.down`, and whose chunks of `hold.jobId` wait for it. */
function unreachable(store: DataCenterStore, outage: Outage, hold?: Hold): DataCenterStore {
  let waiting = hold !== undefined;
  void hold?.released.then(() => (waiting = false));
  const holding = (writer: StoreWriter): StoreWriter =>
    new Proxy(writer, {
      get(target, name, receiver) {
        if (name === 'lockJobForChunk' && waiting) {
          return async (jobId: string, ...rest: unknown[]) => {
            if (jobId === hold?.jobId) throw HELD;
            return (target.lockJobForChunk as (...args: unknown[]) => Promise<boolean>).call(target, jobId, ...rest);
          };
        }
        const value = Reflect.get(target, name, receiver) as unknown;
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
  return new Proxy(store, {
    get(target, name, receiver) {
      if (name === 'transaction') {
        return async (work: Parameters<DataCenterStore['transaction']>[0]) => {
          if (outage.down) {
            outage.failures += 1;
            await outage.onFailure?.();
            throw refused();
          }
          for (;;) {
            try {
              return await target.transaction((writer) => work(holding(writer)));
            } catch (error) {
              if (error !== HELD) throw error;
              await hold?.released;
            }
          }
        };
      }
      const value = Reflect.get(target, name, receiver) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** Resolves once `condition` holds (checked every 5 ms, without waking the runner), fails after `ms`. */
async function until(condition: () => boolean | Promise<boolean>, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

let server: ServerHarness;
let runner: JobRunner | undefined;
afterEach(async () => {
  await runner?.stop();
  runner = undefined;
  await server?.close();
});

const messages = () => server.logs.filter((line) => 'level' in line).map((line) => `${line.level}: ${line.message}`);

const submitEvents = async (name: string, count: number): Promise<string> => {
  const submitted = await server.request('POST', '/v2/events/batch', { key: server.keys.acme.standard, body: { requests: Array.from({ length: count }, (_, index) => ({ name, properties: { index } })) } });
  return submitted.body.job.id as string;
};

describe('the job runner while a store cannot be reached', () => {
  it('logs the outage when it starts, once a minute and when the store answers again, then claims at once', async () => {
    server = await createServerHarness({ runJobs: false });
    const id = await submitEvents('Later', 10);
    // Each failed transaction takes 20 s of the harness's clock; the eighth is the last.
    const outage: Outage = {
      down: true,
      failures: 0,
      onFailure: () => {
        server.clock.now = new Date(server.clock.now.getTime() + 20_000);
        if (outage.failures === 8) outage.down = false;
      },
    };
    runner = createJobRunner({ ...server.deps, stores: { ...server.deps.stores, na1: unreachable(server.stores.na1, outage) } }, { concurrency: () => 1, pollMs: 5, maxBackoffMs: 40 });
    runner.start();
    await until(() => messages().some((message) => message.includes('answers again')));
    await runner.idle();
    expect(await server.stores.na1.findJob(server.orgs.acme.id, id)).toMatchObject({ status: 'COMPLETED', imports: 10 });
    // Attempts: the removal of expired exports (due once a minute of the clock) or a claim and its
    // retry, each a failed transaction; the ninth transaction claims the job.
    const reason = 'the PostgreSQL database cannot be reached: connect ECONNREFUSED [address]';
    expect(messages()).toEqual([
      `error: the store of na1 cannot be reached, no batch job can be claimed there (trying again after 5 ms, then twice as long after each failure, up to 40 ms): ${reason}`,
      `error: the store of na1 still cannot be reached after 1 min 0 s (3 attempts failed): ${reason}`,
      `error: the store of na1 still cannot be reached after 2 min 0 s (5 attempts failed): ${reason}`,
      'info: the store of na1 answers again after 2 min 20 s (5 attempts failed)',
    ]);
  });

  it('tries less and less often, with one worker of the data center while the others wait', async () => {
    server = await createServerHarness({ runJobs: false });
    const outage: Outage = { down: true, failures: 0 };
    runner = createJobRunner({ ...server.deps, stores: { ...server.deps.stores, na1: unreachable(server.stores.na1, outage) } }, { concurrency: () => 2, pollMs: 5, maxBackoffMs: 80 });
    runner.start();
    await new Promise((resolve) => setTimeout(resolve, 600));
    // Polling every 5 ms, two workers would fail some 240 times (a claim is two transactions); with
    // waits of 5, 10, 20, 40, then 80 ms, one worker fails about 10 times and the other once.
    expect(outage.failures).toBeGreaterThanOrEqual(5);
    expect(outage.failures).toBeLessThanOrEqual(30);
    expect(messages()).toHaveLength(1);
  });

  it('wakes the waiting workers when the store answers again', async () => {
    server = await createServerHarness({ runJobs: false });
    const held = await submitEvents('Held', 250);
    const quick = await submitEvents('Quick', 50);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    // The held job's second chunk waits, so the worker that claimed it stays busy.
    const outage: Outage = { down: true, failures: 0 };
    runner = createJobRunner(
      { ...server.deps, stores: { ...server.deps.stores, na1: unreachable(server.stores.na1, outage, { jobId: held, released }) } },
      { concurrency: () => 2, chunkSize: 100, pollMs: 5, maxBackoffMs: 60_000 },
    );
    runner.start();
    // Both workers failed: one keeps trying, the other waits to be woken.
    await until(() => outage.failures >= 3);
    outage.down = false;
    // The trying worker claims the held job (the older); the woken one claims the quick job.
    try {
      await until(async () => (await server.stores.na1.findJob(server.orgs.acme.id, quick))?.status === 'COMPLETED', 3000);
      expect(await server.stores.na1.findJob(server.orgs.acme.id, held)).toMatchObject({ status: 'PROCESSING', cursor: 100 });
    } finally {
      release();
    }
    await runner.idle();
    expect(await server.stores.na1.findJob(server.orgs.acme.id, held)).toMatchObject({ status: 'COMPLETED', imports: 250 });
  });

  it('stops at once while waiting out a long backoff', async () => {
    server = await createServerHarness({ runJobs: false });
    const outage: Outage = { down: true, failures: 0 };
    runner = createJobRunner({ ...server.deps, stores: { ...server.deps.stores, na1: unreachable(server.stores.na1, outage) } }, { concurrency: () => 2, pollMs: 20_000 });
    runner.start();
    // One worker waits 20 s before its next attempt, the other until it is woken.
    await until(() => outage.failures >= 3);
    const started = Date.now();
    await runner.stop();
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('stops at once when the stop came during an attempt that then failed', async () => {
    server = await createServerHarness({ runJobs: false });
    let fail!: () => void;
    const failing = new Promise<void>((resolve) => (fail = resolve));
    const outage: Outage = { down: true, failures: 0, onFailure: () => failing };
    runner = createJobRunner({ ...server.deps, stores: { ...server.deps.stores, na1: unreachable(server.stores.na1, outage) } }, { concurrency: () => 1, pollMs: 20_000 });
    runner.start();
    await until(() => outage.failures >= 1);
    const started = Date.now();
    const stopped = runner.stop();
    fail();
    await stopped;
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('logs every failure that is not a connection failure, and keeps polling', async () => {
    server = await createServerHarness({ runJobs: false });
    const id = await submitEvents('Later', 10);
    let failures = 0;
    const broken = new Proxy(server.stores.na1, {
      get(target, name, receiver) {
        if (name === 'transaction') {
          return async (work: Parameters<DataCenterStore['transaction']>[0]) => {
            if (++failures <= 3) throw new Error('relation "jobs" does not exist');
            return target.transaction(work);
          };
        }
        const value = Reflect.get(target, name, receiver) as unknown;
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
    runner = createJobRunner({ ...server.deps, stores: { ...server.deps.stores, na1: broken } }, { concurrency: () => 1, pollMs: 5 });
    runner.start();
    await until(() => failures > 3);
    await runner.idle();
    expect(await server.stores.na1.findJob(server.orgs.acme.id, id)).toMatchObject({ status: 'COMPLETED', imports: 10 });
    // The removal of expired exports logs its own failure; the claim and its retry are one line.
    expect(messages()).toEqual(['error: could not remove expired exports: relation "jobs" does not exist', 'error: could not claim a batch job: relation "jobs" does not exist']);
  });
});

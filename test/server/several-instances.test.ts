// Several real `recap serve` processes on one PostgreSQL database (and one on SQLite), batches sent
// to all of them while one is killed with SIGKILL mid-job and started again: every item is applied
// exactly once, every job's counts are exact, every bad item is named; one Idempotency-Key sent to
// every instance at once executes once, and keyed requests cut short by a kill apply once.

import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createKey, createOrganisation } from '../../src/server/admin/admin-actions.js';
import { openStores } from '../../src/server/store/open-stores.js';
import type { EventRecord } from '../../src/server/store/records.js';
import { runnerName, startServe, waitFor, type ServeProcess } from '../support/serve-processes.js';
import { throwawayPostgres } from '../support/throwaway-postgres.js';

/** Short leases, so that a crashed instance's job is taken over within the test. */
const LEASE_ARGS = ['--job-lease-ms', '2000', '--key-lease-ms', '2000'];
const BATCHES = 15;
/** Batches sent to the other instances at most while the crashed one restarts. */
const MAX_LATE_BATCHES = 30;
const PER_BATCH = 10_000;
/** Items of each batch that must become error lines: an empty name, and a NUL in a uid. */
const BAD_PER_BATCH = 2;

interface World {
  readonly cwd: string;
  readonly env: Record<string, string>;
  readonly key: string;
  readonly orgId: string;
}

async function world(label: string, postgres: Record<string, string> | undefined): Promise<World> {
  const cwd = await mkdtemp(path.join(tmpdir(), `recap-${label}-`));
  const env = postgres ?? {};
  const stores = await openStores({ dataDir: path.join(cwd, '.recap/data'), env });
  try {
    const org = await createOrganisation(stores, { name: 'acme', dataCenter: 'na1', serverEventQuota: null, now: new Date() });
    const { key } = await createKey(stores, { orgName: 'acme', name: 'ingest', level: 'admin', now: new Date() });
    return { cwd, env, key, orgId: org.id };
  } finally {
    await Promise.all(Object.values(stores).map((store) => store.close()));
  }
}

async function call(url: string, key: string, method: string, target: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${url}${target}`, {
    method,
    headers: { authorization: `Basic ${key}`, 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as any };
}

/** Batch `number`'s requests: events numbered by `seq`, two of them bad (at known places). */
function batch(number: number): unknown[] {
  return Array.from({ length: PER_BATCH }, (_, index) => {
    const seq = number * PER_BATCH + index;
    if (index === 7) return { name: '', properties: { seq } };
    if (index === PER_BATCH - 3) return { name: 'Scale', user: { uid: `bad\u0000uid` }, properties: { seq } };
    return { name: 'Scale', user: { uid: `user-${seq % 40}` }, properties: { seq } };
  });
}

/** Every event of the organisation, read from the store. */
async function storedEvents(current: World): Promise<EventRecord[]> {
  const stores = await openStores({ dataDir: path.join(current.cwd, '.recap/data'), env: current.env });
  try {
    const events: EventRecord[] = [];
    let after: string | null = null;
    do {
      const page = await stores.na1.listEvents(current.orgId, { after, limit: 5000 });
      events.push(...page.items);
      after = page.next;
    } while (after !== null);
    return events;
  } finally {
    await Promise.all(Object.values(stores).map((store) => store.close()));
  }
}

/** How many batch jobs `instance` holds the lease of and is working on now (its /metrics). */
async function jobsRunning(instance: ServeProcess): Promise<number> {
  const metrics = await (await fetch(`${instance.url}/metrics`)).text();
  return Number(/^recap_batch_jobs_running (\d+)/m.exec(metrics)?.[1] ?? 0);
}

/** Unfinished jobs whose lease `owner` holds, as committed in the na1 store of `current`. */
async function jobsLeasedBy(current: World, owner: string): Promise<number> {
  const query = "SELECT count(*) AS held FROM jobs WHERE status = 'PROCESSING' AND lease_owner = ";
  const url = current.env.RECAP_NA1_DATABASE_URL;
  if (url === undefined) {
    const db = new Database(path.join(current.cwd, '.recap/data/na1.db'), { readonly: true });
    try {
      return Number((db.prepare(`${query}?`).get(owner) as { held: number }).held);
    } finally {
      db.close();
    }
  }
  const target = new URL(url);
  const schema = target.searchParams.get('schema');
  target.searchParams.delete('schema');
  const client = new pg.Client({ connectionString: target.toString(), options: `-c search_path=${schema}` });
  await client.connect();
  try {
    return Number((await client.query<{ held: string }>(`${query}$1`, [owner])).rows[0]?.held);
  } finally {
    await client.end();
  }
}

/**
 * Sends batches to the other instances, then the victim's, crashes the victim while it holds the
 * lease of an unfinished job (any instance takes any job, so the victim's own batches may be worked
 * on by others: what counts is a lease it holds), sends the last batches to the others (so that
 * they are surely busy), and starts the victim again: it comes back while the others are in the
 * middle of jobs.
 */
async function runCrashedIngest(current: World, instances: ServeProcess[], victim: number): Promise<{ jobs: string[]; restarted: ServeProcess }> {
  const others = instances.filter((_, index) => index !== victim);
  const doomed = instances[victim] as ServeProcess;
  const jobs: string[] = [];
  const owners: ServeProcess[] = [];
  const send = async (owner: ServeProcess) => {
    const number = jobs.length;
    const submitted = await call(owner.url, current.key, 'POST', '/v2/events/batch', { requests: batch(number) });
    expect(submitted.status).toBe(202);
    jobs.push(submitted.body.job.id as string);
    owners.push(owner);
  };
  const late = others.length > 0 ? 2 : 0;
  // Alone (SQLite), the victim gets fewer batches: one process does all the work.
  const victimBatches = others.length > 0 ? 3 : 6;
  const early = others.length > 0 ? BATCHES - victimBatches - late : 0;
  for (let number = 0; number < early; number++) await send(others[number % others.length] as ServeProcess);
  for (let number = 0; number < victimBatches; number++) await send(doomed);
  // Frozen (SIGSTOP), the victim changes nothing more: a lease the store shows it holding then is
  // one it holds when it is killed, and that another instance (or itself, restarted) must take
  // over once the lease runs out. Else it runs on and is looked at again.
  const victimRunner = await runnerName(doomed);
  await waitFor(
    async () => {
      if ((await jobsRunning(doomed)) === 0) return undefined;
      doomed.child.kill('SIGSTOP');
      if ((await jobsLeasedBy(current, victimRunner)) > 0) return true;
      doomed.child.kill('SIGCONT');
      return undefined;
    },
    'the victim holding the lease of an unfinished job',
    60_000,
    10,
  );
  await doomed.crash();
  // The others are kept busy while the victim comes back: batches go to them until it answers
  // (at least `late` of them, at most a bounded number), so that it returns in the middle of
  // their jobs however fast they work.
  const restarting = startServe({ cwd: current.cwd, env: current.env, args: LEASE_ARGS });
  let up = false;
  void restarting.then(
    () => (up = true),
    () => (up = true),
  );
  for (let number = 0; number < late || (late > 0 && !up && number < MAX_LATE_BATCHES); number++) await send(others[number % others.length] as ServeProcess);
  const restarted = await restarting;
  instances[victim] = restarted;
  // The test means something only if another instance was still working when this one came back.
  if (others.length > 0) {
    const theirs = jobs.filter((_, number) => owners[number] !== doomed);
    const statuses = await Promise.all(theirs.map((job) => call(restarted.url, current.key, 'GET', `/v2/events/batch/${job}`)));
    expect(statuses.filter((status) => status.body.job.status === 'PROCESSING').length, 'jobs of other instances in progress at the restart').toBeGreaterThan(0);
  }
  return { jobs, restarted };
}

async function expectExactlyOnce(current: World, instances: readonly ServeProcess[], jobs: readonly string[]): Promise<void> {
  const url = (instances[0] as ServeProcess).url;
  for (const job of jobs) {
    const status = await waitFor(async () => {
      const answer = await call(url, current.key, 'GET', `/v2/events/batch/${job}`);
      return answer.body.job.status === 'PROCESSING' ? undefined : answer.body;
    }, `job ${job} to finish`);
    expect(status).toMatchObject({ job: { status: 'COMPLETED' }, imports: PER_BATCH - BAD_PER_BATCH, errors: BAD_PER_BATCH });
    const errors = await call(url, current.key, 'GET', `/v2/events/batch/${job}/errors`);
    expect(errors.body.results.map((line: { index: number }) => line.index)).toEqual([7, PER_BATCH - 3]);
  }
  const events = await storedEvents(current);
  const seen = new Map<number, number>();
  for (const event of events) seen.set(event.properties.seq as number, (seen.get(event.properties.seq as number) ?? 0) + 1);
  const twice = [...seen].filter(([, count]) => count > 1).map(([seq]) => seq);
  expect(twice.slice(0, 10)).toEqual([]);
  expect(events).toHaveLength(jobs.length * (PER_BATCH - BAD_PER_BATCH));
  // The crashed instance's job was taken over once its lease ran out (by whichever instance).
  let takeovers = 0;
  for (const instance of instances) {
    const metrics = await (await fetch(`${instance.url}/metrics`)).text();
    takeovers += Number(/^recap_lease_takeovers_total\{what="job"\} (\d+)/m.exec(metrics)?.[1] ?? 0);
  }
  expect(takeovers).toBeGreaterThanOrEqual(1);
}

const KEYED_REQUESTS = 60;

/**
 * Sends keyed events to `victim` and kills it with SIGKILL while they run, then retries every key
 * on `survivor` (which waits out the dead requests' key leases): each key's event is stored once,
 * and a request that was answered before the kill gets that answer again.
 */
async function keysAcrossCrash(current: World, victim: ServeProcess, survivor: () => ServeProcess): Promise<void> {
  const body = (seq: number) => ({ name: 'Keyed', user: { uid: `keyed-${seq % 7}` }, properties: { keyed: seq } });
  const headers = (seq: number) => ({ 'idempotency-key': `crash-${seq}` });
  const answered = new Map<number, string>();
  const sent = Array.from({ length: KEYED_REQUESTS }, (_, seq) =>
    call(victim.url, current.key, 'POST', '/v2/events', body(seq), headers(seq)).then(
      (answer) => (answer.status === 200 ? answered.set(seq, answer.body.id as string) : undefined),
      () => undefined,
    ),
  );
  // Killed once some requests have been answered and others are still running.
  await waitFor(async () => (answered.size >= KEYED_REQUESTS / 6 ? true : undefined), 'some keyed requests answered', 60_000, 1);
  await victim.crash();
  await Promise.all(sent);
  expect(answered.size).toBeLessThan(KEYED_REQUESTS);
  for (let seq = 0; seq < KEYED_REQUESTS; seq++) {
    const retry = await waitFor(async () => {
      const answer = await call(survivor().url, current.key, 'POST', '/v2/events', body(seq), headers(seq));
      return answer.status === 409 ? undefined : answer;
    }, `the retry of key crash-${seq}`);
    expect(retry.status, JSON.stringify(retry.body)).toBe(200);
    const first = answered.get(seq);
    if (first !== undefined) {
      expect(retry.headers.get('idempotent-replayed')).toBe('true');
      expect(retry.body.id).toBe(first);
    }
  }
  const stored = (await storedEvents(current)).filter((event) => event.name === 'Keyed');
  const bySeq = new Map<number, number>();
  for (const event of stored) bySeq.set(event.properties.keyed as number, (bySeq.get(event.properties.keyed as number) ?? 0) + 1);
  expect([...bySeq].filter(([, count]) => count !== 1)).toEqual([]);
  expect(bySeq.size).toBe(KEYED_REQUESTS);
}

describe('three recap serve processes on one PostgreSQL database', () => {
  const databases: ReturnType<typeof throwawayPostgres>[] = [];
  const database = () => {
    const created = throwawayPostgres('instances');
    databases.push(created);
    return created.env;
  };
  const running: ServeProcess[] = [];
  afterAll(async () => {
    await Promise.all(running.map((instance) => instance.stop()));
    await Promise.all(databases.map((created) => created.drop()));
  });

  it('apply every batch item exactly once while one instance is killed mid-job and restarted', async () => {
    const current = await world('instances', database());
    const instances = await Promise.all([0, 1, 2].map(() => startServe({ cwd: current.cwd, env: current.env, args: LEASE_ARGS })));
    running.push(...instances);
    const { jobs, restarted } = await runCrashedIngest(current, instances, 1);
    running.push(restarted);
    await expectExactlyOnce(current, instances, jobs);
  }, 240_000);

  it('execute one Idempotency-Key once when every instance receives it at the same moment', async () => {
    const current = await world('keys', database());
    const instances = await Promise.all([0, 1, 2].map(() => startServe({ cwd: current.cwd, env: current.env, args: LEASE_ARGS })));
    running.push(...instances);
    for (let round = 0; round < 5; round++) {
      const headers = { 'idempotency-key': `same-key-${round}` };
      const answers = await Promise.all(instances.map((instance) => call(instance.url, current.key, 'POST', '/v2/users', { uid: `once-${round}` }, headers)));
      const executed = answers.filter((answer) => answer.status === 200 && answer.headers.get('idempotent-replayed') === null);
      expect(executed).toHaveLength(1);
      for (const answer of answers) {
        if (answer.status === 409) expect(answer.body.code).toBe('idempotency_key_in_use');
        else expect(answer.body.id).toBe(executed[0]?.body.id);
      }
    }
  }, 120_000);

  it('apply every keyed request once when the instance running them is killed, and retried on another', async () => {
    const current = await world('keys-crash', database());
    const instances = await Promise.all([0, 1].map(() => startServe({ cwd: current.cwd, env: current.env, args: LEASE_ARGS })));
    running.push(...instances);
    await keysAcrossCrash(current, instances[0] as ServeProcess, () => instances[1] as ServeProcess);
  }, 120_000);
});

describe('one recap serve process on SQLite', () => {
  const running: ServeProcess[] = [];
  afterAll(async () => Promise.all(running.map((instance) => instance.stop())));

  it('applies every batch item exactly once when the process is killed mid-job and restarted', async () => {
    const current = await world('sqlite', undefined);
    const instances = [await startServe({ cwd: current.cwd, env: current.env, args: LEASE_ARGS })];
    running.push(...instances);
    const { jobs, restarted } = await runCrashedIngest(current, instances, 0);
    running.push(restarted);
    await expectExactlyOnce(current, instances, jobs);
  }, 240_000);

  it('applies every keyed request once when the process is killed while running them and retried after its restart', async () => {
    const current = await world('sqlite-keys', undefined);
    const victim = await startServe({ cwd: current.cwd, env: current.env, args: LEASE_ARGS });
    running.push(victim);
    let restarted: ServeProcess | undefined;
    const survivor = () => restarted as ServeProcess;
    const crash = victim.crash.bind(victim);
    victim.crash = async () => {
      await crash();
      restarted = await startServe({ cwd: current.cwd, env: current.env, args: LEASE_ARGS });
      running.push(restarted);
    };
    await keysAcrossCrash(current, victim, survivor);
  }, 120_000);
});

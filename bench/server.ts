// Benchmark of the server: events/s through POST /v2/events/batch (1,000 events per request) and
// latency of POST /v2/users on SQLite with 10 concurrent clients, next to a bare Node HTTP server
// answering the same requests (read the body, JSON.parse it, answer) in the same run; then ingest
// at 50 clients on SQLite, on PostgreSQL with one `recap serve` and with two (two processes on one
// database, each receiving half of the clients), each on a new store.

import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { main } from '../src/cli/main.js';
import { coresBusy, sampleCpu, type CpuSample } from './cpu-time.js';
import { startBenchPostgres, type BenchPostgres } from './postgres-cluster.js';

const BATCHES = Number(process.env.RECAP_BENCH_BATCHES ?? 60);
const EVENTS_PER_BATCH = 1000;
const CLIENTS = 10;
const MANY_CLIENTS = 50;
const MANY_BATCHES = Number(process.env.RECAP_BENCH_BATCHES_50 ?? 200);
const WARM_UP_BATCHES = 50;
type IngestSetup = 'sqlite' | 'postgres-1' | 'postgres-2';
const INGEST_SETUPS: readonly IngestSetup[] = ['sqlite', 'postgres-1', 'postgres-2'];
/** RECAP_BENCH_INGEST=postgres-1,... measures only those set-ups at 50 clients (to profile one). */
const wantedIngest = INGEST_SETUPS.filter((setup) => process.env.RECAP_BENCH_INGEST?.split(',').includes(setup) ?? true);
const USER_REQUESTS = Number(process.env.RECAP_BENCH_USER_REQUESTS ?? 2000);

const quiet = { write: () => true };

function batchBody(batch: number): string {
  return JSON.stringify({
    requests: Array.from({ length: EVENTS_PER_BATCH }, (_, index) => ({
      name: index % 3 === 0 ? 'Product Viewed' : index % 3 === 1 ? 'Added To Cart' : 'Search Performed',
      timestamp: new Date(Date.UTC(2026, 10, 1) + batch * 1000 + index).toISOString(),
      user: { uid: `shopper-${(batch * 7 + index) % 500}` },
      properties: { sku: `SKU-${index % 200}`, price: (index % 50) + 0.99, page: { path: '/p/item', section: 'catalog' } },
    })),
  });
}

const userBody = (index: number) => JSON.stringify({ uid: `bench-${index % 300}`, properties: { plan: index % 2 === 0 ? 'pro' : 'free', visits: index, billing: { seats: index % 20 } } });

async function runClients<T>(count: number, clients: number, work: (index: number, client: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      while (next < count) {
        const index = next++;
        results[index] = await work(index, client);
      }
    }),
  );
  return results;
}

const percentile = (sorted: number[], share: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] as number;

/** Where a server keeps its data: a SQLite data dir, and the PostgreSQL URL of na1 when set. */
interface StoreSetting {
  readonly dataDir: string;
  readonly databaseUrl?: string;
}

/** The data dirs this run made (hundreds of MB each once measured), removed at its end. */
const dataDirs: string[] = [];

async function newDataDir(): Promise<string> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'recap-bench-server-'));
  dataDirs.push(dataDir);
  return dataDir;
}

const storeEnv = (store: StoreSetting): Record<string, string> => (store.databaseUrl === undefined ? {} : { RECAP_NA1_DATABASE_URL: store.databaseUrl });

function startRecap(store: StoreSetting): Promise<{ child: ChildProcess; url: string }> {
  // RECAP_BENCH_CPU_PROFILE=DIR writes a CPU profile of the server there.
  const profile = process.env.RECAP_BENCH_CPU_PROFILE === undefined ? [] : ['--cpu-prof', `--cpu-prof-dir=${process.env.RECAP_BENCH_CPU_PROFILE}`];
  // The built server, as `npx recap serve` runs it (`npm run bench` builds first).
  const child = spawn(process.execPath, [...profile, 'bin/recap.js', 'serve', '--port', '0', '--data-dir', store.dataDir], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...storeEnv(store) },
  });
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match !== null) {
        // From here on the request log is not read; drain it so the pipe never blocks
        // (RECAP_BENCH_SERVER_LOG=FILE appends it there, to look into a failed run).
        child.stdout?.off('data', onData);
        const log = process.env.RECAP_BENCH_SERVER_LOG;
        if (log === undefined) child.stdout?.resume();
        else child.stdout?.pipe(createWriteStream(log, { flags: 'a' }));
        resolve({ child, url: match[1] as string });
      }
    };
    child.stdout?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`recap serve exited with ${code}`)));
  });
}

// The baseline: what node:http costs for the same requests, with no validation or storage.
function startBare(): Promise<{ server: Server; url: string }> {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { requests?: unknown[] };
      const status = request.url === '/v2/events/batch' ? 202 : 200;
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(status === 202 ? { job: { id: 'j', status: 'PROCESSING', items: body.requests?.length } } : { id: 'u', ...body }));
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` })));
}

interface Figures {
  /** One figure per round: the machine is noisy, so the median of three is reported. */
  acceptMs: number[];
  totalMs: number[];
  userLatencies: number[];
}

const ROUNDS = 3;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

async function measure(url: string, headers: Record<string, string>, waitForJobs: boolean): Promise<Figures> {
  const figures: Figures = { acceptMs: [], totalMs: [], userLatencies: [] };
  for (let round = 0; round < ROUNDS; round++) {
    const { acceptMs, totalMs } = await measureBatches(url, headers, waitForJobs, round);
    figures.acceptMs.push(acceptMs);
    figures.totalMs.push(totalMs);
  }
  figures.userLatencies = await measureUsers(url, headers);
  return figures;
}

async function measureBatches(url: string, headers: Record<string, string>, waitForJobs: boolean, round: number): Promise<{ acceptMs: number; totalMs: number }> {
  return measureIngest([url], headers, { batches: BATCHES, clients: CLIENTS, round, waitForJobs });
}

/** Sends `batches` batches from `clients` clients, client i to `urls[i % urls.length]`. */
async function measureIngest(
  urls: readonly string[],
  headers: Record<string, string>,
  options: { readonly batches: number; readonly clients: number; readonly round: number; readonly waitForJobs: boolean },
): Promise<{ acceptMs: number; totalMs: number }> {
  const bodies = Array.from({ length: options.batches }, (_, batch) => batchBody(options.round * options.batches + batch));
  const started = performance.now();
  const jobs = await runClients(options.batches, options.clients, async (batch, client) => {
    const url = urls[client % urls.length] as string;
    const response = await fetch(`${url}/v2/events/batch`, { method: 'POST', headers, body: bodies[batch] });
    if (response.status !== 202) throw new Error(`batch answered ${response.status}: ${await response.text()}`);
    return { url, id: ((await response.json()) as { job: { id: string } }).job.id };
  });
  const acceptMs = performance.now() - started;
  if (options.waitForJobs) {
    for (const { url, id } of jobs) {
      for (;;) {
        const status = (await (await fetch(`${url}/v2/events/batch/${id}`, { headers })).json()) as { job: { status: string }; imports: number };
        if (status.job.status !== 'PROCESSING') {
          if (status.imports !== EVENTS_PER_BATCH) throw new Error(`job ${id} imported ${status.imports}`);
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
  }
  return { acceptMs, totalMs: performance.now() - started };
}

async function measureUsers(url: string, headers: Record<string, string>): Promise<number[]> {
  const userLatencies = await runClients(USER_REQUESTS, CLIENTS, async (index) => {
    const begun = performance.now();
    const response = await fetch(`${url}/v2/users`, { method: 'POST', headers, body: userBody(index) });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`POST /v2/users answered ${response.status}`);
    return performance.now() - begun;
  });
  return userLatencies.sort((a, b) => a - b);
}

/** Creates the organisation `bench` in na1 and a Standard key; returns the request headers. */
async function benchOrganisation(store: StoreSetting): Promise<Record<string, string>> {
  const io = { stdout: quiet, stderr: quiet, env: storeEnv(store), cwd: process.cwd() };
  await main(['admin', 'org', 'create', 'bench', '--data-center', 'na1', '--data-dir', store.dataDir], io);
  let keyLine = '';
  await main(['admin', 'key', 'create', '--org', 'bench', '--name', 'bench', '--level', 'standard', '--data-dir', store.dataDir, '--json'], {
    ...io,
    stdout: { write: (text: string) => (keyLine += text) },
  });
  const { key } = JSON.parse(keyLine) as { key: string };
  return { authorization: `Basic ${key}`, 'content-type': 'application/json' };
}

async function stopRecap(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

interface IngestTarget {
  readonly label: string;
  readonly urls: readonly string[];
  readonly headers: Record<string, string>;
  readonly children: readonly ChildProcess[];
  /** ms of each round. */
  readonly totals: number[];
  /** Cores each kind of process kept busy in each round (absent without Linux's /proc). */
  readonly cores: CpuSample[];
}

/** `instances` servers sharing one new store, with the organisation and key of the benchmark. */
async function startIngestTarget(label: string, store: StoreSetting, instances: number): Promise<IngestTarget> {
  const headers = await benchOrganisation(store);
  const servers = await Promise.all(Array.from({ length: instances }, () => startRecap(store)));
  return { label, urls: servers.map((server) => server.url), headers, children: servers.map((server) => server.child), totals: [], cores: [] };
}

async function runManyClientsBenchmark(): Promise<void> {
  const events = MANY_BATCHES * EVENTS_PER_BATCH;
  console.log(
    `\n## Ingest at ${MANY_CLIENTS} clients: ${events.toLocaleString('en')} events in ${MANY_BATCHES} batches of ${EVENTS_PER_BATCH}, ${ROUNDS} rounds, each set-up on a new store\n`,
  );
  let postgres: BenchPostgres | undefined;
  if (wantedIngest.some((name) => name.startsWith('postgres'))) {
    try {
      postgres = await startBenchPostgres();
    } catch (error) {
      // Without PostgreSQL (scripts/throwaway-postgres.sh says what to install), SQLite is still measured.
      console.log(`PostgreSQL set-ups skipped: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  const targets = new Map<IngestSetup, IngestTarget>();
  try {
    for (const setup of wantedIngest.filter((name) => postgres !== undefined || name === 'sqlite')) {
      const instances = setup === 'postgres-2' ? 2 : 1;
      const dataDir = await newDataDir();
      const store = postgres === undefined || setup === 'sqlite' ? { dataDir } : { dataDir, databaseUrl: postgres.newSchemaUrl() };
      const label = setup === 'sqlite' ? 'SQLite, one instance' : `PostgreSQL, ${instances === 1 ? 'one instance' : 'two instances'}`;
      targets.set(setup, await startIngestTarget(label, store, instances));
    }
    // A warm-up round per set-up, not counted: the first requests of a new server compile its
    // code and fill PostgreSQL's caches and the connection pools.
    for (const target of targets.values()) {
      await measureIngest(target.urls, target.headers, { batches: WARM_UP_BATCHES, clients: MANY_CLIENTS, round: ROUNDS, waitForJobs: true });
    }
    // Round by round across the set-ups, not set-up by set-up: a machine that slows down or speeds
    // up during the run then moves every set-up alike, and the ratios stay fair.
    for (let round = 0; round < ROUNDS; round++) {
      for (const target of targets.values()) {
        // Each measurement starts on a quiet machine: the pages the previous one left dirty (in
        // PostgreSQL's buffers and in the kernel's cache of the SQLite files) are written first,
        // not during the next set-up's measurement.
        await postgres?.checkpoint();
        spawnSync('sync');
        const pids = target.children.map((child) => child.pid ?? -1);
        const before = sampleCpu(pids);
        const { totalMs } = await measureIngest(target.urls, target.headers, { batches: MANY_BATCHES, clients: MANY_CLIENTS, round, waitForJobs: true });
        const after = sampleCpu(pids);
        target.totals.push(totalMs);
        if (before !== undefined && after !== undefined) target.cores.push(coresBusy(before, after, totalMs));
      }
    }
  } finally {
    await Promise.all([...targets.values()].flatMap((target) => target.children.map(stopRecap)));
    await postgres?.close();
  }
  const rate = (ms: number) => Math.round(events / (ms / 1000));
  console.log(`${'events/s stored (all jobs COMPLETED; median)'.padEnd(46)} ${'events/s'.padStart(12)}   rounds`);
  for (const { label, totals } of targets.values()) {
    console.log(`${label.padEnd(46)} ${rate(median(totals)).toLocaleString('en').padStart(12)}   ${totals.map((ms) => rate(ms).toLocaleString('en')).join(', ')}`);
  }
  // How busy the machine was: a set-up that keeps every core busy is limited by the machine.
  if ([...targets.values()].every((target) => target.cores.length === ROUNDS)) {
    console.log(`\n${`cores busy, mean of the rounds (machine: ${availableParallelism()})`.padEnd(46)} ${'servers'.padStart(8)} ${'PostgreSQL'.padStart(11)} ${'clients'.padStart(8)} ${'total'.padStart(6)}`);
    for (const { label, cores } of targets.values()) {
      const mean = (pick: (sample: CpuSample) => number) => cores.reduce((sum, sample) => sum + pick(sample), 0) / cores.length;
      const [servers, database, clients] = [mean((sample) => sample.servers), mean((sample) => sample.postgres), mean((sample) => sample.clients)];
      console.log(`${label.padEnd(46)} ${servers.toFixed(2).padStart(8)} ${database.toFixed(2).padStart(11)} ${clients.toFixed(2).padStart(8)} ${(servers + database + clients).toFixed(2).padStart(6)}`);
    }
  }
  const rateOf = (setup: IngestSetup) => {
    const totals = targets.get(setup)?.totals;
    return totals === undefined ? undefined : rate(median(totals));
  };
  const [sqlite, one, two] = [rateOf('sqlite'), rateOf('postgres-1'), rateOf('postgres-2')];
  if (sqlite !== undefined && one !== undefined) console.log(`PostgreSQL one instance / SQLite: ${(one / sqlite).toFixed(2)} (target ≥ 0.8 ${one / sqlite >= 0.8 ? '✓' : '✗'})`);
  if (one !== undefined && two !== undefined) console.log(`PostgreSQL two instances / one: ${(two / one).toFixed(2)} (target ≥ 1.5 ${two / one >= 1.5 ? '✓' : '✗'})`);
}

export async function runServerBenchmark(): Promise<void> {
  try {
    await (process.env.RECAP_BENCH_INGEST === undefined ? runAllServerBenchmarks() : runManyClientsBenchmark());
  } finally {
    await Promise.all(dataDirs.map((dataDir) => rm(dataDir, { recursive: true, force: true })));
  }
}

async function runAllServerBenchmarks(): Promise<void> {
  const events = BATCHES * EVENTS_PER_BATCH;
  console.log(`\n## Server on SQLite: ${events.toLocaleString('en')} events in ${BATCHES} batches of ${EVENTS_PER_BATCH} (${CLIENTS} clients), ${ROUNDS} rounds; ${USER_REQUESTS.toLocaleString('en')} POST /v2/users\n`);
  const store = { dataDir: await newDataDir() };
  const headers = await benchOrganisation(store);

  const bare = await startBare();
  const baseline = await measure(bare.url, headers, false);
  await new Promise((resolve) => bare.server.close(resolve));

  const recap = await startRecap(store);
  const figures = await measure(recap.url, headers, true);
  await stopRecap(recap.child);

  const rate = (ms: number) => Math.round(events / (ms / 1000));
  const shown = (values: number[]) => rate(median(values)).toLocaleString('en');
  const spread = (values: number[]) => `(rounds: ${values.map((ms) => rate(ms).toLocaleString('en')).join(', ')})`;
  console.log(`${'measure (median of the rounds)'.padEnd(46)} ${'recap'.padStart(12)} ${'bare node:http'.padStart(15)}`);
  console.log(`${'events/s accepted (202 answered)'.padEnd(46)} ${shown(figures.acceptMs).padStart(12)} ${shown(baseline.acceptMs).padStart(15)}   ${spread(figures.acceptMs)}`);
  console.log(`${'events/s stored (all jobs COMPLETED)'.padEnd(46)} ${shown(figures.totalMs).padStart(12)} ${'-'.padStart(15)}   ${spread(figures.totalMs)} target ≥ 20,000 ${rate(median(figures.totalMs)) >= 20_000 ? '✓' : '✗'}`);
  for (const [label, share] of [
    ['POST /v2/users p50 ms', 0.5],
    ['POST /v2/users p99 ms', 0.99],
  ] as const) {
    console.log(`${label.padEnd(46)} ${percentile(figures.userLatencies, share).toFixed(2).padStart(12)} ${percentile(baseline.userLatencies, share).toFixed(2).padStart(15)}`);
  }
  await runManyClientsBenchmark();
}

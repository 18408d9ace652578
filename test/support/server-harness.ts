// A server for tests: real stores (SQLite in a temp dir, or PostgreSQL in throwaway schemas of
// RECAP_TEST_DATABASE_URL), an injectable clock, two organisations (acme in na1, globex in eu1)
// with a key of every level, and requests through app.request().

import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createKey, createOrganisation } from '../../src/server/admin/admin-actions.js';
import { createApp } from '../../src/server/app/create-app.js';
import type { CoreDependencies, LogLine } from '../../src/server/app/server-dependencies.js';
import { createJobRunner, type JobRunner } from '../../src/server/batches/job-runner.js';
import { createServerMetrics } from '../../src/server/metrics/server-metrics.js';
import { throwawayPostgres } from './throwaway-postgres.js';
import { openStores } from '../../src/server/store/open-stores.js';
import { createModelSource, type ModelSourceSettings } from '../../src/server/summaries/create-model-source.js';
import { createSummaryService } from '../../src/server/summaries/summary-service.js';
import type { DataCenter, KeyLevel, OrganisationRecord } from '../../src/server/store/records.js';
import type { DataCenterStore } from '../../src/server/store/store.js';

export interface TestResponse {
  readonly status: number;
  readonly body: any;
  readonly headers: Headers;
}

export interface RequestOptions {
  readonly key?: string | undefined;
  readonly body?: unknown;
  /** A body sent as is (malformed JSON, huge bodies, bytes that are not UTF-8). */
  readonly raw?: string | Uint8Array;
  readonly headers?: Record<string, string>;
}

export interface ServerHarness {
  readonly dataDir: string;
  readonly stores: Record<DataCenter, DataCenterStore>;
  readonly clock: { now: Date };
  readonly logs: LogLine[];
  readonly jobs: JobRunner;
  readonly orgs: Record<'acme' | 'globex', OrganisationRecord>;
  /** keys[org][level] */
  readonly keys: Record<'acme' | 'globex', Record<KeyLevel, string>>;
  readonly app: ReturnType<typeof createApp>;
  /** Everything the app was built from, to build variants. */
  readonly deps: CoreDependencies;
  request(method: string, path: string, options?: RequestOptions): Promise<TestResponse>;
  close(): Promise<void>;
}

export interface HarnessOptions {
  readonly serverEventQuota?: number;
  readonly retentionDays?: number;
  /** Default: the extractive model. */
  readonly models?: ModelSourceSettings;
  readonly summaryCache?: boolean;
  readonly modelConcurrency?: number;
  readonly modelTimeoutMs?: number;
  readonly jobLeaseMs?: number;
  readonly keyLeaseMs?: number;
  /** Default true: the harness's own job runner works on batch jobs. */
  readonly runJobs?: boolean;
  /** Waits between retries of a summary batch item the model pushed back on (default the runner's). */
  readonly summaryRetryDelaysMs?: readonly number[];
  /** Default sqlite. postgres needs RECAP_TEST_DATABASE_URL (scripts/with-postgres.sh sets it). */
  readonly store?: StoreKind;
  /**
   * With store postgres: the server to use instead of RECAP_TEST_DATABASE_URL, one the test owns
   * and throws away whole (it may stop it): its schemas are not dropped on close.
   */
  readonly postgresUrl?: string;
}

/** The stores a harness can run on. */
export type StoreKind = 'sqlite' | 'postgres';
export const STORE_KINDS: readonly StoreKind[] = ['sqlite', 'postgres'];

export async function createServerHarness(options: HarnessOptions = {}): Promise<ServerHarness> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'recap-server-'));
  const postgres = options.store === 'postgres' ? throwawayPostgres('http', options.postgresUrl) : undefined;
  const stores = await openStores({ dataDir, env: postgres?.env ?? {} });
  const clock = { now: new Date('2026-11-22T10:00:00.000Z') };
  let counter = 0;
  const logs: LogLine[] = [];
  const metrics = createServerMetrics({ processMetrics: false, unfinishedJobs: Object.fromEntries(Object.entries(stores).map(([dataCenter, store]) => [dataCenter, () => store.countUnfinishedJobs()])) });
  const core: CoreDependencies = {
    stores,
    clock: () => clock.now,
    newId: () => (++counter).toString(16).padStart(16, '0'),
    logger: (line) => void logs.push(line),
    appUrl: 'https://app.recap.test',
    retentionDays: options.retentionDays ?? 90,
    summaries: createSummaryService({
      models: createModelSource(options.models ?? { provider: 'extractive', env: {} }),
      cache: options.summaryCache ?? true,
      concurrency: options.modelConcurrency ?? 8,
      timeoutMs: options.modelTimeoutMs ?? 30_000,
      observeModel: metrics.observeModel,
    }),
    metrics,
    keyLeaseMs: options.keyLeaseMs ?? 30_000,
    lifecycle: { draining: false },
  };
  const jobs = createJobRunner(core, {
    leaseMs: options.jobLeaseMs ?? 30_000,
    pollMs: 20,
    ...(options.summaryRetryDelaysMs === undefined ? {} : { summaryRetryDelaysMs: options.summaryRetryDelaysMs }),
  });
  if (options.runJobs !== false) jobs.start();
  const app = createApp({ ...core, jobs });
  const acme = await createOrganisation(stores, { name: 'acme', dataCenter: 'na1', serverEventQuota: options.serverEventQuota ?? null, now: clock.now });
  const globex = await createOrganisation(stores, { name: 'globex', dataCenter: 'eu1', serverEventQuota: null, now: clock.now });
  const keys = { acme: {}, globex: {} } as Record<'acme' | 'globex', Record<KeyLevel, string>>;
  for (const org of ['acme', 'globex'] as const) {
    for (const level of ['standard', 'architect', 'admin'] as const) {
      keys[org][level] = (await createKey(stores, { orgName: org, name: `${level} key`, level, now: clock.now })).key;
    }
  }
  return {
    dataDir,
    stores,
    clock,
    logs,
    jobs,
    orgs: { acme, globex },
    keys,
    app,
    deps: core,
    async request(method, target, request = {}) {
      const headers: Record<string, string> = { ...request.headers };
      if (request.key !== undefined) headers.authorization = `Basic ${request.key}`;
      const body = request.raw ?? (request.body === undefined ? undefined : JSON.stringify(request.body));
      if (body !== undefined) headers['content-type'] ??= 'application/json';
      const response = await app.request(target, { method, headers, body });
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // Not JSON: keep the text.
      }
      return { status: response.status, body: parsed, headers: response.headers };
    },
    async close() {
      await jobs.stop();
      await Promise.all(Object.values(stores).map((store) => store.close()));
      if (options.postgresUrl === undefined) await postgres?.drop();
    },
  };
}

// `recap serve`: opens the stores, resumes unfinished batch jobs, listens, and shuts down
// gracefully: /readyz answers 503 for the drain time while requests are still served, then the
// listener closes, in-flight requests and the running batch chunk finish, the stores close.

import { randomUUID } from 'node:crypto';
import { serve, type ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { createJobRunner, DEFAULT_JOB_LEASE_MS } from './batches/job-runner.js';
import { DEFAULT_KEY_LEASE_MS } from './idempotency/run-idempotently.js';
import { createServerMetrics } from './metrics/server-metrics.js';
import { createApp } from './app/create-app.js';
import type { CoreDependencies, LogLine } from './app/server-dependencies.js';
import { openStores } from './store/open-stores.js';
import { createModelSource } from './summaries/create-model-source.js';
import { createSummaryService } from './summaries/summary-service.js';
import type { Provider } from '../models/summary-model.js';
import { DEFAULT_RETENTION_DAYS } from './users/limits.js';

export interface StartServerOptions {
  readonly port: number;
  /** The model provider for summaries; default: a configured key decides, else extractive. */
  readonly provider?: Provider | undefined;
  readonly model?: string | undefined;
  readonly baseUrl?: string | undefined;
  /** Default true. */
  readonly summaryCache?: boolean;
  /** Default 8. */
  readonly modelConcurrency?: number;
  /** Default 60,000. */
  readonly modelTimeoutMs?: number;
  readonly host: string;
  readonly dataDir: string;
  readonly appUrl: string;
  readonly retentionDays?: number;
  /** How soon a crashed instance's batch job is taken over (default 30 s). */
  readonly jobLeaseMs?: number;
  /** How soon a crashed request's Idempotency-Key is free again (default 30 s). */
  readonly keyLeaseMs?: number;
  /**
   * On close, how long /readyz answers 503 while the server still serves, before the listener
   * closes: time for a load balancer's health checks to see it and send no more (default 0).
   */
  readonly drainMs?: number;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly logger: (line: LogLine) => void;
}

export interface RunningServer {
  /** `http://HOST:PORT` with the port actually bound. */
  readonly url: string;
  /** The provider and default model summaries use. */
  readonly model: string;
  close(): Promise<void>;
}

/** Starts the server; resolves once it listens. */
export async function startServer(options: StartServerOptions): Promise<RunningServer> {
  const stores = await openStores({ dataDir: options.dataDir, env: options.env });
  const metrics = createServerMetrics({ unfinishedJobs: Object.fromEntries(Object.entries(stores).map(([dataCenter, store]) => [dataCenter, () => store.countUnfinishedJobs()])) });
  const core: CoreDependencies = {
    stores,
    clock: () => new Date(),
    // randomUUID draws from a cached pool of entropy: much cheaper per id than randomBytes.
    newId: () => randomUUID().replaceAll('-', ''),
    logger: options.logger,
    appUrl: options.appUrl.replace(/\/+$/, ''),
    retentionDays: options.retentionDays ?? DEFAULT_RETENTION_DAYS,
    summaries: createSummaryService({
      models: createModelSource({ provider: options.provider, model: options.model, baseUrl: options.baseUrl, env: options.env }),
      cache: options.summaryCache ?? true,
      concurrency: options.modelConcurrency ?? 8,
      timeoutMs: options.modelTimeoutMs ?? 60_000,
      flightLeaseMs: options.keyLeaseMs ?? DEFAULT_KEY_LEASE_MS,
      observeModel: metrics.observeModel,
    }),
    metrics,
    keyLeaseMs: options.keyLeaseMs ?? DEFAULT_KEY_LEASE_MS,
    lifecycle: { draining: false },
  };
  const jobs = createJobRunner(core, { leaseMs: options.jobLeaseMs ?? DEFAULT_JOB_LEASE_MS });
  const app = createApp({ ...core, jobs });
  const server = await new Promise<ServerType>((resolve, reject) => {
    const started = serve({ fetch: app.fetch, port: options.port, hostname: options.host }, () => resolve(started));
    started.once('error', reject);
  });
  jobs.start();
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${host}:${address.port}`,
    model: `${core.summaries.provider}/${core.summaries.modelName({})}`,
    async close() {
      core.lifecycle.draining = true;
      // A load balancer learns of the stop only from /readyz: closing the listener at once would
      // refuse the requests it still sends until its next health checks.
      const drainMs = options.drainMs ?? 0;
      if (drainMs > 0) await new Promise((resolve) => setTimeout(resolve, drainMs));
      // Requests in flight finish; the running chunk commits and its job's lease is handed back.
      await Promise.all([new Promise<void>((resolve) => server.close(() => resolve())), jobs.stop()]);
      await Promise.all(Object.values(stores).map((store) => store.close()));
    },
  };
}

// What `GET /metrics` tells Prometheus (prom-client): requests by route and status with their
// latency, batch items applied and failed, the job queue and lease takeovers, idempotency replays
// and conflicts, and the summary model's latency and errors; with Node's own process metrics.
// Labels never name an organisation, a key or anything from a request body; the model a profile
// names is one of a bounded set (MAX_MODEL_LABELS).

import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** What an Idempotency-Key did for a request. */
export type IdempotencyOutcome = 'executed' | 'replayed' | 'in_use' | 'reused' | 'taken_over';

export interface ServerMetrics {
  /** The registry `GET /metrics` reads. */
  readonly registry: Registry;
  observeRequest(method: string, route: string, status: number, seconds: number): void;
  countBatchItems(kind: string, applied: number, failed: number): void;
  countLeaseTakeover(what: 'job' | 'idempotency_key'): void;
  /** A job this instance holds the lease of started (+1) or stopped (-1) being worked on. */
  countJobRunning(delta: 1 | -1): void;
  /** The name this instance's job runner holds leases under (`lease_owner` in the jobs table). */
  nameJobRunner(name: string): void;
  countIdempotency(outcome: IdempotencyOutcome): void;
  observeModel(provider: string, model: string, seconds: number, error?: string): void;
}

export interface ServerMetricsOptions {
  /**
   * Unfinished batch jobs (every organisation) of each data center's store, read when Prometheus
   * scrapes; a store that fails or takes longer than STORE_SCRAPE_TIMEOUT_MS is down for that scrape.
   */
  readonly unfinishedJobs?: Readonly<Record<string, () => Promise<number>>>;
  /** Node's process metrics (CPU, memory, event loop); off in tests that build many apps. */
  readonly processMetrics?: boolean;
}

/**
 * Distinct `model` label values an instance keeps: a profile, or a request's overrides, names any
 * model it likes, so the label is bounded like one from a request. Later names, and names longer
 * than MAX_MODEL_LABEL_LENGTH, are counted under `other`.
 */
export const MAX_MODEL_LABELS = 20;
export const MAX_MODEL_LABEL_LENGTH = 100;

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

/** How long a scrape waits for a store: well within Prometheus' default scrape timeout (10 s). */
export const STORE_SCRAPE_TIMEOUT_MS = 5_000;

/** What each store answered, or undefined for one that could not (unreachable, too slow). */
async function readStores(reads: Readonly<Record<string, () => Promise<number>>>): Promise<Map<string, number | undefined>> {
  const answers = await Promise.all(
    Object.entries(reads).map(async ([name, read]) => {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<undefined>((resolve) => {
        timer = setTimeout(() => resolve(undefined), STORE_SCRAPE_TIMEOUT_MS);
      });
      try {
        return [name, await Promise.race([read(), timeout])] as const;
      } catch {
        return [name, undefined] as const;
      } finally {
        clearTimeout(timer);
      }
    }),
  );
  return new Map(answers);
}

export function createServerMetrics(options: ServerMetricsOptions = {}): ServerMetrics {
  const registry = new Registry();
  if (options.processMetrics !== false) collectDefaultMetrics({ register: registry, prefix: 'recap_' });
  const requests = new Counter({ name: 'recap_http_requests_total', help: 'HTTP requests answered, by method, route and status.', labelNames: ['method', 'route', 'status'], registers: [registry] });
  const latency = new Histogram({
    name: 'recap_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route and status.',
    labelNames: ['method', 'route', 'status'],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const items = new Counter({ name: 'recap_batch_items_total', help: 'Batch items processed, by batch kind and outcome (applied or failed).', labelNames: ['kind', 'outcome'], registers: [registry] });
  const takeovers = new Counter({
    name: 'recap_lease_takeovers_total',
    help: 'Leases taken over from an instance that stopped renewing them (a batch job, an Idempotency-Key).',
    labelNames: ['what'],
    registers: [registry],
  });
  const running = new Gauge({
    name: 'recap_batch_jobs_running',
    help: 'Batch jobs this instance holds the lease of and is working on now.',
    registers: [registry],
  });
  const instance = new Gauge({
    name: 'recap_instance_info',
    help: 'This instance: job_runner is the name it holds batch job leases under (lease_owner in the jobs table).',
    labelNames: ['job_runner'],
    registers: [registry],
  });
  const idempotency = new Counter({
    name: 'recap_idempotency_requests_total',
    help: 'Requests with an Idempotency-Key, by outcome: executed, replayed, in_use (409), reused (422), taken_over.',
    labelNames: ['outcome'],
    registers: [registry],
  });
  const model = new Histogram({
    name: 'recap_summary_model_duration_seconds',
    help: 'Time spent waiting for and inside the summary model, by provider and model.',
    labelNames: ['provider', 'model'],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const modelErrors = new Counter({ name: 'recap_summary_model_errors_total', help: 'Summary model calls that failed, by provider, model and error code.', labelNames: ['provider', 'model', 'code'], registers: [registry] });
  const modelLabels = new Set<string>();
  const modelLabel = (name: string): string => {
    if (modelLabels.has(name)) return name;
    if (name.length > MAX_MODEL_LABEL_LENGTH || modelLabels.size >= MAX_MODEL_LABELS) return 'other';
    modelLabels.add(name);
    return name;
  };
  const unfinishedJobs = options.unfinishedJobs;
  if (unfinishedJobs !== undefined) {
    // One read of the stores per scrape, shared by the two gauges (prom-client collects them together).
    let reading: Promise<Map<string, number | undefined>> | undefined;
    const read = () => (reading ??= readStores(unfinishedJobs).finally(() => setImmediate(() => (reading = undefined))));
    new Gauge({
      name: 'recap_batch_jobs_unfinished',
      help: 'Batch jobs not finished yet, in every organisation of this server\'s stores (the queue); absent while a store cannot be read.',
      registers: [registry],
      async collect() {
        const counts = [...(await read()).values()];
        // A sum that leaves a store out would look like a shorter queue: no sample instead.
        if (counts.every((count) => count !== undefined)) this.set(counts.reduce((sum, count) => sum + count, 0));
        else this.remove();
      },
    });
    new Gauge({
      name: 'recap_store_up',
      help: 'Whether the store of a data center answered this scrape (1) or could not be read (0: unreachable, or no answer within 5 s).',
      labelNames: ['data_center'],
      registers: [registry],
      async collect() {
        for (const [dataCenter, count] of await read()) this.set({ data_center: dataCenter }, count === undefined ? 0 : 1);
      },
    });
  }
  return {
    registry,
    observeRequest(method, route, status, seconds) {
      const labels = { method, route, status: String(status) };
      requests.inc(labels);
      latency.observe(labels, seconds);
    },
    countBatchItems(kind, applied, failed) {
      if (applied > 0) items.inc({ kind, outcome: 'applied' }, applied);
      if (failed > 0) items.inc({ kind, outcome: 'failed' }, failed);
    },
    countLeaseTakeover(what) {
      takeovers.inc({ what });
    },
    countJobRunning(delta) {
      running.inc(delta);
    },
    nameJobRunner(name) {
      instance.reset();
      instance.set({ job_runner: name }, 1);
    },
    countIdempotency(outcome) {
      idempotency.inc({ outcome });
    },
    observeModel(provider, name, seconds, error) {
      const label = modelLabel(name);
      model.observe({ provider, model: label }, seconds);
      if (error !== undefined) modelErrors.inc({ provider, model: label, code: error });
    },
  };
}

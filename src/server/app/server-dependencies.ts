// Everything the HTTP app needs from outside, passed in so tests control it (clock, ids, stores).

import type { JobRunner } from '../batches/job-runner.js';
import type { ServerMetrics } from '../metrics/server-metrics.js';
import type { SummaryService } from '../summaries/summary-service.js';
import type { DataCenter } from '../store/records.js';
import type { DataCenterStore } from '../store/store.js';

/** One line of the request log: method, path, status, ms, org. Never a key or a body. */
export type LogLine = Readonly<Record<string, string | number | null>>;

export interface ServerDependencies {
  readonly stores: Readonly<Record<DataCenter, DataCenterStore>>;
  readonly clock: () => Date;
  /** A new random id (without prefix). */
  readonly newId: () => string;
  readonly logger: (line: LogLine) => void;
  /** Base address of the web application, for session links. */
  readonly appUrl: string;
  /** Property and event names older than this stop counting against the limits. */
  readonly retentionDays: number;
  /** Summaries: the model, its cache and limits. */
  readonly summaries: SummaryService;
  /** What `GET /metrics` reports. */
  readonly metrics: ServerMetrics;
  /** How long a request executing under an Idempotency-Key holds it without a renewal (a crashed one's key is free after this). */
  readonly keyLeaseMs: number;
  /** Set once the server is stopping: /readyz answers 503 so that load balancers send no more. */
  readonly lifecycle: { draining: boolean };
  /** Runs batch jobs (built with createJobRunner from the other dependencies). */
  readonly jobs: JobRunner;
}

/** The dependencies a job runner needs: all but the runner itself. */
export type CoreDependencies = Omit<ServerDependencies, 'jobs'>;

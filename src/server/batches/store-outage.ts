// What a data center's claim loop does while its store cannot be reached: one worker keeps trying,
// waiting twice as long after each failure (up to a ceiling), the others wait for it; and the
// outage is logged when it starts, at most once a minute while it lasts and when it ends, instead
// of once per failed attempt (two workers polling every second would log 7,200 lines an hour).

import type { LogLine } from '../app/server-dependencies.js';
import { redactInternals } from '../http/redact-internals.js';
import type { DataCenter } from '../store/records.js';
import type { StoreUnavailableError } from '../store/store.js';

/** The longest wait between two attempts to claim a job in a store that cannot be reached. */
export const DEFAULT_MAX_BACKOFF_MS = 30_000;
/** How often an outage that lasts is logged again. */
export const OUTAGE_REPORT_MS = 60_000;

export interface StoreOutageOptions {
  readonly dataCenter: DataCenter;
  readonly clock: () => Date;
  readonly logger: (line: LogLine) => void;
  /** The wait after the first failed attempt (the runner's poll interval). */
  readonly firstDelayMs: number;
  /** The longest wait; default DEFAULT_MAX_BACKOFF_MS. */
  readonly maxDelayMs?: number;
}

export interface StoreOutage {
  /**
   * Records a failed attempt of `worker` (any object naming it) and logs what is due. Answers how
   * long that worker waits before its next attempt, or undefined when another worker is the one
   * trying: it waits to be woken (when the store answers again, a job is submitted or the runner stops).
   */
  failed(worker: object, error: StoreUnavailableError): number | undefined;
  /** Records that the store answered; true when that ended an outage (wake the waiting workers). */
  answered(): boolean;
}

interface Outage {
  readonly since: number;
  /** The worker that keeps trying. */
  readonly prober: object;
  attempts: number;
  delayMs: number;
  reportedAt: number;
}

/** The outage state of one data center's store, shared by the workers of its claim loop. */
export function createStoreOutage(options: StoreOutageOptions): StoreOutage {
  const maxDelayMs = Math.max(options.firstDelayMs, options.maxDelayMs ?? DEFAULT_MAX_BACKOFF_MS);
  const store = `the store of ${options.dataCenter}`;
  let outage: Outage | undefined;
  const log = (level: string, message: string) => options.logger({ time: options.clock().toISOString(), level, message });
  return {
    failed(worker, error) {
      const now = options.clock().getTime();
      const reason = redactInternals(error.message);
      if (outage === undefined) {
        outage = { since: now, prober: worker, attempts: 1, delayMs: options.firstDelayMs, reportedAt: now };
        log(
          'error',
          `${store} cannot be reached, no batch job can be claimed there (trying again after ${formatDuration(options.firstDelayMs)}, then twice as long after each failure, up to ${formatDuration(maxDelayMs)}): ${reason}`,
        );
        return outage.delayMs;
      }
      outage.attempts += 1;
      if (now - outage.reportedAt >= OUTAGE_REPORT_MS) {
        outage.reportedAt = now;
        log('error', `${store} still cannot be reached after ${formatDuration(now - outage.since)} (${outage.attempts} attempts failed): ${reason}`);
      }
      if (worker !== outage.prober) return undefined;
      outage.delayMs = Math.min(maxDelayMs, outage.delayMs * 2);
      return outage.delayMs;
    },
    answered() {
      if (outage === undefined) return false;
      const { since, attempts } = outage;
      outage = undefined;
      log('info', `${store} answers again after ${formatDuration(options.clock().getTime() - since)} (${attempts} ${attempts === 1 ? 'attempt' : 'attempts'} failed)`);
      return true;
    },
  };
}

/** `850 ms`, `42 s`, `2 min 10 s`, `1 h 5 min`. */
function formatDuration(milliseconds: number): string {
  if (milliseconds < 1000) return `${Math.round(milliseconds)} ms`;
  const seconds = Math.floor(milliseconds / 1000);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${seconds % 60} s`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

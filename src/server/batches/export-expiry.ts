// Exports are kept a while after they complete (EXPORT_RETENTION_MS), then their content is
// removed by whichever instance's runner looks first, at most once a minute per data center. A
// store that cannot be reached is the claim loop's to report (store-outage.ts), not logged here.

import type { CoreDependencies } from '../app/server-dependencies.js';
import { redactInternals } from '../http/redact-internals.js';
import type { DataCenter } from '../store/records.js';
import { StoreUnavailableError, type DataCenterStore } from '../store/store.js';

/** Exports are downloadable for 7 days after they complete; then their content is removed. */
export const EXPORT_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Removes the content of exports past `retentionMs`, at most once a minute per data center; throws
 * only a StoreUnavailableError.
 */
export function createExportExpiry(deps: CoreDependencies, retentionMs: number): (dataCenter: DataCenter, store: DataCenterStore) => Promise<void> {
  /** When each data center last removed expired exports. */
  const expiredAt = new Map<DataCenter, number>();
  return async function expireExports(dataCenter: DataCenter, store: DataCenterStore): Promise<void> {
    const now = deps.clock().getTime();
    if (now - (expiredAt.get(dataCenter) ?? Number.NEGATIVE_INFINITY) < 60_000) return;
    expiredAt.set(dataCenter, now);
    const before = new Date(now - retentionMs).toISOString();
    await store.transaction((writer) => writer.expireExports(before)).catch((error: unknown) => {
      if (error instanceof StoreUnavailableError) throw error;
      deps.logger({ time: deps.clock().toISOString(), level: 'error', message: `could not remove expired exports: ${redactInternals(error instanceof Error ? error.message : String(error))}` });
    });
  };
}

// The server event quota: per organisation and calendar month (UTC). Spent: 429 with Retry-After.

import { ApiError } from '../http/api-error.js';
import type { OrganisationRecord } from '../store/records.js';
import type { StoreWriter } from '../store/store.js';

/** `2026-11` */
export const quotaPeriod = (now: Date): string => now.toISOString().slice(0, 7);

/** Seconds until the next calendar month begins (UTC). */
export function secondsUntilNextPeriod(now: Date): number {
  const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1);
  return Math.max(1, Math.ceil((next - now.getTime()) / 1000));
}

/** Takes `count` events from the quota, or throws 429 too_many_requests. */
export async function consumeQuota(writer: StoreWriter, org: OrganisationRecord, count: number, now: Date): Promise<void> {
  if (org.serverEventQuota === null || count === 0) return;
  const allowed = await writer.consumeServerEvents(org.id, quotaPeriod(now), count, org.serverEventQuota);
  if (!allowed) {
    throw new ApiError('too_many_requests', `the organisation's server event quota (${org.serverEventQuota} a month) is spent${count > 1 ? ` or too small for ${count} events` : ''}`, {
      headers: { 'Retry-After': String(secondsUntilNextPeriod(now)) },
    });
  }
}

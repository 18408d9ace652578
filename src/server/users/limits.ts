// The spec's cardinality limits and the retention window that lets names age out.

export const USER_PROPERTY_LIMIT = 500;
export const EVENT_NAME_LIMIT = 1000;
export const EVENT_PROPERTY_LIMIT = 5000;
export const DEFAULT_RETENTION_DAYS = 90;

/** Names last seen before this instant no longer count. */
export function retentionCutoff(now: Date, retentionDays: number): string {
  return new Date(now.getTime() - retentionDays * 24 * 60 * 60 * 1000).toISOString();
}

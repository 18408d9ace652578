// Idempotency-Key claims on SQLite. Only one transaction writes at a time, so look-up then insert
// cannot race: of several claims of one key, the first is `claimed`, the others find it executing.

import type { IdempotencyClaim } from '../records.js';
import type { StatementCache } from './statement-cache.js';

interface IdempotencyRow {
  fingerprint: string;
  state: string;
  status: number | null;
  body: string | null;
}

/** StoreWriter#claimIdempotencyKey, inside the caller's transaction. */
export function claimIdempotencyKeyInSqlite(
  statements: StatementCache,
  orgId: string,
  key: string,
  options: { readonly fingerprint: string; readonly now: string; readonly expiresBefore: string },
): IdempotencyClaim {
  // Forgetting every expired key of the organisation (this one included) keeps the table at
  // about a day of keys.
  statements.get('DELETE FROM idempotency_keys WHERE org_id = ? AND created_at < ?').run(orgId, options.expiresBefore);
  const inserted = statements
    .get(
      `INSERT INTO idempotency_keys (org_id, key, fingerprint, state, status, body, created_at)
       VALUES (?, ?, ?, 'executing', NULL, NULL, ?) ON CONFLICT DO NOTHING`,
    )
    .run(orgId, key, options.fingerprint, options.now);
  if (inserted.changes === 1) return { state: 'claimed' };
  const row = statements.get('SELECT fingerprint, state, status, body FROM idempotency_keys WHERE org_id = ? AND key = ?').get(orgId, key) as
    | IdempotencyRow
    | undefined;
  if (row === undefined) throw new Error(`the idempotency key "${key}" vanished inside its transaction`);
  if (row.fingerprint !== options.fingerprint) return { state: 'mismatch' };
  if (row.state === 'completed' && row.status !== null && row.body !== null) return { state: 'completed', status: row.status, body: row.body };
  return { state: 'executing' };
}

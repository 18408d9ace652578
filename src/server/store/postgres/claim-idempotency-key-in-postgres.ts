// Idempotency-Key claims on PostgreSQL, safe under concurrent claims of one key: a single upsert
// both creates a new key and replaces an expired one, and locks the row it finds, so exactly one
// of several simultaneous claims is `claimed` and the others see the key executing.

import type { IdempotencyClaim } from '../records.js';
import { preparedQuery, type Queryable } from './prepared-query.js';

interface IdempotencyRow {
  fingerprint: string;
  state: string;
  status: number | null;
  body: string | null;
}

/** StoreWriter#claimIdempotencyKey, inside the caller's transaction. */
export async function claimIdempotencyKeyInPostgres(
  database: Queryable,
  orgId: string,
  key: string,
  options: { readonly fingerprint: string; readonly now: string; readonly expiresBefore: string },
): Promise<IdempotencyClaim> {
  // Housekeeping: forget other expired keys of the organisation, skipping any a concurrent
  // transaction holds, a hundred at a time.
  await database.query(
    preparedQuery(
      `DELETE FROM idempotency_keys WHERE (org_id, key) IN (
         SELECT org_id, key FROM idempotency_keys WHERE org_id = $1 AND created_at < $2 AND key <> $3 LIMIT 100 FOR UPDATE SKIP LOCKED)`,
      [orgId, options.expiresBefore, key],
    ),
  );
  // A concurrent claim of the same key waits here for the row (or for the other transaction's
  // insert), then finds it live and claims nothing.
  const claimed = await database.query(
    preparedQuery(
      `INSERT INTO idempotency_keys (org_id, key, fingerprint, state, status, body, created_at) VALUES ($1, $2, $3, 'executing', NULL, NULL, $4)
       ON CONFLICT (org_id, key) DO UPDATE SET fingerprint = excluded.fingerprint, state = 'executing', status = NULL, body = NULL, created_at = excluded.created_at
       WHERE idempotency_keys.created_at < $5`,
      [orgId, key, options.fingerprint, options.now, options.expiresBefore],
    ),
  );
  if (claimed.rowCount === 1) return { state: 'claimed' };
  const found = await database.query<IdempotencyRow>(
    preparedQuery('SELECT fingerprint, state, status, body FROM idempotency_keys WHERE org_id = $1 AND key = $2', [orgId, key]),
  );
  const row = found.rows[0];
  // ON CONFLICT DO UPDATE locked the row even though it changed nothing: it cannot have gone.
  if (row === undefined) throw new Error(`the idempotency key "${key}" vanished while locked`);
  if (row.fingerprint !== options.fingerprint) return { state: 'mismatch' };
  if (row.state === 'completed' && row.status !== null && row.body !== null) return { state: 'completed', status: row.status, body: row.body };
  return { state: 'executing' };
}

// Idempotency-Key claims (StoreWriter#claimIdempotencyKey), safe under concurrent claims of one key:
// a single upsert both creates a new key and replaces an expired one, and (PostgreSQL) locks the
// row it meets, so exactly one of several simultaneous claims is `claimed` and the others find the
// key executing. SQLite runs one writer at a time, so the same statements cannot race there.
// A request executing under a key holds it with a token and a lease it renews; when its process
// dies the lease runs out, and the next claim of the same request takes the key over (one
// conditional UPDATE, which concurrent takeovers meet one at a time on the row's lock).

import type { Kysely } from 'kysely';
import type { IdempotencyClaim } from '../records.js';
import type { Database } from './database.js';
import { leaseUntil } from './job-leases.js';
import type { StoreDialect } from './store-dialect.js';

export interface ClaimRequest {
  readonly orgId: string;
  readonly key: string;
  readonly fingerprint: string;
  readonly now: string;
  /** A key created before this is forgotten, so it starts anew. */
  readonly expiresBefore: string;
  /** This request's hold on the key. */
  readonly token: string;
  readonly leaseMs: number;
}

/** Housekeeping per claim: enough to keep the table at about a day of keys. */
const EXPIRED_KEYS_PER_CLAIM = 100;

export async function claimIdempotencyKey(db: Kysely<Database>, dialect: StoreDialect, request: ClaimRequest): Promise<IdempotencyClaim> {
  // Forget other expired keys of the organisation, skipping any a concurrent transaction holds.
  await db
    .deleteFrom('idempotency_keys')
    .where('org_id', '=', request.orgId)
    .where('key', 'in', (eb) =>
      eb
        .selectFrom('idempotency_keys')
        .select('key')
        .where('org_id', '=', request.orgId)
        .where('created_at', '<', request.expiresBefore)
        .where('key', '<>', request.key)
        .limit(EXPIRED_KEYS_PER_CLAIM)
        .$if(dialect.rowLocks, (query) => query.forUpdate().skipLocked()),
    )
    .execute();
  const lease = leaseUntil(request.now, request.leaseMs);
  // The same request again, while the one that claimed the key has stopped renewing it (its
  // process died): this one takes the key over. A key from before leases has none: it ran out.
  const takenOver = await db
    .updateTable('idempotency_keys')
    .set({ token: request.token, lease_expires_at: lease })
    .where('org_id', '=', request.orgId)
    .where('key', '=', request.key)
    .where('state', '=', 'executing')
    .where('fingerprint', '=', request.fingerprint)
    .where('created_at', '>=', request.expiresBefore)
    .where((eb) => eb.or([eb('lease_expires_at', 'is', null), eb('lease_expires_at', '<', request.now)]))
    .executeTakeFirstOrThrow();
  if (takenOver.numUpdatedRows > 0n) return { state: 'claimed', takeover: true };
  // A concurrent claim of the same key waits here for the row (or for the other transaction's
  // insert), then finds it live and claims nothing.
  const claimed = await db
    .insertInto('idempotency_keys')
    .values({
      org_id: request.orgId,
      key: request.key,
      fingerprint: request.fingerprint,
      state: 'executing',
      status: null,
      body: null,
      created_at: request.now,
      token: request.token,
      lease_expires_at: lease,
    })
    .onConflict((conflict) =>
      conflict
        .columns(['org_id', 'key'])
        .doUpdateSet((eb) => ({
          fingerprint: eb.ref('excluded.fingerprint'),
          state: 'executing',
          status: null,
          body: null,
          created_at: eb.ref('excluded.created_at'),
          token: eb.ref('excluded.token'),
          lease_expires_at: eb.ref('excluded.lease_expires_at'),
        }))
        .where('idempotency_keys.created_at', '<', request.expiresBefore),
    )
    .executeTakeFirstOrThrow();
  if (Number(claimed.numInsertedOrUpdatedRows ?? 0n) === 1) return { state: 'claimed', takeover: false };
  const row = await db
    .selectFrom('idempotency_keys')
    .select(['fingerprint', 'state', 'status', 'body'])
    .where('org_id', '=', request.orgId)
    .where('key', '=', request.key)
    .executeTakeFirst();
  // The upsert locked the row even though it changed nothing: it cannot have gone.
  if (row === undefined) throw new Error(`the idempotency key "${request.key}" vanished while locked`);
  if (row.fingerprint !== request.fingerprint) return { state: 'mismatch' };
  if (row.state === 'completed' && row.status !== null && row.body !== null) return { state: 'completed', status: row.status, body: row.body };
  return { state: 'executing' };
}

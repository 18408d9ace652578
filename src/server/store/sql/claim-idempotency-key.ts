// Idempotency-Key claims (StoreWriter#claimIdempotencyKey), safe under concurrent claims of one key:
// a single upsert both creates a new key and replaces an expired one, and (PostgreSQL) locks the
// row it meets, so exactly one of several simultaneous claims is `claimed` and the others find the
// key executing. SQLite runs one writer at a time, so the same statements cannot race there.

import type { Kysely } from 'kysely';
import type { IdempotencyClaim } from '../records.js';
import type { Database } from './database.js';
import type { StoreDialect } from './store-dialect.js';

export interface ClaimRequest {
  readonly orgId: string;
  readonly key: string;
  readonly fingerprint: string;
  readonly now: string;
  /** A key created before this is forgotten, so it starts anew. */
  readonly expiresBefore: string;
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
  // A concurrent claim of the same key waits here for the row (or for the other transaction's
  // insert), then finds it live and claims nothing.
  const claimed = await db
    .insertInto('idempotency_keys')
    .values({ org_id: request.orgId, key: request.key, fingerprint: request.fingerprint, state: 'executing', status: null, body: null, created_at: request.now })
    .onConflict((conflict) =>
      conflict
        .columns(['org_id', 'key'])
        .doUpdateSet((eb) => ({
          fingerprint: eb.ref('excluded.fingerprint'),
          state: 'executing',
          status: null,
          body: null,
          created_at: eb.ref('excluded.created_at'),
        }))
        .where('idempotency_keys.created_at', '<', request.expiresBefore),
    )
    .executeTakeFirstOrThrow();
  if (Number(claimed.numInsertedOrUpdatedRows ?? 0n) === 1) return { state: 'claimed' };
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

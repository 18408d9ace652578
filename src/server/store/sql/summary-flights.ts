// Summary flights (StoreWriter#claimSummaryFlight and the rest): the summaries a model is answering
// for now, one row per cache key, held with a token and a lease the holder renews. Instances asked
// for the same summary at once claim its key; one wins and asks the model, the others wait for the
// cached answer. When the holder's process dies its lease runs out and a waiter takes the key over
// (one upsert whose update only applies to an expired row, which concurrent claims meet one at a
// time on the row's lock; SQLite runs one writer at a time).

import type { Kysely } from 'kysely';
import { changed } from './changed-rows.js';
import type { Database } from './database.js';
import { leaseUntil } from './job-leases.js';

export interface FlightRequest {
  readonly token: string;
  readonly now: string;
  readonly leaseMs: number;
}

/** How long a flight whose holder stopped renewing it is kept before any claim forgets it. */
const FORGET_AFTER_MS = 60_000;

export async function claimSummaryFlight(db: Kysely<Database>, orgId: string, key: string, request: FlightRequest): Promise<boolean> {
  // Flights of dead processes that no one asked for again.
  await db
    .deleteFrom('summary_flights')
    .where('org_id', '=', orgId)
    .where('lease_expires_at', '<', leaseUntil(request.now, -FORGET_AFTER_MS))
    .where('key', '<>', key)
    .execute();
  const claimed = await db
    .insertInto('summary_flights')
    .values({ org_id: orgId, key, token: request.token, lease_expires_at: leaseUntil(request.now, request.leaseMs) })
    .onConflict((conflict) =>
      conflict
        .columns(['org_id', 'key'])
        .doUpdateSet((eb) => ({ token: eb.ref('excluded.token'), lease_expires_at: eb.ref('excluded.lease_expires_at') }))
        .where('summary_flights.lease_expires_at', '<', request.now),
    )
    .executeTakeFirstOrThrow();
  return Number(claimed.numInsertedOrUpdatedRows ?? 0n) === 1;
}

export async function renewSummaryFlight(db: Kysely<Database>, orgId: string, key: string, request: FlightRequest): Promise<boolean> {
  const result = await db
    .updateTable('summary_flights')
    .set({ lease_expires_at: leaseUntil(request.now, request.leaseMs) })
    .where('org_id', '=', orgId)
    .where('key', '=', key)
    .where('token', '=', request.token)
    .executeTakeFirstOrThrow();
  return changed(result) === 1;
}

export async function releaseSummaryFlight(db: Kysely<Database>, orgId: string, key: string, token: string): Promise<void> {
  await db.deleteFrom('summary_flights').where('org_id', '=', orgId).where('key', '=', key).where('token', '=', token).execute();
}

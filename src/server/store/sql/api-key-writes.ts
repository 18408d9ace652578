// API key writes (StoreWriter#createApiKey and the rest): create, revoke, delete, rename or
// re-level, and record a key's last use at most once per period.

import type { Kysely } from 'kysely';
import type { ApiKeyRecord, KeyLevel } from '../records.js';
import { StoreConflictError } from '../store.js';
import type { Database } from './database.js';
import { changed } from './changed-rows.js';
import { toApiKey } from './records-from-rows.js';


/** What StoreWriter#updateApiKey may change. */
export interface ApiKeyChanges {
  readonly name?: string;
  readonly level?: KeyLevel;
  readonly updatedAt: string;
}

export async function createApiKey(db: Kysely<Database>, record: ApiKeyRecord): Promise<void> {
  const inserted = await db
    .insertInto('api_keys')
    .values({
      id: record.id,
      org_id: record.orgId,
      name: record.name,
      level: record.level,
      secret_hash: record.secretHash,
      created_at: record.createdAt,
      updated_at: record.updatedAt,
      last_used_at: record.lastUsedAt,
      revoked_at: record.revokedAt,
    })
    .onConflict((conflict) => conflict.doNothing())
    .executeTakeFirstOrThrow();
  if (changed(inserted) === 0) throw new StoreConflictError(`an API key with id "${record.id}" already exists`);
}

export async function revokeApiKey(db: Kysely<Database>, orgId: string, id: string, now: string): Promise<ApiKeyRecord | undefined> {
  const row = await db
    .updateTable('api_keys')
    .set((eb) => ({ revoked_at: eb.fn.coalesce('revoked_at', eb.val(now)), updated_at: now }))
    .where('org_id', '=', orgId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  return row && toApiKey(row);
}

export async function deleteApiKey(db: Kysely<Database>, orgId: string, id: string): Promise<boolean> {
  return changed(await db.deleteFrom('api_keys').where('org_id', '=', orgId).where('id', '=', id).executeTakeFirstOrThrow()) === 1;
}

export async function touchApiKey(db: Kysely<Database>, id: string, now: string, since: string): Promise<void> {
  await db
    .updateTable('api_keys')
    .set({ last_used_at: now })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', since)]))
    .execute();
}

export async function updateApiKey(db: Kysely<Database>, orgId: string, id: string, changes: ApiKeyChanges): Promise<ApiKeyRecord | undefined> {
  const row = await db
    .updateTable('api_keys')
    .set((eb) => ({
      name: changes.name ?? eb.ref('name'),
      level: changes.level ?? eb.ref('level'),
      updated_at: changes.updatedAt,
    }))
    .where('org_id', '=', orgId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  return row && toApiKey(row);
}

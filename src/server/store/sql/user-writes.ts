// Users written many at a time (StoreWriter#insertUsers, #updateUsers, #ensureUsers), and the row
// and the conflict every write of a user shares.

import type { Kysely } from 'kysely';
import type { JsonValue, UserRecord } from '../records.js';
import { StoreConflictError } from '../store.js';
import { toFlag, type Database, type UsersTable } from './database.js';

/** Rows per statement: 10 parameters each, well under both databases' limits. */
const USERS_PER_INSERT = 1000;

const json = (value: JsonValue): string => JSON.stringify(value);

export const userRow = (record: UserRecord): UsersTable => ({
  org_id: record.orgId,
  id: record.id,
  uid: record.uid,
  display_name: record.displayName,
  email: record.email,
  properties: json(record.properties),
  identified_in_session: toFlag(record.identifiedInSession),
  merged_into: record.mergedInto,
  created_at: record.createdAt,
  updated_at: record.updatedAt,
});

export function userConflict(record: UserRecord, idTaken: boolean): StoreConflictError {
  return new StoreConflictError(
    idTaken ? `a user with id "${record.id}" already exists` : `the uid "${record.uid ?? ''}" is taken by another user of the organisation`,
  );
}

/** In uid order, so that transactions creating the same users at once take their locks alike. */
const inUidOrder = (records: readonly UserRecord[]) => [...records].sort((left, right) => ((left.uid ?? '') < (right.uid ?? '') ? -1 : 1));

/** StoreWriter#insertUsers; `findUser` tells a taken id from a taken uid. */
export async function insertUsers(db: Kysely<Database>, records: readonly UserRecord[], findUser: (orgId: string, id: string) => Promise<UserRecord | undefined>): Promise<void> {
  const ordered = inUidOrder(records);
  for (let start = 0; start < ordered.length; start += USERS_PER_INSERT) {
    const slice = ordered.slice(start, start + USERS_PER_INSERT);
    const inserted = new Set((await db.insertInto('users').values(slice.map(userRow)).onConflict((conflict) => conflict.doNothing()).returning('id').execute()).map((row) => row.id));
    const refused = slice.find((record) => !inserted.has(record.id));
    if (refused !== undefined) throw userConflict(refused, (await findUser(refused.orgId, refused.id)) !== undefined);
  }
}

/** StoreWriter#updateUsers. */
export async function updateUsers(db: Kysely<Database>, records: readonly UserRecord[]): Promise<void> {
  // The last record of each id, in id order (the order every writer locks users in).
  const latest = [...new Map(records.map((record) => [record.id, record])).values()].sort((left, right) => (left.id < right.id ? -1 : 1));
  for (let start = 0; start < latest.length; start += USERS_PER_INSERT) {
    // Every row exists (see the contract): the insert always meets its id and updates that row.
    await db
      .insertInto('users')
      .values(latest.slice(start, start + USERS_PER_INSERT).map(userRow))
      .onConflict((conflict) =>
        conflict.columns(['org_id', 'id']).doUpdateSet((eb) => ({
          uid: eb.ref('excluded.uid'),
          display_name: eb.ref('excluded.display_name'),
          email: eb.ref('excluded.email'),
          properties: eb.ref('excluded.properties'),
          identified_in_session: eb.ref('excluded.identified_in_session'),
          merged_into: eb.ref('excluded.merged_into'),
          created_at: eb.ref('excluded.created_at'),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      .execute();
  }
}

/** StoreWriter#ensureUsers; `findUserIdsByUids` reads the ids of the uids another transaction took. */
export async function ensureUsers(
  db: Kysely<Database>,
  records: readonly UserRecord[],
  findUserIdsByUids: (orgId: string, uids: readonly string[]) => Promise<Map<string, string>>,
): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  const first = records[0];
  if (first === undefined) return ids;
  const ordered = inUidOrder(records);
  for (let start = 0; start < ordered.length; start += USERS_PER_INSERT) {
    const inserted = await db
      .insertInto('users')
      .values(ordered.slice(start, start + USERS_PER_INSERT).map(userRow))
      .onConflict((conflict) => conflict.doNothing())
      .returning(['uid', 'id'])
      .execute();
    for (const row of inserted) if (row.uid !== null) ids.set(row.uid, row.id);
  }
  const taken = ordered.flatMap((record) => (record.uid === null || ids.has(record.uid) ? [] : [record.uid]));
  for (const [uid, id] of await findUserIdsByUids(first.orgId, taken)) ids.set(uid, id);
  const missing = taken.find((uid) => !ids.has(uid));
  if (missing !== undefined) throw new StoreConflictError(`the user with uid "${missing}" could neither be inserted nor found`);
  return ids;
}

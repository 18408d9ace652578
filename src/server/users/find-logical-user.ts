// The user a route about one user means: a user merged into another is that one (one logical
// user), so that its old id still leads to its data.

import type { UserRecord } from '../store/records.js';
import type { StoreReader } from '../store/store.js';

/** The user with this id, or the one it was merged into; undefined when there is none. */
export async function findLogicalUser(store: StoreReader, orgId: string, id: string): Promise<UserRecord | undefined> {
  const user = await store.findUser(orgId, id);
  if (user?.mergedInto == null) return user;
  return store.findUser(orgId, user.mergedInto);
}

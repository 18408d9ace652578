// StoreWriter#moveUserSessions: when an anonymous user is merged into an identified one, its
// recorded sessions and server events become that user's. A session's id names its user
// (`<user id>:<session part>`), so a moved session gets a new id; the old one is kept as an alias,
// so that links and references made before the merge still lead to it. Events keep the user they
// were recorded for: the merge is recorded on the user (merged_into, for it and every user merged
// into it before, so that one hop always arrives) and reads show the user it leads to. Moving the
// events instead would need an index on events by user, a random insert for every event stored.

import type { Kysely } from 'kysely';
import type { Database } from './database.js';
import { moveSessionFacts } from './session-facts-writes.js';

export async function moveUserSessions(db: Kysely<Database>, orgId: string, fromUserId: string, toUserId: string): Promise<{ from: string; to: string }[]> {
  const sessions = await db.selectFrom('sessions').select('id').where('org_id', '=', orgId).where('user_id', '=', fromUserId).orderBy('id').execute();
  const moves: { from: string; to: string }[] = [];
  for (const { id } of sessions) {
    const part = id.slice(id.indexOf(':') + 1);
    let target = `${toUserId}:${part}`;
    const taken = await db.selectFrom('sessions').select('id').where('org_id', '=', orgId).where('id', '=', target).executeTakeFirst();
    // The identified user has a session of that name already: the moved one keeps apart.
    if (taken !== undefined) target = `${target}~${fromUserId}`;
    await db.updateTable('sessions').set({ id: target, user_id: toUserId }).where('org_id', '=', orgId).where('id', '=', id).execute();
    await db.updateTable('events').set({ session_id: target }).where('org_id', '=', orgId).where('session_id', '=', id).execute();
    await moveSessionFacts(db, orgId, { from: id, to: target, userId: toUserId });
    // Every id that led to the old one (earlier moves) and the old one itself now lead to the new one.
    await db.updateTable('session_aliases').set({ new_id: target }).where('org_id', '=', orgId).where('new_id', '=', id).execute();
    await db
      .insertInto('session_aliases')
      .values({ org_id: orgId, old_id: id, new_id: target })
      .onConflict((conflict) => conflict.columns(['org_id', 'old_id']).doUpdateSet({ new_id: target }))
      .execute();
    moves.push({ from: id, to: target });
  }
  await db
    .updateTable('users')
    .set({ merged_into: toUserId })
    .where('org_id', '=', orgId)
    .where((row) => row.or([row('id', '=', fromUserId), row('merged_into', '=', fromUserId)]))
    .execute();
  return moves;
}

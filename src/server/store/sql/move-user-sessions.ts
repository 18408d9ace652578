// StoreWriter#moveUserSessions: when an anonymous user is merged into an identified one, its
// recorded sessions and server events become that user's. A session's id names its user
// (`<user id>:<session part>`), so a moved session gets a new id; the old one is kept as an alias,
// so that links and references made before the merge still lead to it. Events keep the user they
// were recorded for: the merge is recorded on the user (merged_into, for it and every user merged
// into it before, so that one hop always arrives) and reads show the user it leads to. Moving the
// events instead would need an index on events by user, a random insert for every event stored.
//
// The sessions move a page at a time, a few statements per page whatever its size: an anonymous
// user with thousands of sessions (a shared kiosk, a bot) moves in a few dozen statements, not
// several per session.

import { sql, type Expression, type Kysely } from 'kysely';
import type { Database } from './database.js';
import type { StoreDialect } from './store-dialect.js';

/** Sessions moved per page: each page is a few statements with lists of this many ids. */
export const SESSIONS_PER_MOVE = 500;

/** The tables that name a session, and their column that does. */
const SESSION_COLUMNS = [
  ['sessions', 'id'],
  ['events', 'session_id'],
  ['session_facts', 'session_id'],
  ['session_event_counts', 'session_id'],
  // Every id that led to a moved session (earlier moves) now leads to its new id.
  ['session_aliases', 'new_id'],
] as const;

type Move = { readonly from: string; readonly to: string };

export async function moveUserSessions(db: Kysely<Database>, dialect: Pick<StoreDialect, 'inList'>, orgId: string, fromUserId: string, toUserId: string): Promise<Move[]> {
  const moves: Move[] = [];
  for (;;) {
    // Those moved leave the user: each page reads the next ones.
    const page = await db.selectFrom('sessions').select('id').where('org_id', '=', orgId).where('user_id', '=', fromUserId).orderBy('id').limit(SESSIONS_PER_MOVE).execute();
    if (page.length === 0) break;
    const pageMoves = await targetsOf(db, dialect, orgId, page.map((row) => row.id), toUserId, fromUserId);
    // A session whose id keeps its part moves with the others by one expression: the new user's id
    // and the rest of the old id. One set apart (`~<old user>`) moves on its own.
    const [together, apart] = partition(pageMoves, (move) => move.from.startsWith(`${fromUserId}:`) && move.to === `${toUserId}${move.from.slice(fromUserId.length)}`);
    if (together.length > 0) {
      const renamed = (column: string) => sql<string>`${toUserId} || substr(${sql.ref(column)}, ${[...fromUserId].length + 1})`;
      await renameSessions(db, dialect, orgId, together.map((move) => move.from), renamed, toUserId);
    }
    for (const move of apart) await renameSessions(db, dialect, orgId, [move.from], () => sql<string>`${move.to}`, toUserId);
    await db
      .insertInto('session_aliases')
      .values(pageMoves.map((move) => ({ org_id: orgId, old_id: move.from, new_id: move.to })))
      .onConflict((conflict) => conflict.columns(['org_id', 'old_id']).doUpdateSet((eb) => ({ new_id: eb.ref('excluded.new_id') })))
      .execute();
    moves.push(...pageMoves);
  }
  await db
    .updateTable('users')
    .set({ merged_into: toUserId })
    .where('org_id', '=', orgId)
    .where((row) => row.or([row('id', '=', fromUserId), row('merged_into', '=', fromUserId)]))
    .execute();
  return moves;
}

/**
 * Where each of `ids` moves: `<to user>:<its part>`, or, when the new user has a session of that
 * name already (or another move of the page takes it), that id and `~<old user>` (then a number).
 */
async function targetsOf(db: Kysely<Database>, dialect: Pick<StoreDialect, 'inList'>, orgId: string, ids: readonly string[], toUserId: string, fromUserId: string): Promise<Move[]> {
  const wanted = ids.map((id) => `${toUserId}:${id.slice(id.indexOf(':') + 1)}`);
  const candidates = wanted.flatMap((id) => [id, `${id}~${fromUserId}`]);
  const queried = new Set(candidates);
  const taken = new Set((await db.selectFrom('sessions').select('id').where('org_id', '=', orgId).where(dialect.inList('id', candidates)).execute()).map((row) => row.id));
  // Free: no session has it, nor does an earlier move of the page take it (one outside those read is asked for).
  const free = async (id: string) => !taken.has(id) && (queried.has(id) || !(await sessionExists(db, orgId, id)));
  const moves: Move[] = [];
  for (const [index, from] of ids.entries()) {
    const target = wanted[index] ?? '';
    let to = (await free(target)) ? target : `${target}~${fromUserId}`;
    for (let copy = 2; !(await free(to)); copy++) to = `${target}~${fromUserId}~${copy}`;
    taken.add(to);
    moves.push({ from, to });
  }
  return moves;
}

/** Whether the organisation has a session `id`. */
async function sessionExists(db: Kysely<Database>, orgId: string, id: string): Promise<boolean> {
  return (await db.selectFrom('sessions').select('id').where('org_id', '=', orgId).where('id', '=', id).executeTakeFirst()) !== undefined;
}

/** Gives the sessions `ids` (and whatever names them) the id `renamed` makes of each, and the user `toUserId`. */
async function renameSessions(
  db: Kysely<Database>,
  dialect: Pick<StoreDialect, 'inList'>,
  orgId: string,
  ids: readonly string[],
  renamed: (column: string) => Expression<string>,
  toUserId: string,
): Promise<void> {
  for (const [table, column] of SESSION_COLUMNS) {
    const owner = table === 'sessions' || table === 'session_facts' ? { user_id: toUserId } : {};
    await db
      .updateTable(table)
      .set({ [column]: renamed(column), ...owner })
      .where('org_id', '=', orgId)
      .where(dialect.inList(column, ids))
      .execute();
  }
}

function partition<Item>(items: readonly Item[], test: (item: Item) => boolean): [Item[], Item[]] {
  const yes: Item[] = [];
  const no: Item[] = [];
  for (const item of items) (test(item) ? yes : no).push(item);
  return [yes, no];
}

// The query every read of server events starts from: an organisation's events, each shown with
// the user it was recorded for or, when that user was merged into another, the user it leads to
// (see move-user-sessions.ts: events keep the user they were recorded for).

import type { Kysely } from 'kysely';
import type { Database } from './database.js';

/** An organisation's events, each with the user it was recorded for or the one that user was merged into. */
export function selectEvents(db: Kysely<Database>, orgId: string) {
  return db
    .selectFrom('events')
    .leftJoin('users', (join) => join.onRef('users.org_id', '=', 'events.org_id').onRef('users.id', '=', 'events.user_id'))
    .select(['events.seq', 'events.org_id', 'events.id', 'events.name', 'events.event_timestamp', 'events.session_id', 'events.properties', 'events.context', 'events.created_at'])
    .select((row) => row.fn.coalesce('users.merged_into', 'events.user_id').as('user_id'))
    .where('events.org_id', '=', orgId);
}

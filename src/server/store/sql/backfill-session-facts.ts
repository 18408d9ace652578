// The search facts of the sessions stored before they were kept (the migration that adds them, on
// both dialects): each stored fixture parsed once, with the server events that joined its session,
// by the same function that computes them for every new session (session-facts.ts).

import type { Kysely } from 'kysely';
import { sessionFacts, type JoinedEvent } from '../session-facts.js';
import type { Database } from './database.js';
import { insertSessionFacts } from './session-facts-writes.js';
import type { StoreDialect } from './store-dialect.js';

/** Sessions read at a time: fixtures may be megabytes each. */
const SESSIONS_PER_PAGE = 200;

export async function backfillSessionFacts(db: Kysely<Database>, dialect: StoreDialect): Promise<void> {
  let after: [string, string] | undefined;
  for (;;) {
    const position = after;
    const sessions = await db
      .selectFrom('sessions')
      .select(['org_id', 'id', 'user_id', 'created_time', 'imported_at', 'fixture'])
      .$if(position !== undefined, (query) => query.where((eb) => eb(eb.refTuple('org_id', 'id'), '>', eb.tuple(...(position as [string, string])))))
      .orderBy('org_id')
      .orderBy('id')
      .limit(SESSIONS_PER_PAGE)
      .execute();
    const last = sessions.at(-1);
    if (last === undefined) return;
    after = [last.org_id, last.id];
    const joined = new Map<string, JoinedEvent[]>();
    for (const orgId of new Set(sessions.map((session) => session.org_id))) {
      const ids = sessions.filter((session) => session.org_id === orgId).map((session) => session.id);
      const events = await db.selectFrom('events').select(['session_id', 'name', 'event_timestamp']).where('org_id', '=', orgId).where(dialect.inList('session_id', ids)).execute();
      for (const event of events) {
        const key = `${orgId}\u0000${event.session_id ?? ''}`;
        const list = joined.get(key) ?? [];
        list.push({ name: event.name, timestamp: event.event_timestamp });
        joined.set(key, list);
      }
    }
    await insertSessionFacts(
      db,
      dialect,
      sessions.map((session) => {
        const fixture = JSON.parse(session.fixture) as { events?: unknown } | null;
        return {
          orgId: session.org_id,
          sessionId: session.id,
          userId: session.user_id,
          createdTime: session.created_time,
          importedAt: session.imported_at,
          facts: sessionFacts(fixture?.events, joined.get(`${session.org_id}\u0000${session.id}`)),
        };
      }),
    );
  }
}

// Keeping a session's search facts (session-facts.ts) with the session, for both dialects: written
// with the session (and by the migration that fills them for stored sessions), extended as server
// events join it. Moves (move-user-sessions.ts) and deletions (delete-user-data.ts) carry them along.

import { sql, type Kysely } from 'kysely';
import type { EventRecord, SessionRecord } from '../records.js';
import { sessionFacts, type SessionFacts } from '../session-facts.js';
import type { Database } from './database.js';
import { insertRows } from './insert-rows.js';
import type { StoreDialect } from './store-dialect.js';

export interface SessionFactsRow {
  readonly orgId: string;
  readonly sessionId: string;
  readonly userId: string;
  readonly createdTime: string;
  readonly importedAt: string;
  readonly facts: SessionFacts;
}

/** The facts row of a new session, from its fixture. */
export const factsRowOf = (record: SessionRecord): SessionFactsRow => ({
  orgId: record.orgId,
  sessionId: record.id,
  userId: record.userId,
  createdTime: record.createdTime,
  importedAt: record.importedAt,
  facts: sessionFacts(record.fixture.events),
});

/** Sessions per UPDATE of addJoinedEventFacts: 4 parameters each. */
const SESSIONS_PER_UPDATE = 1000;
/** Rows per upsert of counts: 4 parameters each. */
const COUNTS_PER_UPSERT = 5000;

/** Stores the facts of new sessions (none of which has facts yet). */
export async function insertSessionFacts(db: Kysely<Database>, dialect: Pick<StoreDialect, 'kind' | 'reusesParameters' | 'copiesRows'>, rows: readonly SessionFactsRow[]): Promise<void> {
  await insertRows(
    db,
    dialect,
    'session_facts',
    rows.map((row) => ({
      org_id: row.orgId,
      session_id: row.sessionId,
      user_id: row.userId,
      created_time: row.createdTime,
      imported_at: row.importedAt,
      first_event_ms: row.facts.firstEventMs,
      last_event_ms: row.facts.lastEventMs,
      urls: row.facts.urls,
    })),
    { shared: ['org_id'] },
  );
  await insertRows(
    db,
    dialect,
    'session_event_counts',
    rows.flatMap((row) => [...row.facts.counts].map(([key, count]) => ({ org_id: row.orgId, session_id: row.sessionId, event_key: key, count }))),
    { shared: ['org_id'] },
  );
}

/**
 * Server events that joined sessions (inserted in the same transaction): each session's first and
 * last event times stretch to them, and they count as custom events with their names. Events of
 * sessions that do not exist change nothing.
 */
export async function addJoinedEventFacts(db: Kysely<Database>, events: readonly EventRecord[]): Promise<void> {
  // Per organisation, then per session: the facts the joined events add.
  const bySession = new Map<string, Map<string, EventRecord[]>>();
  for (const event of events) {
    if (event.sessionId === null) continue;
    let sessions = bySession.get(event.orgId);
    if (sessions === undefined) bySession.set(event.orgId, (sessions = new Map()));
    const joined = sessions.get(event.sessionId);
    if (joined === undefined) sessions.set(event.sessionId, [event]);
    else joined.push(event);
  }
  for (const [orgId, sessions] of bySession) {
    const added = [...sessions].map(([sessionId, joined]) => ({ sessionId, facts: sessionFacts(undefined, joined.map((event) => ({ name: event.name, timestamp: event.timestamp, indexed: event.indexed }))) }));
    const existing = new Set<string>();
    for (let start = 0; start < added.length; start += SESSIONS_PER_UPDATE) {
      const part = added.slice(start, start + SESSIONS_PER_UPDATE).filter((session) => session.facts.firstEventMs !== null);
      if (part.length === 0) continue;
      // One statement for the part, on both dialects: VALUES columns are column1, column2, ...
      const values = sql.join(part.map((session) => sql`(${session.sessionId}, CAST(${session.facts.firstEventMs} AS BIGINT), CAST(${session.facts.lastEventMs} AS BIGINT))`));
      const updated = await sql<{ session_id: string }>`
        UPDATE session_facts SET
          first_event_ms = CASE WHEN session_facts.first_event_ms IS NULL OR session_facts.first_event_ms > joined.column2 THEN joined.column2 ELSE session_facts.first_event_ms END,
          last_event_ms = CASE WHEN session_facts.last_event_ms IS NULL OR session_facts.last_event_ms < joined.column3 THEN joined.column3 ELSE session_facts.last_event_ms END
        FROM (VALUES ${values}) AS joined
        WHERE session_facts.org_id = ${orgId} AND session_facts.session_id = joined.column1
        RETURNING session_facts.session_id`.execute(db);
      for (const row of updated.rows) existing.add(row.session_id);
    }
    const counts = added
      .filter((session) => existing.has(session.sessionId))
      .flatMap((session) => [...session.facts.counts].map(([key, count]) => ({ org_id: orgId, session_id: session.sessionId, event_key: key, count })));
    for (let start = 0; start < counts.length; start += COUNTS_PER_UPSERT) {
      await db
        .insertInto('session_event_counts')
        .values(counts.slice(start, start + COUNTS_PER_UPSERT))
        .onConflict((conflict) =>
          conflict.columns(['org_id', 'session_id', 'event_key']).doUpdateSet((eb) => ({ count: eb('session_event_counts.count', '+', eb.ref('excluded.count')) })),
        )
        .execute();
    }
  }
}

/** The facts of a session that moved to another user (its id changed with its user). */
export async function moveSessionFacts(db: Kysely<Database>, orgId: string, move: { readonly from: string; readonly to: string; readonly userId: string }): Promise<void> {
  await db.updateTable('session_facts').set({ session_id: move.to, user_id: move.userId }).where('org_id', '=', orgId).where('session_id', '=', move.from).execute();
  await db.updateTable('session_event_counts').set({ session_id: move.to }).where('org_id', '=', orgId).where('session_id', '=', move.from).execute();
}

/** Forgets the facts of deleted sessions. */
export async function deleteSessionFacts(db: Kysely<Database>, dialect: Pick<StoreDialect, 'inList'>, orgId: string, sessionIds: readonly string[]): Promise<void> {
  if (sessionIds.length === 0) return;
  await db.deleteFrom('session_event_counts').where('org_id', '=', orgId).where(dialect.inList('session_id', sessionIds)).execute();
  await db.deleteFrom('session_facts').where('org_id', '=', orgId).where(dialect.inList('session_id', sessionIds)).execute();
}

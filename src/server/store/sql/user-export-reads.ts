// The reads of a user's export (UserExportReader), for both dialects: each a page at a time, with
// a cursor of the last item's position (never an offset), so that no page repeats or skips an item.

import { sql, type Kysely } from 'kysely';
import { checkPageLimit, decodePageCursor, encodePageCursor, toPage } from '../page-cursor.js';
import type { EventRecord, UserRecord } from '../records.js';
import type { Page } from '../store.js';
import type { CachedSummaryRecord, PageRequest, SessionWithOldIds } from '../user-export-reader.js';
import type { Database } from './database.js';
import { SESSION_INFO_COLUMNS, toEvent, toSessionInfo, toUser } from './records-from-rows.js';
import { selectEvents } from './select-events.js';
import type { StoreDialect } from './store-dialect.js';

/** What the reads need of a store: its connection (reads or the transaction's) and its dialect. */
export interface SqlReads {
  readonly db: Kysely<Database>;
  readonly dialect: Pick<StoreDialect, 'inList'>;
}

export async function listMergedUsers({ db }: SqlReads, orgId: string, userId: string): Promise<UserRecord[]> {
  const rows = await db.selectFrom('users').selectAll().where('org_id', '=', orgId).where('merged_into', '=', userId).orderBy('created_at').orderBy('id').execute();
  return rows.map(toUser);
}

export async function listUserEvents({ db }: SqlReads, orgId: string, userId: string, page: PageRequest): Promise<Page<EventRecord>> {
  checkPageLimit(page.limit);
  const [afterSeq] = page.after ? decodePageCursor(page.after, 'user-events', ['number'] as const) : [0];
  const rows = await selectEvents(db, orgId)
    // The user and those merged into it: a handful of ids, looked up once per query.
    .where('events.user_id', 'in', (eb) =>
      eb
        .selectFrom('users as owners')
        .select('owners.id')
        .where('owners.org_id', '=', orgId)
        .where((owner) => owner.or([owner('owners.id', '=', userId), owner('owners.merged_into', '=', userId)])),
    )
    .where('events.seq', '>', afterSeq)
    .orderBy('events.seq')
    .limit(page.limit + 1)
    .execute();
  return toPage(rows, page.limit, toEvent, (row) => encodePageCursor('user-events', [row.seq]));
}

export async function listUserSessions({ db, dialect }: SqlReads, orgId: string, userId: string, page: PageRequest): Promise<Page<SessionWithOldIds>> {
  checkPageLimit(page.limit);
  const after = page.after ? decodePageCursor(page.after, 'user-sessions', ['timestamp', 'string'] as const) : undefined;
  const [afterTime, afterId] = after ?? ['', ''];
  const rows = await db
    .selectFrom('sessions')
    .select(SESSION_INFO_COLUMNS)
    .where('org_id', '=', orgId)
    .where('user_id', '=', userId)
    // Newest first, then id: the order of the sessions_by_user index. The rows after the position
    // are as old or older, but for those as old up to its id: the time bound is the index's range,
    // so that a page starts at its position (see search-sessions.ts).
    .$if(after !== undefined, (query) => query.where('created_time', '<=', afterTime).where((eb) => eb.not(eb.and([eb('created_time', '=', afterTime), eb('id', '<=', afterId)]))))
    .orderBy('created_time', 'desc')
    .orderBy('id')
    .limit(page.limit + 1)
    .execute();
  const sessions = toPage(rows, page.limit, toSessionInfo, (row) => encodePageCursor('user-sessions', [row.created_time, row.id]));
  if (sessions.items.length === 0) return { items: [], next: sessions.next };
  const aliases = await db
    .selectFrom('session_aliases')
    .select(['old_id', 'new_id'])
    .where('org_id', '=', orgId)
    .where(dialect.inList('new_id', sessions.items.map((session) => session.id)))
    .orderBy('old_id')
    .execute();
  const oldIds = (id: string) => aliases.filter((alias) => alias.new_id === id).map((alias) => alias.old_id);
  return { items: sessions.items.map((session) => ({ ...session, oldIds: oldIds(session.id) })), next: sessions.next };
}

export async function readSessionFixtureText({ db }: SqlReads, orgId: string, sessionId: string, slice: { readonly offset: number; readonly length: number }): Promise<string | undefined> {
  if (!Number.isSafeInteger(slice.offset) || slice.offset < 0 || !Number.isSafeInteger(slice.length) || slice.length < 1) {
    throw new RangeError(`a fixture slice needs a whole offset of 0 or more and a whole length of 1 or more, got ${JSON.stringify(slice)}`);
  }
  // substr counts characters (code points) in both databases, from 1; CAST makes PostgreSQL's json text.
  const text = sql<string>`substr(CAST(fixture AS TEXT), ${slice.offset + 1}, ${slice.length})`;
  const row = await db.selectFrom('sessions').select(text.as('text')).where('org_id', '=', orgId).where('id', '=', sessionId).executeTakeFirst();
  if (row !== undefined) return row.text;
  // Moves keep every alias pointing at the current id: one hop arrives.
  const alias = await db.selectFrom('session_aliases').select('new_id').where('org_id', '=', orgId).where('old_id', '=', sessionId).executeTakeFirst();
  if (alias === undefined || alias.new_id === sessionId) return undefined;
  const moved = await db.selectFrom('sessions').select(text.as('text')).where('org_id', '=', orgId).where('id', '=', alias.new_id).executeTakeFirst();
  return moved?.text;
}

export async function listSessionEventPage({ db }: SqlReads, orgId: string, sessionId: string, page: PageRequest): Promise<Page<EventRecord>> {
  checkPageLimit(page.limit);
  const after = page.after ? decodePageCursor(page.after, 'session-events', ['string', 'number'] as const) : undefined;
  const rows = await selectEvents(db, orgId)
    .where('events.session_id', '=', sessionId)
    .$if(after !== undefined, (query) => query.where((eb) => eb(eb.refTuple('events.event_timestamp', 'events.seq'), '>', eb.tuple(...(after as [string, number])))))
    .orderBy('events.event_timestamp')
    .orderBy('events.seq')
    .limit(page.limit + 1)
    .execute();
  return toPage(rows, page.limit, toEvent, (row) => encodePageCursor('session-events', [row.event_timestamp, row.seq]));
}

export async function listCachedSummaries({ db, dialect }: SqlReads, orgId: string, sessionIds: readonly string[], page: PageRequest): Promise<Page<CachedSummaryRecord>> {
  checkPageLimit(page.limit);
  if (sessionIds.length === 0) return { items: [], next: null };
  const after = page.after ? decodePageCursor(page.after, 'cached-summaries', ['string', 'string'] as const) : undefined;
  const rows = await db
    .selectFrom('summary_cache')
    .select(['key', 'session_id', 'value', 'updated_at'])
    .where('org_id', '=', orgId)
    .where(dialect.inList('session_id', sessionIds))
    .$if(after !== undefined, (query) => query.where((eb) => eb(eb.refTuple('session_id', 'key'), '>', eb.tuple(...(after as [string, string])))))
    .orderBy('session_id')
    .orderBy('key')
    .limit(page.limit + 1)
    .execute();
  return toPage(
    rows,
    page.limit,
    (row): CachedSummaryRecord => ({ sessionId: row.session_id ?? '', value: row.value, updatedAt: row.updated_at }),
    (row) => encodePageCursor('cached-summaries', [row.session_id ?? '', row.key]),
  );
}

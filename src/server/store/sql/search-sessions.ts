// StoreReader#searchSessions for both dialects: one query over the sessions' search facts
// (session-facts.ts), never their fixtures. The organisation and created-time bounds, the user and
// the paging position ride the facts' indexes by (org, created time) and (org, user, created time).
// A has_events entry is a subquery on the counts' index by (org, key, count); PostgreSQL chooses
// from its statistics whether to drive the query from it or to check it session by session,
// newest first, until the page is full. SQLite would always drive from it (sorting 100,000
// sessions for `click`) or always check (walking every session for a key none has), so there the
// sessions meeting the key are counted first, up to FEW_SESSIONS: few drive, many are checked.
// url_contains is a LIKE over the lower-cased URLs, which PostgreSQL answers from a pg_trgm index
// where the extension exists (migration 8) and SQLite by reading the URLs of the sessions the other
// filters leave; user_properties read the stored properties of the organisation's users (no index:
// each is a JSON document; a substring search skips most before any is parsed).

import { createHash } from 'node:crypto';
import { sql, type Kysely, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { canonicalJson } from '../../../models/replay/canonical-json.js';
import { checkPageLimit, decodePageCursor, encodePageCursor, InvalidPageCursorError, toPage } from '../page-cursor.js';
import type { SessionInfo } from '../records.js';
import { eventCountKey } from '../session-facts.js';
import type { SessionSearch } from '../session-search.js';
import type { Page } from '../store.js';
import type { Database, SessionEventCountsTable } from './database.js';
import { jsonScalarAt } from './json-scalar-at.js';
import type { StoreDialect } from './store-dialect.js';

/** The list tag of this query's page cursors. */
const CURSOR_LIST = 'session-search';

/**
 * Where the store chooses (SQLite), a has_events key met by at most this many sessions drives the
 * query. Reading and sorting 1,000 sessions costs about what checking sessions newest first costs
 * to fill a page of 20 when one in 100 meets the key (1,000 of 100,000), measured in
 * bench/session-search.ts.
 */
const FEW_SESSIONS = 1000;

/**
 * A short digest of a search's filters, which its cursors carry: a cursor is refused by a search
 * with other filters (its position means nothing there). Absent and empty lists are the same search.
 */
function searchDigest(search: SessionSearch): string {
  const filters = Object.fromEntries(Object.entries(search).filter(([, value]) => !(Array.isArray(value) && value.length === 0)));
  return createHash('sha256').update(canonicalJson(filters)).digest('base64url').slice(0, 12);
}

/**
 * The position a cursor holds. Cursors written before they carried a digest (an export under way
 * while its instances were upgraded) are still read, unbound.
 */
function decodeSearchCursor(cursor: string, search: SessionSearch): readonly [string, string] {
  try {
    const [createdTime, sessionId, digest] = decodePageCursor(cursor, CURSOR_LIST, ['timestamp', 'string', 'string'] as const);
    if (digest !== searchDigest(search)) throw new InvalidPageCursorError(cursor, CURSOR_LIST);
    return [createdTime, sessionId];
  } catch (error) {
    if (!(error instanceof InvalidPageCursorError)) throw error;
    try {
      return decodePageCursor(cursor, CURSOR_LIST, ['timestamp', 'string'] as const);
    } catch {
      throw error;
    }
  }
}

/** `%text%` for LIKE ... ESCAPE '\', the text's wildcards escaped. */
const containing = (text: string): string => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

/** Whether at most FEW_SESSIONS sessions meet a has_events entry. */
async function meetingFew(db: Kysely<Database>, meeting: SelectQueryBuilder<Database & { c: SessionEventCountsTable }, 'c', { session_id: string }>): Promise<boolean> {
  const counted = await db
    .selectFrom(meeting.limit(FEW_SESSIONS + 1).as('meeting'))
    .select((eb) => eb.fn.countAll<number | string>().as('sessions'))
    .executeTakeFirstOrThrow();
  return Number(counted.sessions) <= FEW_SESSIONS;
}

export async function searchSessions(
  db: Kysely<Database>,
  dialect: StoreDialect,
  orgId: string,
  search: SessionSearch,
  page: { readonly after?: string | null; readonly limit: number },
): Promise<Page<SessionInfo>> {
  checkPageLimit(page.limit);
  const after = page.after ? decodeSearchCursor(page.after, search) : undefined;
  const duration = sql<number>`COALESCE(f.last_event_ms - f.first_event_ms, 0)`;
  let query = db
    .selectFrom('session_facts as f')
    .select(['f.org_id', 'f.session_id', 'f.user_id', 'f.created_time', 'f.imported_at'])
    .where('f.org_id', '=', orgId);
  if (search.from !== undefined) query = query.where('f.created_time', '>=', search.from);
  if (search.to !== undefined) query = query.where('f.created_time', '<', search.to);
  if (search.userId !== undefined) query = query.where('f.user_id', '=', search.userId);
  const properties = search.userProperties ?? [];
  if (properties.length > 0) {
    query = query.where('f.user_id', 'in', (eb) =>
      eb
        .selectFrom('users as u')
        .select('u.id')
        .where('u.org_id', '=', orgId)
        .where((user) =>
          user.and(
            properties.map((match) =>
              user.and([
                user.or(match.valueAt.map((keys) => jsonScalarAt(dialect, 'u.properties', keys, match.value))),
                user(dialect.jsonKeyCount('u.properties', match.singleKeyAt), '=', 1),
              ]),
            ),
          ),
        ),
    );
  }
  for (const { type, minCount } of search.hasEvents ?? []) {
    const key = eventCountKey(type);
    // As a bigint: PostgreSQL's counts are integer columns, and a min_count past their range
    // (which no count reaches) must match nothing rather than fail to bind.
    const atLeast = sql<number>`CAST(${minCount} AS bigint)`;
    const meeting = db.selectFrom('session_event_counts as c').select('c.session_id').where('c.org_id', '=', orgId).where('c.event_key', '=', key).where('c.count', '>=', atLeast);
    query =
      dialect.plansSemiJoins || (await meetingFew(db, meeting))
        ? query.where('f.session_id', 'in', meeting)
        : query.where((eb) =>
            eb.exists(
              eb
                .selectFrom('session_event_counts as c')
                .select(sql.lit(1).as('one'))
                .whereRef('c.org_id', '=', 'f.org_id')
                .whereRef('c.session_id', '=', 'f.session_id')
                .where('c.event_key', '=', key)
                .where('c.count', '>=', atLeast),
            ),
          );
  }
  if (search.urlContains !== undefined) query = query.where(sql<SqlBool>`f.urls LIKE ${containing(search.urlContains.toLowerCase())} ESCAPE '\\'`);
  if (search.minDurationMs !== undefined) query = query.where(duration, '>=', search.minDurationMs);
  if (search.maxDurationMs !== undefined) query = query.where(duration, '<=', search.maxDurationMs);
  if (after !== undefined) {
    const [createdTime, sessionId] = after;
    // Newest first, then by id: the rows after the position are as old or older, but for those as
    // old up to its id. So written, the bound on the time is the index's range (a page deep into the
    // search starts at its position, not at the newest session) and the planner sees that the rest
    // leaves out few rows (an OR of "older" and "as old with a later id" left it guessing a tenth).
    query = query.where('f.created_time', '<=', createdTime).where((eb) => eb.not(eb.and([eb('f.created_time', '=', createdTime), eb('f.session_id', '<=', sessionId)])));
  }
  const rows = await query.orderBy('f.created_time', 'desc').orderBy('f.session_id').limit(page.limit + 1).execute();
  return toPage(
    rows,
    page.limit,
    (row): SessionInfo => ({ orgId: row.org_id, id: row.session_id, userId: row.user_id, createdTime: row.created_time, importedAt: row.imported_at }),
    (row) => encodePageCursor(CURSOR_LIST, [row.created_time, row.session_id, searchDigest(search)]),
  );
}

/**
 * `cursor` (a search's) moved off the session it stands at when `namesLeaving` says that session
 * is of users a deletion removes (`leavingUsers`): to the session before it in the search's order
 * among the organisation's other sessions (as old, the greatest id below it; or no id), which
 * leaves the same sessions after it once the users' sessions are gone, and names none of them.
 * Undefined when the cursor stands at no such session, or is no search cursor.
 */
export async function searchCursorOff(
  db: Kysely<Database>,
  dialect: StoreDialect,
  orgId: string,
  cursor: string,
  leaving: { readonly names: (sessionId: string) => boolean; readonly userIds: readonly string[] },
): Promise<string | undefined> {
  let position: readonly string[];
  try {
    position = decodePageCursor(cursor, CURSOR_LIST, ['timestamp', 'string', 'string'] as const);
  } catch {
    try {
      position = decodePageCursor(cursor, CURSOR_LIST, ['timestamp', 'string'] as const);
    } catch {
      return undefined;
    }
  }
  const [createdTime = '', sessionId = '', ...rest] = position;
  if (!leaving.names(sessionId)) return undefined;
  const before = await db
    .selectFrom('session_facts')
    .select('session_id')
    .where('org_id', '=', orgId)
    .where('created_time', '=', createdTime)
    .where('session_id', '<', sessionId)
    .where((eb) => eb.not(dialect.inList('user_id', leaving.userIds)))
    .orderBy('session_id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return encodePageCursor(CURSOR_LIST, [createdTime, before?.session_id ?? '', ...rest]);
}

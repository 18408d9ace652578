// The store's reads, for both dialects: on the dialect's read connection outside transactions, on
// the transaction's connection inside them (so that a transaction sees its own writes).

import type { Kysely } from 'kysely';
import { firstRowFor, sliceJobItemRows } from '../job-item-rows.js';
import { pageJobResults, rowsForPage, type JobResultEntry } from '../job-result-rows.js';
import { checkPageLimit, decodePageCursor, encodePageCursor, toPage } from '../page-cursor.js';
import type {
  ApiKeyRecord,
  EventRecord,
  JobRecord,
  JobResultRecord,
  JsonValue,
  OrganisationRecord,
  PrivacySettingsRecord,
  ProfileRecord,
  SessionInfo,
  SessionRecord,
  UserRecord,
} from '../records.js';
import type { EventRange, Page, StoreReader } from '../store.js';
import { toFlag, type Database } from './database.js';
import { SESSION_INFO_COLUMNS, toApiKey, toEvent, toJob, toOrganisation, toProfile, toSession, toSessionInfo, toUser } from './records-from-rows.js';
import type { StoreDialect } from './store-dialect.js';
import { getPrivacySettings } from './privacy-settings.js';
import { listEventsInRange } from './list-events-in-range.js';
import { selectEvents } from './select-events.js';
import { searchSessions } from './search-sessions.js';
import type { SessionSearch } from '../session-search.js';
import { listJobs, type ListJobsOptions } from './job-reads.js';
import { readExportChunks } from './export-chunks.js';
import * as userExportReads from './user-export-reads.js';
import type { CachedSummaryRecord, PageRequest, SessionWithOldIds } from '../user-export-reader.js';

export class SqlStoreReader implements StoreReader {
  protected readonly db: Kysely<Database>;
  protected readonly dialect: StoreDialect;

  constructor(db: Kysely<Database>, dialect: StoreDialect) {
    this.db = db;
    this.dialect = dialect;
  }

  async findOrganisation(id: string): Promise<OrganisationRecord | undefined> {
    const row = await this.db.selectFrom('organisations').selectAll().where('id', '=', id).executeTakeFirst();
    return row && toOrganisation(row);
  }

  async findOrganisationByName(name: string): Promise<OrganisationRecord | undefined> {
    const row = await this.db.selectFrom('organisations').selectAll().where('name', '=', name).executeTakeFirst();
    return row && toOrganisation(row);
  }

  async listOrganisations(): Promise<OrganisationRecord[]> {
    const rows = await this.db.selectFrom('organisations').selectAll().orderBy('created_at').orderBy('id').execute();
    return rows.map(toOrganisation);
  }

  async findApiKey(id: string): Promise<ApiKeyRecord | undefined> {
    const row = await this.db.selectFrom('api_keys').selectAll().where('id', '=', id).executeTakeFirst();
    return row && toApiKey(row);
  }

  async listApiKeys(orgId: string): Promise<ApiKeyRecord[]> {
    const rows = await this.db.selectFrom('api_keys').selectAll().where('org_id', '=', orgId).orderBy('created_at').orderBy('id').execute();
    return rows.map(toApiKey);
  }

  async findUser(orgId: string, id: string): Promise<UserRecord | undefined> {
    return this.#findUser(orgId, 'id', id, false);
  }

  async findUserByUid(orgId: string, uid: string): Promise<UserRecord | undefined> {
    return this.#findUser(orgId, 'uid', uid, false);
  }

  /** A user by id or uid; `forUpdate` locks the row until the transaction ends where rows lock. */
  protected async findUserLocked(orgId: string, column: 'id' | 'uid', value: string): Promise<UserRecord | undefined> {
    return this.#findUser(orgId, column, value, this.dialect.rowLocks);
  }

  async #findUser(orgId: string, column: 'id' | 'uid', value: string, forUpdate: boolean): Promise<UserRecord | undefined> {
    const row = await this.db
      .selectFrom('users')
      .selectAll()
      .where('org_id', '=', orgId)
      .where(column, '=', value)
      .$if(forUpdate, (query) => query.forUpdate())
      .executeTakeFirst();
    return row && toUser(row);
  }

  /**
   * Whether the reads a write builds on (the users events name, the session they join) take a
   * shared lock on their rows until the transaction ends: in a writer where rows lock. A user
   * deletion locks those rows for update, so it waits for the writes under way and the writes
   * that come after it find nothing (see delete-user-data.ts).
   */
  protected get sharesRowLocks(): boolean {
    return false;
  }

  async findUserIdsByUids(orgId: string, uids: readonly string[]): Promise<Map<string, string>> {
    if (uids.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('users')
      .select(['uid', 'id'])
      .where('org_id', '=', orgId)
      .where(this.dialect.inList('uid', uids))
      .$if(this.sharesRowLocks, (query) => query.orderBy('id').forKeyShare())
      .execute();
    return new Map(rows.flatMap((row) => (row.uid === null ? [] : [[row.uid, row.id] as const])));
  }

  async findUserByEmail(orgId: string, email: string): Promise<UserRecord | undefined> {
    const row = await this.db
      .selectFrom('users')
      .selectAll()
      .where('org_id', '=', orgId)
      .where('email', '=', email)
      .orderBy('updated_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .$if(this.sharesRowLocks, (query) => query.forKeyShare())
      .executeTakeFirst();
    return row && toUser(row);
  }

  async findSession(orgId: string, id: string): Promise<SessionRecord | undefined> {
    const row = await this.db.selectFrom('sessions').selectAll().where('org_id', '=', orgId).where('id', '=', id).executeTakeFirst();
    if (row !== undefined) return toSession(row);
    const moved = await this.movedSessionId(orgId, id);
    return moved === undefined ? undefined : this.findSession(orgId, moved);
  }

  async findSessionInfo(orgId: string, id: string): Promise<SessionInfo | undefined> {
    const row = await this.db
      .selectFrom('sessions')
      .select(SESSION_INFO_COLUMNS)
      .where('org_id', '=', orgId)
      .where('id', '=', id)
      .$if(this.sharesRowLocks, (query) => query.forKeyShare())
      .executeTakeFirst();
    if (row !== undefined) return toSessionInfo(row);
    const moved = await this.movedSessionId(orgId, id);
    return moved === undefined ? undefined : this.findSessionInfo(orgId, moved);
  }

  async currentSessionIds(orgId: string, ids: readonly string[]): Promise<Map<string, string>> {
    const moved = new Map<string, string>();
    // In slices, so that no statement binds more parameters than a store allows.
    for (let from = 0; from < ids.length; from += 500) {
      const rows = await this.db.selectFrom('session_aliases').select(['old_id', 'new_id']).where('org_id', '=', orgId).where(this.dialect.inList('old_id', ids.slice(from, from + 500))).execute();
      for (const row of rows) if (row.new_id !== row.old_id) moved.set(row.old_id, row.new_id);
    }
    return moved;
  }

  /** The id a session has now that had `id` before it moved (its user was merged into another). */
  private async movedSessionId(orgId: string, id: string): Promise<string | undefined> {
    const alias = await this.db.selectFrom('session_aliases').select('new_id').where('org_id', '=', orgId).where('old_id', '=', id).executeTakeFirst();
    // Moves keep every alias pointing at the current id, so one hop arrives (a defensive stop otherwise).
    return alias === undefined || alias.new_id === id ? undefined : alias.new_id;
  }

  async listSessionsForUser(orgId: string, userId: string, limit: number): Promise<SessionInfo[]> {
    checkPageLimit(limit);
    const rows = await this.db
      .selectFrom('sessions')
      .select(SESSION_INFO_COLUMNS)
      .where('org_id', '=', orgId)
      .where('user_id', '=', userId)
      .orderBy('created_time', 'desc')
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map(toSessionInfo);
  }

  searchSessions(orgId: string, search: SessionSearch, page: { readonly after?: string | null; readonly limit: number }): Promise<Page<SessionInfo>> {
    return searchSessions(this.db, this.dialect, orgId, search, page);
  }

  async listSessionEvents(orgId: string, sessionId: string): Promise<EventRecord[]> {
    const rows = await this.selectEvents(orgId)
      .where('events.session_id', '=', sessionId)
      .orderBy('events.event_timestamp')
      .orderBy('events.seq')
      .execute();
    return rows.map(toEvent);
  }

  /** An organisation's events, each with the user it was recorded for or the one that user was merged into. */
  private selectEvents(orgId: string) {
    return selectEvents(this.db, orgId);
  }

  async listEvents(orgId: string, options: { readonly after?: string | null; readonly limit: number }): Promise<Page<EventRecord>> {
    checkPageLimit(options.limit);
    const [afterSeq] = options.after ? decodePageCursor(options.after, 'events', ['number'] as const) : [0];
    const rows = await this.selectEvents(orgId).where('events.seq', '>', afterSeq).orderBy('events.seq').limit(options.limit + 1).execute();
    return toPage(rows, options.limit, toEvent, (row) => encodePageCursor('events', [row.seq]));
  }

  listEventsInRange(orgId: string, range: EventRange, page: { readonly after?: string | null; readonly limit: number; readonly scan: number }): Promise<Page<EventRecord>> {
    return listEventsInRange(this.db, this.dialect, orgId, range, page);
  }

  async findProfile(orgId: string, id: string): Promise<ProfileRecord | undefined> {
    const row = await this.db.selectFrom('profiles').selectAll().where('org_id', '=', orgId).where('id', '=', id).executeTakeFirst();
    return row && toProfile(row);
  }

  async listProfiles(orgId: string, options: { readonly after?: string | null; readonly limit: number }): Promise<Page<ProfileRecord>> {
    checkPageLimit(options.limit);
    const after = options.after ? decodePageCursor(options.after, 'profiles', ['timestamp', 'string'] as const) : undefined;
    const rows = await this.db
      .selectFrom('profiles')
      .selectAll()
      .where('org_id', '=', orgId)
      .$if(after !== undefined, (query) => query.where((eb) => eb(eb.refTuple('created_at', 'id'), '>', eb.tuple(...(after as [string, string])))))
      .orderBy('created_at')
      .orderBy('id')
      .limit(options.limit + 1)
      .execute();
    return toPage(rows, options.limit, toProfile, (row) => encodePageCursor('profiles', [row.created_at, row.id]));
  }

  async findJob(orgId: string, id: string): Promise<JobRecord | undefined> {
    const row = await this.db.selectFrom('jobs').selectAll().where('org_id', '=', orgId).where('id', '=', id).executeTakeFirst();
    return row && toJob(row);
  }

  readExportChunks(jobId: string, afterSeq: number, limit: number): Promise<{ seq: number; data: string }[]> {
    return readExportChunks(this.db, jobId, afterSeq, limit);
  }

  listJobs(orgId: string, options: ListJobsOptions): Promise<Page<JobRecord>> {
    return listJobs(this.db, orgId, options);
  }

  async countUnfinishedJobs(): Promise<number> {
    const row = await this.db.selectFrom('jobs').select((eb) => eb.fn.countAll<number | string | bigint>().as('count')).where('status', '=', 'PROCESSING').executeTakeFirstOrThrow();
    return Number(row.count);
  }

  async listUnfinishedJobs(): Promise<JobRecord[]> {
    const rows = await this.db.selectFrom('jobs').selectAll().where('status', '=', 'PROCESSING').orderBy('created').orderBy('id').execute();
    return rows.map(toJob);
  }

  async readJobItems(jobId: string, from: number, count: number): Promise<JsonValue[]> {
    const rows = await this.db
      .selectFrom('job_items')
      .select(['item_index', 'item'])
      .where('job_id', '=', jobId)
      .where('item_index', '>=', firstRowFor(from))
      .where('item_index', '<', from + count)
      .orderBy('item_index')
      .execute();
    return sliceJobItemRows(
      rows.map((row) => ({ first: row.item_index, items: JSON.parse(row.item) as JsonValue[] })),
      from,
      count,
    );
  }

  async listJobResults(jobId: string, options: { readonly ok: boolean; readonly after: number; readonly limit: number }): Promise<JobResultRecord[]> {
    checkPageLimit(options.limit);
    const outcome = () => this.db.selectFrom('job_result_rows').where('job_id', '=', jobId).where('ok', '=', toFlag(options.ok));
    // The rows of one outcome never overlap: only the last row starting at or before `after + 1`
    // can hold results past it, so the page starts there (an index seek, not a scan of the rows
    // before it), and only as many rows are read whole as the page needs (a row holds up to a
    // chunk's thousand results: reading `limit` rows would read the whole job for every page).
    const floor = await outcome().select('first_index').where('first_index', '<=', options.after + 1).orderBy('first_index', 'desc').limit(1).executeTakeFirst();
    const spans = await outcome()
      .select(['first_index', 'last_index', 'count'])
      .where('first_index', '>=', floor?.first_index ?? -1)
      .where('last_index', '>', options.after)
      .orderBy('first_index')
      .limit(options.limit)
      .execute();
    const needed = rowsForPage(spans, options.after, options.limit);
    const first = spans[0];
    const last = spans[needed - 1];
    if (first === undefined || last === undefined) return [];
    const rows = await outcome()
      .select('results')
      .where('first_index', '>=', first.first_index)
      .where('first_index', '<=', last.first_index)
      .orderBy('first_index')
      .execute();
    return pageJobResults(
      rows.map((row) => JSON.parse(row.results) as JobResultEntry[]),
      options.ok,
      options.after,
      options.limit,
    );
  }

  async countJobResults(jobId: string, ok: boolean): Promise<number> {
    const row = await this.db
      .selectFrom('job_result_rows')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('count'), eb.lit(0)).as('total'))
      .where('job_id', '=', jobId)
      .where('ok', '=', toFlag(ok))
      .executeTakeFirst();
    return row?.total ?? 0;
  }

  async getCachedSummary(orgId: string, key: string): Promise<string | undefined> {
    const row = await this.db.selectFrom('summary_cache').select('value').where('org_id', '=', orgId).where('key', '=', key).executeTakeFirst();
    return row?.value;
  }

  getPrivacySettings(orgId: string): Promise<PrivacySettingsRecord> {
    return getPrivacySettings(this.db, orgId);
  }

  // A user's export (user-export-reader.ts), a page at a time.
  #sql(): userExportReads.SqlReads {
    return { db: this.db, dialect: this.dialect };
  }

  listMergedUsers(orgId: string, userId: string): Promise<UserRecord[]> {
    return userExportReads.listMergedUsers(this.#sql(), orgId, userId);
  }

  listUserEvents(orgId: string, userId: string, page: PageRequest): Promise<Page<EventRecord>> {
    return userExportReads.listUserEvents(this.#sql(), orgId, userId, page);
  }

  listUserSessions(orgId: string, userId: string, page: PageRequest): Promise<Page<SessionWithOldIds>> {
    return userExportReads.listUserSessions(this.#sql(), orgId, userId, page);
  }

  readSessionFixtureText(orgId: string, sessionId: string, slice: { readonly offset: number; readonly length: number }): Promise<string | undefined> {
    return userExportReads.readSessionFixtureText(this.#sql(), orgId, sessionId, slice);
  }

  listSessionEventPage(orgId: string, sessionId: string, page: PageRequest): Promise<Page<EventRecord>> {
    return userExportReads.listSessionEventPage(this.#sql(), orgId, sessionId, page);
  }

  listCachedSummaries(orgId: string, sessionIds: readonly string[], page: PageRequest): Promise<Page<CachedSummaryRecord>> {
    return userExportReads.listCachedSummaries(this.#sql(), orgId, sessionIds, page);
  }
}

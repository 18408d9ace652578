// The store's reads on one SQLite connection: the read-only connection outside transactions, the
// writing one inside them (so that a transaction sees its own writes).

import { firstRowFor, sliceJobItemRows } from '../job-item-rows.js';
import { pageJobResults, type JobResultEntry } from '../job-result-rows.js';
import { checkPageLimit, decodePageCursor, encodePageCursor, toPage } from '../page-cursor.js';
import type {
  ApiKeyRecord,
  EventRecord,
  JobRecord,
  JobResultRecord,
  JsonValue,
  OrganisationRecord,
  ProfileRecord,
  SessionInfo,
  SessionRecord,
  UserRecord,
} from '../records.js';
import type { Page, StoreReader } from '../store.js';
import type { StatementCache } from './statement-cache.js';
import {
  toApiKey,
  toEvent,
  toJob,
  toOrganisation,
  toProfile,
  SESSION_INFO_COLUMNS,
  toSession,
  toSessionInfo,
  toUser,
  type ApiKeyRow,
  type EventRow,
  type JobRow,
  type OrganisationRow,
  type ProfileRow,
  type SessionRow,
  type UserRow,
} from './sqlite-rows.js';

export class SqliteReader implements StoreReader {
  protected readonly statements: StatementCache;

  constructor(statements: StatementCache) {
    this.statements = statements;
  }

  protected one<Row>(sql: string, ...parameters: unknown[]): Row | undefined {
    return this.statements.get(sql).get(...parameters) as Row | undefined;
  }

  protected all<Row>(sql: string, ...parameters: unknown[]): Row[] {
    return this.statements.get(sql).all(...parameters) as Row[];
  }

  async findOrganisation(id: string): Promise<OrganisationRecord | undefined> {
    const row = this.one<OrganisationRow>('SELECT * FROM organisations WHERE id = ?', id);
    return row && toOrganisation(row);
  }

  async findOrganisationByName(name: string): Promise<OrganisationRecord | undefined> {
    const row = this.one<OrganisationRow>('SELECT * FROM organisations WHERE name = ?', name);
    return row && toOrganisation(row);
  }

  async listOrganisations(): Promise<OrganisationRecord[]> {
    return this.all<OrganisationRow>('SELECT * FROM organisations ORDER BY created_at, id').map(toOrganisation);
  }

  async findApiKey(id: string): Promise<ApiKeyRecord | undefined> {
    const row = this.one<ApiKeyRow>('SELECT * FROM api_keys WHERE id = ?', id);
    return row && toApiKey(row);
  }

  async listApiKeys(orgId: string): Promise<ApiKeyRecord[]> {
    return this.all<ApiKeyRow>('SELECT * FROM api_keys WHERE org_id = ? ORDER BY created_at, id', orgId).map(toApiKey);
  }

  async findUser(orgId: string, id: string): Promise<UserRecord | undefined> {
    const row = this.one<UserRow>('SELECT * FROM users WHERE org_id = ? AND id = ?', orgId, id);
    return row && toUser(row);
  }

  async findUserByUid(orgId: string, uid: string): Promise<UserRecord | undefined> {
    const row = this.one<UserRow>('SELECT * FROM users WHERE org_id = ? AND uid = ?', orgId, uid);
    return row && toUser(row);
  }

  async findUserIdsByUids(orgId: string, uids: readonly string[]): Promise<Map<string, string>> {
    if (uids.length === 0) return new Map();
    const rows = this.all<{ uid: string; id: string }>(
      'SELECT uid, id FROM users WHERE org_id = ? AND uid IN (SELECT value FROM json_each(?))',
      orgId,
      JSON.stringify(uids),
    );
    return new Map(rows.map((row) => [row.uid, row.id]));
  }

  async findUserByEmail(orgId: string, email: string): Promise<UserRecord | undefined> {
    const row = this.one<UserRow>(
      'SELECT * FROM users WHERE org_id = ? AND email = ? ORDER BY updated_at DESC, id DESC LIMIT 1',
      orgId,
      email,
    );
    return row && toUser(row);
  }

  async findSession(orgId: string, id: string): Promise<SessionRecord | undefined> {
    const row = this.one<SessionRow>('SELECT * FROM sessions WHERE org_id = ? AND id = ?', orgId, id);
    return row && toSession(row);
  }

  async findSessionInfo(orgId: string, id: string): Promise<SessionInfo | undefined> {
    const row = this.one<Omit<SessionRow, 'fixture'>>(`SELECT ${SESSION_INFO_COLUMNS} FROM sessions WHERE org_id = ? AND id = ?`, orgId, id);
    return row && toSessionInfo(row);
  }

  async listSessionsForUser(orgId: string, userId: string, limit: number): Promise<SessionInfo[]> {
    checkPageLimit(limit);
    return this.all<Omit<SessionRow, 'fixture'>>(
      `SELECT ${SESSION_INFO_COLUMNS} FROM sessions WHERE org_id = ? AND user_id = ? ORDER BY created_time DESC, id LIMIT ?`,
      orgId,
      userId,
      limit,
    ).map(toSessionInfo);
  }

  async listSessionEvents(orgId: string, sessionId: string): Promise<EventRecord[]> {
    return this.all<EventRow>(
      'SELECT * FROM events WHERE org_id = ? AND session_id = ? ORDER BY event_timestamp, seq',
      orgId,
      sessionId,
    ).map(toEvent);
  }

  async listEvents(orgId: string, options: { readonly after?: string | null; readonly limit: number }): Promise<Page<EventRecord>> {
    checkPageLimit(options.limit);
    const [afterSeq] = options.after ? decodePageCursor(options.after, 'events', ['number'] as const) : [0];
    const rows = this.all<EventRow>(
      'SELECT * FROM events WHERE org_id = ? AND seq > ? ORDER BY seq LIMIT ?',
      orgId,
      afterSeq,
      options.limit + 1,
    );
    return toPage(rows, options.limit, toEvent, (row) => encodePageCursor('events', [row.seq]));
  }

  async findProfile(orgId: string, id: string): Promise<ProfileRecord | undefined> {
    const row = this.one<ProfileRow>('SELECT * FROM profiles WHERE org_id = ? AND id = ?', orgId, id);
    return row && toProfile(row);
  }

  async listProfiles(orgId: string, options: { readonly after?: string | null; readonly limit: number }): Promise<Page<ProfileRecord>> {
    checkPageLimit(options.limit);
    const rows = options.after
      ? this.all<ProfileRow>(
          'SELECT * FROM profiles WHERE org_id = ? AND (created_at, id) > (?, ?) ORDER BY created_at, id LIMIT ?',
          orgId,
          ...decodePageCursor(options.after, 'profiles', ['string', 'string'] as const),
          options.limit + 1,
        )
      : this.all<ProfileRow>('SELECT * FROM profiles WHERE org_id = ? ORDER BY created_at, id LIMIT ?', orgId, options.limit + 1);
    return toPage(rows, options.limit, toProfile, (row) => encodePageCursor('profiles', [row.created_at, row.id]));
  }

  async findJob(orgId: string, id: string): Promise<JobRecord | undefined> {
    const row = this.one<JobRow>('SELECT * FROM jobs WHERE org_id = ? AND id = ?', orgId, id);
    return row && toJob(row);
  }

  async listUnfinishedJobs(): Promise<JobRecord[]> {
    return this.all<JobRow>("SELECT * FROM jobs WHERE status = 'PROCESSING' ORDER BY created, id").map(toJob);
  }

  async readJobItems(jobId: string, from: number, count: number): Promise<JsonValue[]> {
    const rows = this.all<{ item_index: number; item: string }>(
      'SELECT item_index, item FROM job_items WHERE job_id = ? AND item_index >= ? AND item_index < ? ORDER BY item_index',
      jobId,
      firstRowFor(from),
      from + count,
    );
    return sliceJobItemRows(rows.map((row) => ({ first: row.item_index, items: JSON.parse(row.item) as JsonValue[] })), from, count);
  }

  async listJobResults(jobId: string, options: { readonly ok: boolean; readonly after: number; readonly limit: number }): Promise<JobResultRecord[]> {
    checkPageLimit(options.limit);
    const rows = this.all<{ results: string }>(
      'SELECT results FROM job_result_rows WHERE job_id = ? AND ok = ? AND last_index > ? ORDER BY first_index LIMIT ?',
      jobId,
      options.ok ? 1 : 0,
      options.after,
      options.limit,
    );
    return pageJobResults(rows.map((row) => JSON.parse(row.results) as JobResultEntry[]), options.ok, options.after, options.limit);
  }

  async countJobResults(jobId: string, ok: boolean): Promise<number> {
    const row = this.one<{ total: number }>('SELECT coalesce(sum(count), 0) AS total FROM job_result_rows WHERE job_id = ? AND ok = ?', jobId, ok ? 1 : 0);
    return row?.total ?? 0;
  }

  async getCachedSummary(orgId: string, key: string): Promise<string | undefined> {
    return this.one<{ value: string }>('SELECT value FROM summary_cache WHERE org_id = ? AND key = ?', orgId, key)?.value;
  }
}

// The store's reads on PostgreSQL: through the pool outside transactions, through the
// transaction's client inside them.

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
} from './postgres-rows.js';
import { preparedQuery, type Queryable } from './prepared-query.js';

export class PostgresReader implements StoreReader {
  protected readonly database: Queryable;

  constructor(database: Queryable) {
    this.database = database;
  }

  protected async all<Row extends object>(sql: string, ...values: unknown[]): Promise<Row[]> {
    return (await this.database.query<Row>(preparedQuery(sql, values))).rows;
  }

  protected async one<Row extends object>(sql: string, ...values: unknown[]): Promise<Row | undefined> {
    return (await this.all<Row>(sql, ...values))[0];
  }

  async findOrganisation(id: string): Promise<OrganisationRecord | undefined> {
    const row = await this.one<OrganisationRow>('SELECT * FROM organisations WHERE id = $1', id);
    return row && toOrganisation(row);
  }

  async findOrganisationByName(name: string): Promise<OrganisationRecord | undefined> {
    const row = await this.one<OrganisationRow>('SELECT * FROM organisations WHERE name = $1', name);
    return row && toOrganisation(row);
  }

  async listOrganisations(): Promise<OrganisationRecord[]> {
    return (await this.all<OrganisationRow>('SELECT * FROM organisations ORDER BY created_at, id')).map(toOrganisation);
  }

  async findApiKey(id: string): Promise<ApiKeyRecord | undefined> {
    const row = await this.one<ApiKeyRow>('SELECT * FROM api_keys WHERE id = $1', id);
    return row && toApiKey(row);
  }

  async listApiKeys(orgId: string): Promise<ApiKeyRecord[]> {
    return (await this.all<ApiKeyRow>('SELECT * FROM api_keys WHERE org_id = $1 ORDER BY created_at, id', orgId)).map(toApiKey);
  }

  async findUser(orgId: string, id: string): Promise<UserRecord | undefined> {
    const row = await this.one<UserRow>('SELECT * FROM users WHERE org_id = $1 AND id = $2', orgId, id);
    return row && toUser(row);
  }

  async findUserByUid(orgId: string, uid: string): Promise<UserRecord | undefined> {
    const row = await this.one<UserRow>('SELECT * FROM users WHERE org_id = $1 AND uid = $2', orgId, uid);
    return row && toUser(row);
  }

  async findUserIdsByUids(orgId: string, uids: readonly string[]): Promise<Map<string, string>> {
    if (uids.length === 0) return new Map();
    const rows = await this.all<{ uid: string; id: string }>('SELECT uid, id FROM users WHERE org_id = $1 AND uid = ANY($2::text[])', orgId, [...uids]);
    return new Map(rows.map((row) => [row.uid, row.id]));
  }

  async findUserByEmail(orgId: string, email: string): Promise<UserRecord | undefined> {
    const row = await this.one<UserRow>(
      'SELECT * FROM users WHERE org_id = $1 AND email = $2 ORDER BY updated_at DESC, id DESC LIMIT 1',
      orgId,
      email,
    );
    return row && toUser(row);
  }

  async findSession(orgId: string, id: string): Promise<SessionRecord | undefined> {
    const row = await this.one<SessionRow>('SELECT * FROM sessions WHERE org_id = $1 AND id = $2', orgId, id);
    return row && toSession(row);
  }

  async findSessionInfo(orgId: string, id: string): Promise<SessionInfo | undefined> {
    const row = await this.one<Omit<SessionRow, 'fixture'>>(`SELECT ${SESSION_INFO_COLUMNS} FROM sessions WHERE org_id = $1 AND id = $2`, orgId, id);
    return row && toSessionInfo(row);
  }

  async listSessionsForUser(orgId: string, userId: string, limit: number): Promise<SessionInfo[]> {
    checkPageLimit(limit);
    const rows = await this.all<Omit<SessionRow, 'fixture'>>(
      `SELECT ${SESSION_INFO_COLUMNS} FROM sessions WHERE org_id = $1 AND user_id = $2 ORDER BY created_time DESC, id LIMIT $3`,
      orgId,
      userId,
      limit,
    );
    return rows.map(toSessionInfo);
  }

  async listSessionEvents(orgId: string, sessionId: string): Promise<EventRecord[]> {
    const rows = await this.all<EventRow>(
      'SELECT * FROM events WHERE org_id = $1 AND session_id = $2 ORDER BY event_timestamp, seq',
      orgId,
      sessionId,
    );
    return rows.map(toEvent);
  }

  async listEvents(orgId: string, options: { readonly after?: string | null; readonly limit: number }): Promise<Page<EventRecord>> {
    checkPageLimit(options.limit);
    const [afterSeq] = options.after ? decodePageCursor(options.after, 'events', ['number'] as const) : [0];
    const rows = await this.all<EventRow>(
      'SELECT * FROM events WHERE org_id = $1 AND seq > $2 ORDER BY seq LIMIT $3',
      orgId,
      afterSeq,
      options.limit + 1,
    );
    return toPage(rows, options.limit, toEvent, (row) => encodePageCursor('events', [Number(row.seq)]));
  }

  async findProfile(orgId: string, id: string): Promise<ProfileRecord | undefined> {
    const row = await this.one<ProfileRow>('SELECT * FROM profiles WHERE org_id = $1 AND id = $2', orgId, id);
    return row && toProfile(row);
  }

  async listProfiles(orgId: string, options: { readonly after?: string | null; readonly limit: number }): Promise<Page<ProfileRecord>> {
    checkPageLimit(options.limit);
    const rows = options.after
      ? await this.all<ProfileRow>(
          'SELECT * FROM profiles WHERE org_id = $1 AND (created_at, id) > ($2, $3) ORDER BY created_at, id LIMIT $4',
          orgId,
          ...decodePageCursor(options.after, 'profiles', ['string', 'string'] as const),
          options.limit + 1,
        )
      : await this.all<ProfileRow>('SELECT * FROM profiles WHERE org_id = $1 ORDER BY created_at, id LIMIT $2', orgId, options.limit + 1);
    return toPage(rows, options.limit, toProfile, (row) => encodePageCursor('profiles', [row.created_at, row.id]));
  }

  async findJob(orgId: string, id: string): Promise<JobRecord | undefined> {
    const row = await this.one<JobRow>('SELECT * FROM jobs WHERE org_id = $1 AND id = $2', orgId, id);
    return row && toJob(row);
  }

  async listUnfinishedJobs(): Promise<JobRecord[]> {
    return (await this.all<JobRow>("SELECT * FROM jobs WHERE status = 'PROCESSING' ORDER BY created, id")).map(toJob);
  }

  async readJobItems(jobId: string, from: number, count: number): Promise<JsonValue[]> {
    const rows = await this.all<{ item_index: number; item: JsonValue[] }>(
      'SELECT item_index, item FROM job_items WHERE job_id = $1 AND item_index >= $2 AND item_index < $3 ORDER BY item_index',
      jobId,
      firstRowFor(from),
      from + count,
    );
    return sliceJobItemRows(rows.map((row) => ({ first: row.item_index, items: row.item })), from, count);
  }

  async listJobResults(jobId: string, options: { readonly ok: boolean; readonly after: number; readonly limit: number }): Promise<JobResultRecord[]> {
    checkPageLimit(options.limit);
    const rows = await this.all<{ results: JobResultEntry[] }>(
      'SELECT results FROM job_result_rows WHERE job_id = $1 AND ok = $2 AND last_index > $3 ORDER BY first_index LIMIT $4',
      jobId,
      options.ok,
      options.after,
      options.limit,
    );
    return pageJobResults(rows.map((row) => row.results), options.ok, options.after, options.limit);
  }

  async countJobResults(jobId: string, ok: boolean): Promise<number> {
    const row = await this.one<{ total: number }>('SELECT coalesce(sum(count), 0)::integer AS total FROM job_result_rows WHERE job_id = $1 AND ok = $2', jobId, ok);
    return row?.total ?? 0;
  }

  async getCachedSummary(orgId: string, key: string): Promise<string | undefined> {
    return (await this.one<{ value: string }>('SELECT value FROM summary_cache WHERE org_id = $1 AND key = $2', orgId, key))?.value;
  }
}

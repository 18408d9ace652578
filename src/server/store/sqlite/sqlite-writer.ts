// The store's writes on SQLite, used only inside a transaction (BEGIN IMMEDIATE behind the store's
// mutex): one writer at a time, so the read-then-write rules (limits, quotas, idempotency keys)
// need no further locking. A failed statement undoes only itself, never the transaction.

import { toJobItemRows } from '../job-item-rows.js';
import { mergeJobResultRows, spanOf, toJobResultRows, type JobResultEntry } from '../job-result-rows.js';
import type {
  ApiKeyRecord,
  CatalogKind,
  EventRecord,
  IdempotencyClaim,
  JobRecord,
  JobResultRecord,
  JobStatus,
  JsonValue,
  KeyLevel,
  OrganisationRecord,
  ProfileRecord,
  SessionRecord,
  UserRecord,
} from '../records.js';
import { StoreConflictError, type StoreWriter } from '../store.js';
import { admitNamesInSqlite } from './admit-names-in-sqlite.js';
import { claimIdempotencyKeyInSqlite } from './claim-idempotency-key-in-sqlite.js';
import { SqliteReader } from './sqlite-reader.js';
import { toApiKey, type ApiKeyRow } from './sqlite-rows.js';

const json = (value: JsonValue): string => JSON.stringify(value);

export class SqliteWriter extends SqliteReader implements StoreWriter {
  protected run(sql: string, ...parameters: unknown[]): number {
    return this.statements.get(sql).run(...parameters).changes;
  }

  async createOrganisation(record: OrganisationRecord): Promise<void> {
    const inserted = this.run(
      'INSERT INTO organisations (id, name, data_center, server_event_quota, created_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING',
      record.id,
      record.name,
      record.dataCenter,
      record.serverEventQuota,
      record.createdAt,
    );
    if (inserted === 0) {
      const taken = (await this.findOrganisationByName(record.name)) !== undefined;
      throw new StoreConflictError(taken ? `an organisation named "${record.name}" already exists` : `an organisation with id "${record.id}" already exists`);
    }
  }

  async createApiKey(record: ApiKeyRecord): Promise<void> {
    const inserted = this.run(
      'INSERT INTO api_keys (id, org_id, name, level, secret_hash, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING',
      record.id,
      record.orgId,
      record.name,
      record.level,
      record.secretHash,
      record.createdAt,
      record.updatedAt,
    );
    if (inserted === 0) throw new StoreConflictError(`an API key with id "${record.id}" already exists`);
  }

  async updateApiKey(
    orgId: string,
    id: string,
    changes: { readonly name?: string; readonly level?: KeyLevel; readonly updatedAt: string },
  ): Promise<ApiKeyRecord | undefined> {
    const row = this.one<ApiKeyRow>(
      'UPDATE api_keys SET name = coalesce(?, name), level = coalesce(?, level), updated_at = ? WHERE org_id = ? AND id = ? RETURNING *',
      changes.name ?? null,
      changes.level ?? null,
      changes.updatedAt,
      orgId,
      id,
    );
    return row && toApiKey(row);
  }

  findUserForUpdate(orgId: string, id: string): Promise<UserRecord | undefined> {
    return this.findUser(orgId, id);
  }

  findUserByUidForUpdate(orgId: string, uid: string): Promise<UserRecord | undefined> {
    return this.findUserByUid(orgId, uid);
  }

  async insertUser(record: UserRecord): Promise<void> {
    const inserted = this.run(
      `INSERT INTO users (org_id, id, uid, display_name, email, properties, identified_in_session, merged_into, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
      record.orgId,
      record.id,
      record.uid,
      record.displayName,
      record.email,
      json(record.properties),
      record.identifiedInSession ? 1 : 0,
      record.mergedInto,
      record.createdAt,
      record.updatedAt,
    );
    if (inserted === 0) throw userConflict(record, (await this.findUser(record.orgId, record.id)) !== undefined);
  }

  async updateUser(record: UserRecord): Promise<void> {
    try {
      this.run(
        `UPDATE users SET uid = ?, display_name = ?, email = ?, properties = ?, identified_in_session = ?, merged_into = ?, created_at = ?, updated_at = ?
         WHERE org_id = ? AND id = ?`,
        record.uid,
        record.displayName,
        record.email,
        json(record.properties),
        record.identifiedInSession ? 1 : 0,
        record.mergedInto,
        record.createdAt,
        record.updatedAt,
        record.orgId,
        record.id,
      );
    } catch (error) {
      if (isUniqueViolation(error)) throw userConflict(record, false);
      throw error;
    }
  }

  async insertSession(record: SessionRecord): Promise<boolean> {
    const inserted = this.run(
      'INSERT INTO sessions (org_id, id, user_id, created_time, fixture, imported_at) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING',
      record.orgId,
      record.id,
      record.userId,
      record.createdTime,
      json(record.fixture),
      record.importedAt,
    );
    return inserted === 1;
  }

  async insertEvents(records: readonly EventRecord[]): Promise<void> {
    const insert = this.statements.get(
      `INSERT INTO events (org_id, id, name, event_timestamp, user_id, session_id, properties, context, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    for (const event of records) {
      insert.run(
        event.orgId,
        event.id,
        event.name,
        event.timestamp,
        event.userId,
        event.sessionId,
        json(event.properties),
        event.context === null ? null : json(event.context),
        event.createdAt,
      );
    }
  }

  async insertProfile(record: ProfileRecord): Promise<void> {
    const inserted = this.run(
      'INSERT INTO profiles (org_id, id, body, version, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING',
      record.orgId,
      record.id,
      json(record.body),
      record.version,
      record.createdAt,
      record.updatedAt,
    );
    if (inserted === 0) throw new StoreConflictError(`a profile with id "${record.id}" already exists`);
  }

  async updateProfile(record: ProfileRecord): Promise<void> {
    this.run(
      'UPDATE profiles SET body = ?, version = ?, created_at = ?, updated_at = ? WHERE org_id = ? AND id = ?',
      json(record.body),
      record.version,
      record.createdAt,
      record.updatedAt,
      record.orgId,
      record.id,
    );
  }

  async deleteProfile(orgId: string, id: string): Promise<boolean> {
    return this.run('DELETE FROM profiles WHERE org_id = ? AND id = ?', orgId, id) === 1;
  }

  async admitNames(
    orgId: string,
    kind: CatalogKind,
    names: readonly string[],
    options: { readonly limit: number; readonly now: string; readonly retentionCutoff: string },
  ): Promise<string[]> {
    return admitNamesInSqlite(this.statements, orgId, kind, names, options);
  }

  async consumeServerEvents(orgId: string, period: string, count: number, quota: number): Promise<boolean> {
    checkCount(count);
    if (count > quota) return false;
    const changed = this.run(
      `INSERT INTO server_event_usage (org_id, period, used) VALUES (?, ?, ?)
       ON CONFLICT (org_id, period) DO UPDATE SET used = used + excluded.used WHERE used + excluded.used <= ?`,
      orgId,
      period,
      count,
      quota,
    );
    return changed === 1;
  }

  async createJob(record: JobRecord, items: readonly JsonValue[]): Promise<void> {
    const inserted = this.run(
      `INSERT INTO jobs (id, org_id, kind, status, created, finished, total, cursor, imports, errors)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
      record.id,
      record.orgId,
      record.kind,
      record.status,
      record.created,
      record.finished,
      record.total,
      record.cursor,
      record.imports,
      record.errors,
    );
    if (inserted === 0) throw new StoreConflictError(`a job with id "${record.id}" already exists`);
    const insert = this.statements.get('INSERT INTO job_items (job_id, item_index, item) VALUES (?, ?, ?)');
    for (const [first, rowItems] of toJobItemRows(items)) insert.run(record.id, first, json(rowItems));
  }

  async recordJobProgress(
    jobId: string,
    progress: { readonly cursor: number; readonly imports: number; readonly errors: number; readonly results: readonly JobResultRecord[] },
  ): Promise<void> {
    const changed = this.run('UPDATE jobs SET cursor = ?, imports = ?, errors = ? WHERE id = ?', progress.cursor, progress.imports, progress.errors, jobId);
    if (changed === 0) return;
    const rows = toJobResultRows(progress.results);
    if (rows.length === 0) return;
    const insert = this.statements.get('INSERT INTO job_result_rows (job_id, ok, first_index, last_index, count, results) VALUES (?, ?, ?, ?, ?, ?)');
    const { first, last } = spanOf(rows);
    const overlapping = this.all<{ ok: number; first_index: number; results: string }>(
      'SELECT ok, first_index, results FROM job_result_rows WHERE job_id = ? AND first_index <= ? AND last_index >= ?',
      jobId,
      last,
      first,
    );
    for (const row of overlapping) this.run('DELETE FROM job_result_rows WHERE job_id = ? AND ok = ? AND first_index = ?', jobId, row.ok, row.first_index);
    const written =
      overlapping.length === 0
        ? rows
        : mergeJobResultRows(
            overlapping.map((row) => ({ ok: row.ok === 1, entries: JSON.parse(row.results) as JobResultEntry[] })),
            progress.results,
          );
    for (const row of written) insert.run(jobId, row.ok ? 1 : 0, row.first, row.last, row.entries.length, JSON.stringify(row.entries));
  }

  async finishJob(jobId: string, status: JobStatus, finished: string): Promise<void> {
    this.run('UPDATE jobs SET status = ?, finished = ? WHERE id = ?', status, finished, jobId);
  }

  async claimIdempotencyKey(
    orgId: string,
    key: string,
    options: { readonly fingerprint: string; readonly now: string; readonly expiresBefore: string },
  ): Promise<IdempotencyClaim> {
    return claimIdempotencyKeyInSqlite(this.statements, orgId, key, options);
  }

  async completeIdempotencyKey(orgId: string, key: string, result: { readonly status: number; readonly body: string }): Promise<void> {
    this.run("UPDATE idempotency_keys SET state = 'completed', status = ?, body = ? WHERE org_id = ? AND key = ?", result.status, result.body, orgId, key);
  }

  async releaseIdempotencyKey(orgId: string, key: string): Promise<void> {
    this.run('DELETE FROM idempotency_keys WHERE org_id = ? AND key = ?', orgId, key);
  }

  async putCachedSummary(orgId: string, key: string, value: string, now: string): Promise<void> {
    this.run(
      `INSERT INTO summary_cache (org_id, key, value, updated_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (org_id, key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`,
      orgId,
      key,
      value,
      now,
    );
  }
}

function checkCount(count: number): void {
  if (!Number.isSafeInteger(count) || count < 0) throw new RangeError(`a server event count must be a non-negative integer, got ${count}`);
}

function isUniqueViolation(error: unknown): boolean {
  return error instanceof Error && (error as { code?: unknown }).code === 'SQLITE_CONSTRAINT_UNIQUE';
}

function userConflict(record: UserRecord, idTaken: boolean): StoreConflictError {
  return new StoreConflictError(
    idTaken ? `a user with id "${record.id}" already exists` : `the uid "${record.uid ?? ''}" is taken by another user of the organisation`,
  );
}

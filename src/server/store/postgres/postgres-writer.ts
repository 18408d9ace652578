// The store's writes on PostgreSQL, on the client of one transaction (READ COMMITTED). Rules that
// read then write are made safe under concurrent transactions with row locks and upserts (and
// advisory locks for catalogs); uniqueness breaks are detected with ON CONFLICT DO NOTHING (or a
// savepoint), so a StoreConflictError leaves the transaction usable, as in SQLite.

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
import { admitNamesInPostgres } from './admit-names-in-postgres.js';
import { claimIdempotencyKeyInPostgres } from './claim-idempotency-key-in-postgres.js';
import { PostgresReader } from './postgres-reader.js';
import { toApiKey, toUser, type ApiKeyRow, type UserRow } from './postgres-rows.js';
import { preparedQuery } from './prepared-query.js';

/** Rows per multi-row INSERT: large enough to save round trips, small enough for modest messages. */
const ROWS_PER_INSERT = 2_000;

const json = (value: JsonValue): string => JSON.stringify(value);

export class PostgresWriter extends PostgresReader implements StoreWriter {
  /** Rows changed by an INSERT, UPDATE or DELETE. */
  protected async run(sql: string, ...values: unknown[]): Promise<number> {
    return (await this.database.query(preparedQuery(sql, values))).rowCount ?? 0;
  }

  async createOrganisation(record: OrganisationRecord): Promise<void> {
    const inserted = await this.run(
      'INSERT INTO organisations (id, name, data_center, server_event_quota, created_at) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING',
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
    const inserted = await this.run(
      `INSERT INTO api_keys (id, org_id, name, level, secret_hash, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT DO NOTHING`,
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
    const row = await this.one<ApiKeyRow>(
      'UPDATE api_keys SET name = coalesce($1, name), level = coalesce($2, level), updated_at = $3 WHERE org_id = $4 AND id = $5 RETURNING *',
      changes.name ?? null,
      changes.level ?? null,
      changes.updatedAt,
      orgId,
      id,
    );
    return row && toApiKey(row);
  }

  async findUserForUpdate(orgId: string, id: string): Promise<UserRecord | undefined> {
    const row = await this.one<UserRow>('SELECT * FROM users WHERE org_id = $1 AND id = $2 FOR UPDATE', orgId, id);
    return row && toUser(row);
  }

  async findUserByUidForUpdate(orgId: string, uid: string): Promise<UserRecord | undefined> {
    const row = await this.one<UserRow>('SELECT * FROM users WHERE org_id = $1 AND uid = $2 FOR UPDATE', orgId, uid);
    return row && toUser(row);
  }

  async insertUser(record: UserRecord): Promise<void> {
    // A concurrent insert of the same uid makes this wait for that transaction, then do nothing.
    const inserted = await this.run(
      `INSERT INTO users (org_id, id, uid, display_name, email, properties, identified_in_session, merged_into, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6::json, $7, $8, $9, $10) ON CONFLICT DO NOTHING`,
      ...userValues(record),
    );
    if (inserted === 0) throw userConflict(record, (await this.findUser(record.orgId, record.id)) !== undefined);
  }

  async updateUser(record: UserRecord): Promise<void> {
    const update = `UPDATE users SET uid = $3, display_name = $4, email = $5, properties = $6::json, identified_in_session = $7, merged_into = $8,
      created_at = $9, updated_at = $10 WHERE org_id = $1 AND id = $2`;
    // Only setting a uid the user did not have can break a rule: other updates need no savepoint.
    if (record.uid === null) {
      await this.run(update, ...userValues(record));
      return;
    }
    if ((await this.run(`${update} AND uid = $3`, ...userValues(record))) === 1) return;
    // The savepoint keeps the transaction alive when the new uid is taken.
    await this.database.query({ text: 'SAVEPOINT recap_update_user' });
    try {
      await this.run(update, ...userValues(record));
    } catch (error) {
      await this.database.query({ text: 'ROLLBACK TO SAVEPOINT recap_update_user' });
      if (isUniqueViolation(error)) throw userConflict(record, false);
      throw error;
    }
    await this.database.query({ text: 'RELEASE SAVEPOINT recap_update_user' });
  }

  async insertSession(record: SessionRecord): Promise<boolean> {
    const inserted = await this.run(
      `INSERT INTO sessions (org_id, id, user_id, created_time, fixture, imported_at) VALUES ($1, $2, $3, $4, $5::json, $6)
       ON CONFLICT DO NOTHING`,
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
    for (let start = 0; start < records.length; start += ROWS_PER_INSERT) {
      const chunk = records.slice(start, start + ROWS_PER_INSERT);
      // ORDER BY position: seq follows the order given, as in SQLite.
      await this.run(
        `INSERT INTO events (org_id, id, name, event_timestamp, user_id, session_id, properties, context, created_at)
         SELECT org_id, id, name, event_timestamp, user_id, session_id, properties, context, created_at
         FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::json[], $8::json[], $9::text[])
           WITH ORDINALITY AS item (org_id, id, name, event_timestamp, user_id, session_id, properties, context, created_at, position)
         ORDER BY position`,
        chunk.map((event) => event.orgId),
        chunk.map((event) => event.id),
        chunk.map((event) => event.name),
        chunk.map((event) => event.timestamp),
        chunk.map((event) => event.userId),
        chunk.map((event) => event.sessionId),
        chunk.map((event) => json(event.properties)),
        chunk.map((event) => (event.context === null ? null : json(event.context))),
        chunk.map((event) => event.createdAt),
      );
    }
  }

  async insertProfile(record: ProfileRecord): Promise<void> {
    const inserted = await this.run(
      `INSERT INTO profiles (org_id, id, body, version, created_at, updated_at) VALUES ($1, $2, $3::json, $4, $5, $6)
       ON CONFLICT DO NOTHING`,
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
    await this.run(
      'UPDATE profiles SET body = $3::json, version = $4, created_at = $5, updated_at = $6 WHERE org_id = $1 AND id = $2',
      record.orgId,
      record.id,
      json(record.body),
      record.version,
      record.createdAt,
      record.updatedAt,
    );
  }

  async deleteProfile(orgId: string, id: string): Promise<boolean> {
    return (await this.run('DELETE FROM profiles WHERE org_id = $1 AND id = $2', orgId, id)) === 1;
  }

  admitNames(
    orgId: string,
    kind: CatalogKind,
    names: readonly string[],
    options: { readonly limit: number; readonly now: string; readonly retentionCutoff: string },
  ): Promise<string[]> {
    return admitNamesInPostgres(this.database, orgId, kind, names, options);
  }

  async consumeServerEvents(orgId: string, period: string, count: number, quota: number): Promise<boolean> {
    if (!Number.isSafeInteger(count) || count < 0) throw new RangeError(`a server event count must be a non-negative integer, got ${count}`);
    if (count > quota) return false;
    // One statement: the conflicting row is locked and the condition checked on its newest version.
    const changed = await this.run(
      `INSERT INTO server_event_usage (org_id, period, used) VALUES ($1, $2, $3)
       ON CONFLICT (org_id, period) DO UPDATE SET used = server_event_usage.used + excluded.used
       WHERE server_event_usage.used + excluded.used <= $4`,
      orgId,
      period,
      count,
      quota,
    );
    return changed === 1;
  }

  async createJob(record: JobRecord, items: readonly JsonValue[]): Promise<void> {
    const inserted = await this.run(
      `INSERT INTO jobs (id, org_id, kind, status, created, finished, total, cursor, imports, errors)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT DO NOTHING`,
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
    const rows = toJobItemRows(items);
    if (rows.length > 0) {
      await this.run(
        `INSERT INTO job_items (job_id, item_index, item)
         SELECT $1, first, item FROM unnest($2::integer[], $3::json[]) AS entry (first, item)`,
        record.id,
        rows.map(([first]) => first),
        rows.map(([, rowItems]) => json(rowItems)),
      );
    }
  }

  async recordJobProgress(
    jobId: string,
    progress: { readonly cursor: number; readonly imports: number; readonly errors: number; readonly results: readonly JobResultRecord[] },
  ): Promise<void> {
    const changed = await this.run('UPDATE jobs SET cursor = $2, imports = $3, errors = $4 WHERE id = $1', jobId, progress.cursor, progress.imports, progress.errors);
    if (changed === 0) return;
    const rows = toJobResultRows(progress.results);
    if (rows.length === 0) return;
    const { first, last } = spanOf(rows);
    const overlapping = await this.all<{ ok: boolean; first_index: number; results: JobResultEntry[] }>(
      'SELECT ok, first_index, results FROM job_result_rows WHERE job_id = $1 AND first_index <= $2 AND last_index >= $3',
      jobId,
      last,
      first,
    );
    for (const row of overlapping) await this.run('DELETE FROM job_result_rows WHERE job_id = $1 AND ok = $2 AND first_index = $3', jobId, row.ok, row.first_index);
    const written = overlapping.length === 0 ? rows : mergeJobResultRows(overlapping.map((row) => ({ ok: row.ok, entries: row.results })), progress.results);
    for (const row of written) {
      await this.run(
        'INSERT INTO job_result_rows (job_id, ok, first_index, last_index, count, results) VALUES ($1, $2, $3, $4, $5, $6)',
        jobId,
        row.ok,
        row.first,
        row.last,
        row.entries.length,
        JSON.stringify(row.entries),
      );
    }
  }

  async finishJob(jobId: string, status: JobStatus, finished: string): Promise<void> {
    await this.run('UPDATE jobs SET status = $2, finished = $3 WHERE id = $1', jobId, status, finished);
  }

  claimIdempotencyKey(
    orgId: string,
    key: string,
    options: { readonly fingerprint: string; readonly now: string; readonly expiresBefore: string },
  ): Promise<IdempotencyClaim> {
    return claimIdempotencyKeyInPostgres(this.database, orgId, key, options);
  }

  async completeIdempotencyKey(orgId: string, key: string, result: { readonly status: number; readonly body: string }): Promise<void> {
    await this.run(
      "UPDATE idempotency_keys SET state = 'completed', status = $3, body = $4 WHERE org_id = $1 AND key = $2",
      orgId,
      key,
      result.status,
      result.body,
    );
  }

  async releaseIdempotencyKey(orgId: string, key: string): Promise<void> {
    await this.run('DELETE FROM idempotency_keys WHERE org_id = $1 AND key = $2', orgId, key);
  }

  async putCachedSummary(orgId: string, key: string, value: string, now: string): Promise<void> {
    await this.run(
      `INSERT INTO summary_cache (org_id, key, value, updated_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (org_id, key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`,
      orgId,
      key,
      value,
      now,
    );
  }
}

function userValues(record: UserRecord): unknown[] {
  return [
    record.orgId,
    record.id,
    record.uid,
    record.displayName,
    record.email,
    json(record.properties),
    record.identifiedInSession,
    record.mergedInto,
    record.createdAt,
    record.updatedAt,
  ];
}

function isUniqueViolation(error: unknown): boolean {
  return error instanceof Error && (error as { code?: unknown }).code === '23505';
}

function userConflict(record: UserRecord, idTaken: boolean): StoreConflictError {
  return new StoreConflictError(
    idTaken ? `a user with id "${record.id}" already exists` : `the uid "${record.uid ?? ''}" is taken by another user of the organisation`,
  );
}

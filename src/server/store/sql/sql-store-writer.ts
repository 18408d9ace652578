// The store's writes, for both dialects, on the connection of one transaction. Rules that read then
// write hold under concurrent transactions: SQLite runs one writer at a time; PostgreSQL (READ
// COMMITTED) takes row locks (`...ForUpdate`), upserts that lock the row they meet, and advisory
// locks (catalogs). A broken uniqueness rule is a StoreConflictError that leaves the transaction
// usable: detected with ON CONFLICT DO NOTHING, or inside a savepoint.

import { sql, type Kysely } from 'kysely';
import type {
  ApiKeyRecord,
  BlockRuleRecord,
  CatalogKind,
  ClaimedJob,
  EventRecord,
  IdempotencyClaim,
  JobRecord,
  JobResultRecord,
  JobStatus,
  JsonValue,
  KeyLevel,
  OrganisationRecord,
  PrivacySettingsRecord,
  ProfileRecord,
  SessionRecord,
  UserRecord,
} from '../records.js';
import { StoreConflictError, type StoreWriter } from '../store.js';
import { admitNames } from './admit-names.js';
import { claimIdempotencyKey } from './claim-idempotency-key.js';
import { claimJob, finishJob, leaseUntil, lockJobForChunk, releaseJobLease, renewJobLease, type LeaseRequest } from './job-leases.js';
import { insertRows } from './insert-rows.js';
import { moveUserSessions } from './move-user-sessions.js';
import { addJoinedEventFacts, factsRowOf, insertSessionFacts } from './session-facts-writes.js';
import { cancelJob, createJob, recordJobProgress, releaseServerEvents } from './job-writes.js';
import * as apiKeyWrites from './api-key-writes.js';
import { changed } from './changed-rows.js';
import { appendExportChunk, expireExports } from './export-chunks.js';
import { deleteUserDataStep } from './delete-user-data.js';
import { bumpPrivacyVersion, deleteBlockRule, putBlockRule } from './privacy-settings.js';
import { toFlag, type Database } from './database.js';
import { ensureUsers, insertUsers, updateUsers, userConflict, userRow } from './user-writes.js';
import { toApiKey, toUser } from './records-from-rows.js';
import { SqlStoreReader } from './sql-store-reader.js';
import { claimSummaryFlight, releaseSummaryFlight, renewSummaryFlight } from './summary-flights.js';

const json = (value: JsonValue): string => JSON.stringify(value);

export class SqlStoreWriter extends SqlStoreReader implements StoreWriter {
  async createOrganisation(record: OrganisationRecord): Promise<void> {
    const inserted = await this.db
      .insertInto('organisations')
      .values({ id: record.id, name: record.name, data_center: record.dataCenter, server_event_quota: record.serverEventQuota, created_at: record.createdAt })
      .onConflict((conflict) => conflict.doNothing())
      .executeTakeFirstOrThrow();
    if (changed(inserted) === 0) {
      const taken = (await this.findOrganisationByName(record.name)) !== undefined;
      throw new StoreConflictError(taken ? `an organisation named "${record.name}" already exists` : `an organisation with id "${record.id}" already exists`);
    }
  }

  createApiKey(record: ApiKeyRecord): Promise<void> {
    return apiKeyWrites.createApiKey(this.db, record);
  }

  revokeApiKey(orgId: string, id: string, now: string): Promise<ApiKeyRecord | undefined> {
    return apiKeyWrites.revokeApiKey(this.db, orgId, id, now);
  }

  deleteApiKey(orgId: string, id: string): Promise<boolean> {
    return apiKeyWrites.deleteApiKey(this.db, orgId, id);
  }

  touchApiKey(id: string, now: string, since: string): Promise<void> {
    return apiKeyWrites.touchApiKey(this.db, id, now, since);
  }

  updateApiKey(orgId: string, id: string, changes: apiKeyWrites.ApiKeyChanges): Promise<ApiKeyRecord | undefined> {
    return apiKeyWrites.updateApiKey(this.db, orgId, id, changes);
  }

  protected override get sharesRowLocks(): boolean {
    return this.dialect.rowLocks;
  }

  findUserForUpdate(orgId: string, id: string): Promise<UserRecord | undefined> {
    return this.findUserLocked(orgId, 'id', id);
  }

  findUserByUidForUpdate(orgId: string, uid: string): Promise<UserRecord | undefined> {
    return this.findUserLocked(orgId, 'uid', uid);
  }

  async findUsersForUpdate(orgId: string, names: { readonly uids: readonly string[]; readonly ids: readonly string[] }): Promise<UserRecord[]> {
    if (names.uids.length === 0 && names.ids.length === 0) return [];
    const lists = [...(names.uids.length === 0 ? [] : [this.dialect.inList('uid', names.uids)]), ...(names.ids.length === 0 ? [] : [this.dialect.inList('id', names.ids)])];
    const rows = await this.db
      .selectFrom('users')
      .selectAll()
      .where('org_id', '=', orgId)
      .where((row) => row.or(lists))
      .orderBy('id')
      .$if(this.dialect.rowLocks, (query) => query.forUpdate())
      .execute();
    return rows.map(toUser);
  }

  async insertUser(record: UserRecord): Promise<void> {
    // A concurrent insert of the same uid (PostgreSQL) makes this wait for that transaction, then do nothing.
    const inserted = await this.db
      .insertInto('users')
      .values(userRow(record))
      .onConflict((conflict) => conflict.doNothing())
      .executeTakeFirstOrThrow();
    if (changed(inserted) === 0) throw userConflict(record, (await this.findUser(record.orgId, record.id)) !== undefined);
  }

  insertUsers(records: readonly UserRecord[]): Promise<void> {
    return insertUsers(this.db, records, (orgId, id) => this.findUser(orgId, id));
  }

  updateUsers(records: readonly UserRecord[]): Promise<void> {
    return updateUsers(this.db, records);
  }

  ensureUsers(records: readonly UserRecord[]): Promise<Map<string, string>> {
    return ensureUsers(this.db, records, (orgId, uids) => this.findUserIdsByUids(orgId, uids));
  }

  async updateUser(record: UserRecord): Promise<void> {
    const { org_id: orgId, id, ...values } = userRow(record);
    const update = this.db.updateTable('users').set(values).where('org_id', '=', orgId).where('id', '=', id);
    // Only setting a uid the user did not have can break a rule: other updates need no savepoint.
    if (record.uid === null) {
      await update.execute();
      return;
    }
    if (changed(await update.where('uid', '=', record.uid).executeTakeFirstOrThrow()) === 1) return;
    // The savepoint keeps the transaction alive when the new uid is taken (PostgreSQL would
    // otherwise abort it).
    await sql`SAVEPOINT recap_update_user`.execute(this.db);
    try {
      await update.execute();
    } catch (error) {
      await sql`ROLLBACK TO SAVEPOINT recap_update_user`.execute(this.db);
      if (this.dialect.isUniqueViolation(error)) throw userConflict(record, false);
      throw error;
    }
    await sql`RELEASE SAVEPOINT recap_update_user`.execute(this.db);
  }

  async insertSession(record: SessionRecord): Promise<boolean> {
    const inserted = await this.db
      .insertInto('sessions')
      .values({
        org_id: record.orgId,
        id: record.id,
        user_id: record.userId,
        created_time: record.createdTime,
        fixture: json(record.fixture),
        imported_at: record.importedAt,
      })
      .onConflict((conflict) => conflict.doNothing())
      .executeTakeFirstOrThrow();
    if (changed(inserted) === 0) return false;
    await insertSessionFacts(this.db, this.dialect, [factsRowOf(record)]);
    return true;
  }

  moveUserSessions(orgId: string, fromUserId: string, toUserId: string): Promise<{ from: string; to: string }[]> {
    return moveUserSessions(this.db, this.dialect, orgId, fromUserId, toUserId);
  }

  async insertEvents(records: readonly EventRecord[]): Promise<void> {
    // In the order given: seq, the creation order, follows it.
    await insertRows(
      this.db,
      this.dialect,
      'events',
      records.map((event) => ({
        org_id: event.orgId,
        id: event.id,
        name: event.name,
        event_timestamp: event.timestamp,
        user_id: event.userId,
        session_id: event.sessionId,
        properties: json(event.properties),
        context: event.context === null ? null : json(event.context),
        created_at: event.createdAt,
      })),
      { shared: ['org_id', 'created_at'] },
    );
    await addJoinedEventFacts(this.db, records);
  }

  async insertProfile(record: ProfileRecord): Promise<void> {
    const inserted = await this.db
      .insertInto('profiles')
      .values({ org_id: record.orgId, id: record.id, body: json(record.body), version: record.version, created_at: record.createdAt, updated_at: record.updatedAt })
      .onConflict((conflict) => conflict.doNothing())
      .executeTakeFirstOrThrow();
    if (changed(inserted) === 0) throw new StoreConflictError(`a profile with id "${record.id}" already exists`);
  }

  async updateProfile(record: ProfileRecord): Promise<void> {
    await this.db
      .updateTable('profiles')
      .set({ body: json(record.body), version: record.version, created_at: record.createdAt, updated_at: record.updatedAt })
      .where('org_id', '=', record.orgId)
      .where('id', '=', record.id)
      .execute();
  }

  async deleteProfile(orgId: string, id: string): Promise<boolean> {
    return changed(await this.db.deleteFrom('profiles').where('org_id', '=', orgId).where('id', '=', id).executeTakeFirstOrThrow()) === 1;
  }

  admitNames(
    orgId: string,
    kind: CatalogKind,
    names: readonly string[],
    options: { readonly limit: number; readonly now: string; readonly retentionCutoff: string },
  ): Promise<string[]> {
    return admitNames(this.db, this.dialect, { orgId, kind, names, ...options });
  }

  async consumeServerEvents(orgId: string, period: string, count: number, quota: number): Promise<boolean> {
    if (!Number.isSafeInteger(count) || count < 0) throw new RangeError(`a server event count must be a non-negative integer, got ${count}`);
    if (count > quota) return false;
    // One statement: the conflicting row is locked and the condition checked on its newest version.
    const result = await this.db
      .insertInto('server_event_usage')
      .values({ org_id: orgId, period, used: count })
      .onConflict((conflict) =>
        conflict
          .columns(['org_id', 'period'])
          .doUpdateSet((eb) => ({ used: eb('server_event_usage.used', '+', eb.ref('excluded.used')) }))
          .where((eb) => eb(eb('server_event_usage.used', '+', eb.ref('excluded.used')), '<=', quota)),
      )
      .executeTakeFirstOrThrow();
    return changed(result) === 1;
  }

  releaseServerEvents(orgId: string, period: string, count: number): Promise<void> {
    return releaseServerEvents(this.db, orgId, period, count);
  }

  createJob(record: JobRecord, items: readonly JsonValue[]): Promise<void> {
    return createJob(this.db, this.dialect, record, items);
  }

  recordJobProgress(
    jobId: string,
    progress: { readonly cursor: number; readonly imports: number; readonly errors: number; readonly results: readonly JobResultRecord[] },
  ): Promise<void> {
    return recordJobProgress(this.db, this.dialect, jobId, progress);
  }

  finishJob(jobId: string, status: JobStatus, finished: string, owner?: string): Promise<boolean> {
    return finishJob(this.db, jobId, status, finished, owner);
  }

  cancelJob(orgId: string, jobId: string, finished: string): Promise<JobRecord | undefined> {
    return cancelJob(this.db, this.dialect, orgId, jobId, finished);
  }

  appendExportChunk(jobId: string, seq: number, data: string, state: JsonValue): Promise<void> {
    return appendExportChunk(this.db, jobId, seq, data, state);
  }

  expireExports(before: string): Promise<number> {
    return expireExports(this.db, before);
  }

  claimJob(request: LeaseRequest): Promise<ClaimedJob | undefined> {
    return claimJob(this.db, this.dialect, request);
  }

  renewJobLease(jobId: string, request: LeaseRequest): Promise<boolean> {
    return renewJobLease(this.db, jobId, request);
  }

  lockJobForChunk(jobId: string, options: { readonly owner: string; readonly cursor: number }): Promise<boolean> {
    return lockJobForChunk(this.db, this.dialect, jobId, options);
  }

  releaseJobLease(jobId: string, owner: string, until?: string): Promise<void> {
    return releaseJobLease(this.db, jobId, owner, until);
  }

  claimIdempotencyKey(
    orgId: string,
    key: string,
    options: { readonly fingerprint: string; readonly now: string; readonly expiresBefore: string; readonly token: string; readonly leaseMs: number },
  ): Promise<IdempotencyClaim> {
    return claimIdempotencyKey(this.db, this.dialect, { orgId, key, ...options });
  }

  async renewIdempotencyKey(orgId: string, key: string, options: { readonly token: string; readonly now: string; readonly leaseMs: number }): Promise<boolean> {
    const result = await this.db
      .updateTable('idempotency_keys')
      .set({ lease_expires_at: leaseUntil(options.now, options.leaseMs) })
      .where('org_id', '=', orgId)
      .where('key', '=', key)
      .where('token', '=', options.token)
      .where('state', '=', 'executing')
      .executeTakeFirstOrThrow();
    return changed(result) === 1;
  }

  async completeIdempotencyKey(orgId: string, key: string, result: { readonly token: string; readonly status: number; readonly body: string }): Promise<boolean> {
    // Only the request that holds the key saves its answer: one that lost it (its lease ran out
    // and the retry took over) must not overwrite the answer of the request that now holds it.
    const saved = await this.db
      .updateTable('idempotency_keys')
      .set({ state: 'completed', status: result.status, body: result.body, token: null, lease_expires_at: null })
      .where('org_id', '=', orgId)
      .where('key', '=', key)
      .where('token', '=', result.token)
      .where('state', '=', 'executing')
      .executeTakeFirstOrThrow();
    return changed(saved) === 1;
  }

  async releaseIdempotencyKey(orgId: string, key: string, token: string): Promise<void> {
    await this.db.deleteFrom('idempotency_keys').where('org_id', '=', orgId).where('key', '=', key).where('token', '=', token).execute();
  }

  async putCachedSummary(orgId: string, entry: { readonly key: string; readonly value: string; readonly sessionId: string; readonly now: string }): Promise<string> {
    await this.db
      .insertInto('summary_cache')
      .values({ org_id: orgId, key: entry.key, value: entry.value, updated_at: entry.now, session_id: entry.sessionId })
      .onConflict((conflict) => conflict.columns(['org_id', 'key']).doNothing())
      .execute();
    const row = await this.db.selectFrom('summary_cache').select('value').where('org_id', '=', orgId).where('key', '=', entry.key).executeTakeFirst();
    return row?.value ?? entry.value;
  }

  claimSummaryFlight(orgId: string, key: string, request: { readonly token: string; readonly now: string; readonly leaseMs: number }): Promise<boolean> {
    return claimSummaryFlight(this.db, orgId, key, request);
  }

  renewSummaryFlight(orgId: string, key: string, request: { readonly token: string; readonly now: string; readonly leaseMs: number }): Promise<boolean> {
    return renewSummaryFlight(this.db, orgId, key, request);
  }

  releaseSummaryFlight(orgId: string, key: string, token: string): Promise<void> {
    return releaseSummaryFlight(this.db, orgId, key, token);
  }

  async putPrivacyRules(orgId: string, rules: JsonValue, now: string): Promise<PrivacySettingsRecord> {
    await bumpPrivacyVersion(this.db, orgId, now, rules);
    return this.getPrivacySettings(orgId);
  }

  putBlockRule(record: BlockRuleRecord): Promise<{ readonly rule: BlockRuleRecord; readonly created: boolean }> {
    return putBlockRule(this.db, record);
  }

  deleteUserDataStep(orgId: string, jobId: string): Promise<boolean> {
    return deleteUserDataStep(this.db, this.dialect, orgId, jobId);
  }

  deleteBlockRule(orgId: string, id: string, now: string): Promise<boolean> {
    return deleteBlockRule(this.db, orgId, id, now);
  }
}

// The store interface: everything the server keeps for one data center. Two implementations pass
// the same contract suite (store-contract.ts): SQLite (embedded default) and PostgreSQL.
//
// Reads may run anywhere; writes run inside `transaction`, which is atomic and isolated: in
// SQLite one writer at a time (BEGIN IMMEDIATE on one connection), in PostgreSQL with row locks
// (`...ForUpdate` reads take them). Both are one implementation (sql/) with dialect hooks. Domain rules (merging properties, identification, limits)
// live in the server, not here: the store persists and guards concurrency.

import type {
  ApiKeyRecord,
  BlockRuleRecord,
  ClaimedJob,
  CatalogKind,
  DataCenter,
  EventRecord,
  IdempotencyClaim,
  JobKind,
  JobRecord,
  JobResultRecord,
  JobStatus,
  OperationStatus,
  JsonValue,
  KeyLevel,
  OrganisationRecord,
  PrivacySettingsRecord,
  ProfileRecord,
  SessionInfo,
  SessionRecord,
  UserRecord,
} from './records.js';
import type { UserExportReader } from './user-export-reader.js';
import type { SessionSearch } from './session-search.js';

export interface Page<Item> {
  readonly items: readonly Item[];
  /** Pass as `after` for the next page; null on the last page. */
  readonly next: string | null;
}

/** Server events with a timestamp in `[from, to)` (ISO 8601, as stored), of one of `names` unless null. */
export interface EventRange {
  readonly from: string;
  readonly to: string;
  readonly names: readonly string[] | null;
}

export interface StoreReader extends UserExportReader {
  findOrganisation(id: string): Promise<OrganisationRecord | undefined>;
  findOrganisationByName(name: string): Promise<OrganisationRecord | undefined>;
  listOrganisations(): Promise<OrganisationRecord[]>;

  findApiKey(id: string): Promise<ApiKeyRecord | undefined>;
  listApiKeys(orgId: string): Promise<ApiKeyRecord[]>;

  findUser(orgId: string, id: string): Promise<UserRecord | undefined>;
  findUserByUid(orgId: string, uid: string): Promise<UserRecord | undefined>;
  /** The ids of the users with these uids (uid → id), in one query; unknown uids are absent. */
  findUserIdsByUids(orgId: string, uids: readonly string[]): Promise<Map<string, string>>;
  /** The most recently updated user with this email (emails are not unique). */
  findUserByEmail(orgId: string, email: string): Promise<UserRecord | undefined>;

  /** The session with this id, or with this old id (one that moved when its user was merged into another). */
  findSession(orgId: string, id: string): Promise<SessionRecord | undefined>;
  /** The session without its fixture (which may be megabytes); old ids lead to it as for findSession. */
  findSessionInfo(orgId: string, id: string): Promise<SessionInfo | undefined>;
  /** The ids the sessions that had these old ids have now (their users were merged into others); ids that never moved are left out. */
  currentSessionIds(orgId: string, ids: readonly string[]): Promise<Map<string, string>>;
  /** Newest first (createdTime descending, then id), at most `limit`; without fixtures. */
  listSessionsForUser(orgId: string, userId: string, limit: number): Promise<SessionInfo[]>;
  /**
   * The sessions matching every filter of `search`, newest first (createdTime descending, then id),
   * `limit` at a time; without fixtures. Reads what was stored of each session for searches
   * (session-facts.ts), never a fixture. Throws InvalidPageCursorError for an `after` it did not issue.
   */
  searchSessions(orgId: string, search: SessionSearch, page: { readonly after?: string | null; readonly limit: number }): Promise<Page<SessionInfo>>;
  /** Server events that joined the session, by timestamp then creation order. */
  listSessionEvents(orgId: string, sessionId: string): Promise<EventRecord[]>;
  /** Server events of the organisation, for tests, by creation order. */
  listEvents(orgId: string, options: { readonly after?: string | null; readonly limit: number }): Promise<Page<EventRecord>>;
  /**
   * The events of `range` among the organisation's server events after `after`, by creation order
   * (an events export): at most `limit`, found among at most the next `scan` events. `next`
   * continues after the last event returned, or after the last one looked at when fewer matched
   * (a page may then be empty); null once none is left.
   */
  listEventsInRange(orgId: string, range: EventRange, page: { readonly after?: string | null; readonly limit: number; readonly scan: number }): Promise<Page<EventRecord>>;

  findProfile(orgId: string, id: string): Promise<ProfileRecord | undefined>;
  /** Oldest first (createdAt, then id). */
  listProfiles(orgId: string, options: { readonly after?: string | null; readonly limit: number }): Promise<Page<ProfileRecord>>;

  findJob(orgId: string, id: string): Promise<JobRecord | undefined>;
  /** Content chunks of an export after `afterSeq`, in order (GET /v2/exports/{id}/download). */
  readExportChunks(jobId: string, afterSeq: number, limit: number): Promise<{ seq: number; data: string }[]>;
  /** An organisation's jobs, newest first, of the given kinds (all when absent) and status (as the operation shows it: PENDING and PROCESSING apart). */
  listJobs(orgId: string, options: { readonly kinds?: readonly JobKind[]; readonly status?: OperationStatus; readonly unfinished?: boolean; readonly after?: string | null; readonly limit: number }): Promise<Page<JobRecord>>;
  /** Jobs of every organisation still PROCESSING, oldest first. */
  listUnfinishedJobs(): Promise<JobRecord[]>;
  /** How many jobs of every organisation are still PROCESSING. */
  countUnfinishedJobs(): Promise<number>;
  /** Submitted items `[from, from + count)` of a job, in order. */
  readJobItems(jobId: string, from: number, count: number): Promise<JsonValue[]>;
  /** Results with `ok`, by index ascending, after index `after` (exclusive; -1 for the start). */
  listJobResults(jobId: string, options: { readonly ok: boolean; readonly after: number; readonly limit: number }): Promise<JobResultRecord[]>;
  countJobResults(jobId: string, ok: boolean): Promise<number>;

  getCachedSummary(orgId: string, key: string): Promise<string | undefined>;

  /** The organisation's privacy rules and block rules, read together (one version). */
  getPrivacySettings(orgId: string): Promise<PrivacySettingsRecord>;
}

export interface StoreWriter extends StoreReader {
  /** Throws StoreConflictError when the name is taken (in this store). */
  createOrganisation(record: OrganisationRecord): Promise<void>;
  createApiKey(record: ApiKeyRecord): Promise<void>;
  /** Marks the key revoked at `now` (once: a revoked key keeps its first time); undefined when it does not exist. */
  revokeApiKey(orgId: string, id: string, now: string): Promise<ApiKeyRecord | undefined>;
  /** Deletes the key; false when it did not exist. */
  deleteApiKey(orgId: string, id: string): Promise<boolean>;
  /** Records that the key was used at `now`, unless it was already recorded at or after `since`. */
  touchApiKey(id: string, now: string, since: string): Promise<void>;
  /** Undefined when the key does not exist in this organisation. */
  updateApiKey(orgId: string, id: string, changes: { readonly name?: string; readonly level?: KeyLevel; readonly updatedAt: string }): Promise<ApiKeyRecord | undefined>;

  /** Reads that lock the row until the transaction ends (PostgreSQL); plain reads in SQLite. */
  findUserForUpdate(orgId: string, id: string): Promise<UserRecord | undefined>;
  findUserByUidForUpdate(orgId: string, uid: string): Promise<UserRecord | undefined>;
  /**
   * The users with these uids or ids, locked until the transaction ends, in id order (PostgreSQL;
   * a plain read in SQLite): a chunk of a users batch takes its users at once, in the order every
   * writer takes them, rather than one by one in the order of its items, in which two chunks
   * naming the same users in other orders would deadlock; and applies its items from what it
   * read (chunk-users.ts).
   */
  findUsersForUpdate(orgId: string, names: { readonly uids: readonly string[]; readonly ids: readonly string[] }): Promise<UserRecord[]>;
  /** Throws StoreConflictError when the uid is taken in the organisation. */
  insertUser(record: UserRecord): Promise<void>;
  /**
   * insertUser for many users of one organisation, a statement per thousand (in uid order, as
   * ensureUsers): throws StoreConflictError when one of the uids or ids is taken, having inserted
   * none of the users if the caller's transaction rolls back, as it must then.
   */
  insertUsers(records: readonly UserRecord[]): Promise<void>;
  /**
   * The id of each uid of `records` (users with a uid, of one organisation): the user inserted
   * from `records` where the uid was free, else the one that holds it, created by a concurrent
   * transaction as may be (PostgreSQL waits for it, then reads it). One statement for all the
   * new users; never a conflict error.
   */
  ensureUsers(records: readonly UserRecord[]): Promise<Map<string, string>>;
  /** Replaces the user with this id (every field). */
  updateUser(record: UserRecord): Promise<void>;
  /**
   * updateUser for many existing users of one organisation whose uids do not change (the caller
   * read them, under its locks), a statement per thousand: one row per id (the last given).
   */
  updateUsers(records: readonly UserRecord[]): Promise<void>;

  /** False (and nothing changes) when a session with this id exists in the organisation. */
  insertSession(record: SessionRecord): Promise<boolean>;
  /**
   * Gives user `toUserId` the sessions of `fromUserId` (merged into it), with their events: each
   * session's id becomes `<toUserId>:<its session part>` (`<toUserId>:<part>~<fromUserId>` when
   * that is taken, then `~2`, `~3`), its old id keeps leading to it (findSession, findSessionInfo), and the events
   * of `fromUserId` become `toUserId`'s. Returns the moves, old id to new.
   */
  moveUserSessions(orgId: string, fromUserId: string, toUserId: string): Promise<readonly { readonly from: string; readonly to: string }[]>;
  insertEvents(records: readonly EventRecord[]): Promise<void>;

  insertProfile(record: ProfileRecord): Promise<void>;
  updateProfile(record: ProfileRecord): Promise<void>;
  /** False when there was no such profile. */
  deleteProfile(orgId: string, id: string): Promise<boolean>;

  /**
   * Cardinality: records `names` as seen at `now` and returns those rejected. A name already
   * known (seen after `retentionCutoff`) is always admitted and refreshed (its last-seen time is
   * kept to within a second); a new name is admitted while the live names (seen after the
   * cutoff) are fewer than `limit`, in the order given.
   */
  admitNames(
    orgId: string,
    kind: CatalogKind,
    names: readonly string[],
    options: { readonly limit: number; readonly now: string; readonly retentionCutoff: string },
  ): Promise<string[]>;

  /** Adds `count` server events to the organisation's use in `period` (e.g. `2026-11`) if it stays within `quota`. */
  consumeServerEvents(orgId: string, period: string, count: number, quota: number): Promise<boolean>;
  /** Gives `count` server events back to the organisation's use in `period` (refused or cancelled batch items), never below zero. */
  releaseServerEvents(orgId: string, period: string, count: number): Promise<void>;

  createJob(record: JobRecord, items: readonly JsonValue[]): Promise<void>;
  /**
   * Leases the oldest PROCESSING job of any organisation that no live lease holds (none, or one
   * that expired before `now`) to `owner` until `now + leaseMs`; undefined when there is none.
   * Concurrent claims never lease one job twice (PostgreSQL: FOR UPDATE SKIP LOCKED).
   */
  claimJob(options: { readonly owner: string; readonly now: string; readonly leaseMs: number }): Promise<ClaimedJob | undefined>;
  /** Extends `owner`'s lease of a PROCESSING job; false when it holds the lease no more. */
  renewJobLease(jobId: string, options: { readonly owner: string; readonly now: string; readonly leaseMs: number }): Promise<boolean>;
  /**
   * The first step of a chunk's transaction: true when `owner` still holds the job's lease and
   * its cursor is at `cursor`, and the job is then locked until the transaction ends (PostgreSQL:
   * FOR UPDATE); false means the chunk must not be applied (the transaction is to be rolled back).
   */
  lockJobForChunk(jobId: string, options: { readonly owner: string; readonly cursor: number }): Promise<boolean>;
  /**
   * Gives the lease back (a graceful stop), so that another instance takes the job at once; with
   * `until`, no instance claims it before then (a step to be tried again later: a claim after it is
   * no takeover).
   */
  releaseJobLease(jobId: string, owner: string, until?: string): Promise<void>;
  /** Moves the cursor and stores the results of the items processed. */
  recordJobProgress(
    jobId: string,
    progress: { readonly cursor: number; readonly imports: number; readonly errors: number; readonly results: readonly JobResultRecord[] },
  ): Promise<void>;
  /** Ends the job (and its lease) when `owner` holds the lease, or whoever does when owner is undefined; false when it did not. */
  finishJob(jobId: string, status: JobStatus, finished: string, owner?: string): Promise<boolean>;
  /**
   * Cancels a PROCESSING job of the organisation: CANCELLED, finished, its lease ended, so that the
   * instance working on it stops at its next chunk (what it applied stays applied and counted).
   * Returns the job as it now is (unchanged when it had finished, or when it is a user deletion that
   * has begun deleting: that one finishes), or undefined when there is none.
   */
  cancelJob(orgId: string, jobId: string, finished: string): Promise<JobRecord | undefined>;
  /** Appends chunk `seq` of an export (nothing for an empty one) and stores the export's state for its next step. */
  appendExportChunk(jobId: string, seq: number, data: string, state: JsonValue): Promise<void>;
  /** Removes the content of exports finished before `before`, marking them expired; returns how many. */
  expireExports(before: string): Promise<number>;

  /**
   * Claims an Idempotency-Key for a request with `fingerprint` (method, path and body hash) and the
   * claim `token`, leased until `now + leaseMs`. A key older than `expiresBefore` is forgotten
   * first, so it starts anew; a key whose executing request's lease ran out (its process died) is
   * taken over, with `takeover: true`.
   */
  claimIdempotencyKey(
    orgId: string,
    key: string,
    options: { readonly fingerprint: string; readonly now: string; readonly expiresBefore: string; readonly token: string; readonly leaseMs: number },
  ): Promise<IdempotencyClaim>;
  /** Extends the lease of the executing request holding `token`; false when it holds the key no more. */
  renewIdempotencyKey(orgId: string, key: string, options: { readonly token: string; readonly now: string; readonly leaseMs: number }): Promise<boolean>;
  /** Saves the result of the request holding `token`; false (nothing saved) when it holds the key no more. */
  completeIdempotencyKey(orgId: string, key: string, result: { readonly token: string; readonly status: number; readonly body: string }): Promise<boolean>;
  /** Forgets the key held by `token` (a result that must not be saved: 429, >500, or a crash). */
  releaseIdempotencyKey(orgId: string, key: string, token: string): Promise<void>;

  /**
   * Caches a summary of session `sessionId` under `key`, unless the key holds one already (another
   * instance asked the model for the same request at the same time and stored its answer first).
   * Returns the value the key holds afterwards: this one, or the first.
   */
  putCachedSummary(orgId: string, entry: { readonly key: string; readonly value: string; readonly sessionId: string; readonly now: string }): Promise<string>;

  /**
   * Claims the summary being asked for under cache key `key` for the request holding `token`,
   * leased until `now + leaseMs`: true when no one held it, or its holder's lease ran out (its
   * process died). Of several claims at once, one is true.
   */
  claimSummaryFlight(orgId: string, key: string, request: { readonly token: string; readonly now: string; readonly leaseMs: number }): Promise<boolean>;
  /** Extends the lease of the summary held by `token`; false when it holds it no more. */
  renewSummaryFlight(orgId: string, key: string, request: { readonly token: string; readonly now: string; readonly leaseMs: number }): Promise<boolean>;
  /** Ends the hold of `token` on the summary (answered, cached or failed): a waiting instance may claim it. */
  releaseSummaryFlight(orgId: string, key: string, token: string): Promise<void>;

  /** Replaces the rules document; returns the settings at their new version. */
  putPrivacyRules(orgId: string, rules: JsonValue, now: string): Promise<PrivacySettingsRecord>;
  /** Creates or replaces the block rule with `record.id`; `created` when there was none. */
  putBlockRule(record: BlockRuleRecord): Promise<{ readonly rule: BlockRuleRecord; readonly created: boolean }>;
  /**
   * One step of the user deletion job `jobId` (its item names the user): deletes a bounded share
   * of the user's data; true once nothing of it is left (the job can complete).
   */
  deleteUserDataStep(orgId: string, jobId: string): Promise<boolean>;

  /** Deletes a block rule; false when there was none. */
  deleteBlockRule(orgId: string, id: string, now: string): Promise<boolean>;
}

/** Whether a store can serve requests; the reason never names a host, user, password or file. */
export type Readiness = { readonly ready: true } | { readonly ready: false; readonly reason: string };

/** The store of one data center. */
export interface DataCenterStore extends StoreReader {
  readonly dataCenter: DataCenter;
  readonly kind: 'sqlite' | 'postgres';
  /** Runs `work` atomically; commits when it resolves, rolls back when it throws. */
  transaction<T>(work: (writer: StoreWriter) => Promise<T>): Promise<T>;
  /**
   * Not ready while the database cannot be reached (or does not answer within 5 s), while a
   * migration this code knows is not applied, or once the store is closed.
   */
  checkReady(): Promise<Readiness>;
  /**
   * After a deletion's last step committed, before its job completes: removes what the database
   * files may still hold of deleted rows where the database allows it (SQLite: deleted content is
   * zeroed as it is deleted, the samples of a manual ANALYZE (sqlite_stat4) are deleted, then the
   * write-ahead log is checkpointed and truncated; it throws when a reader keeps it from
   * truncating; PostgreSQL: nothing here, see docs/privacy.md).
   */
  purgeDeletedBytes(): Promise<void>;
  close(): Promise<void>;
}

/** A uniqueness rule was broken (organisation name, user uid). */
export class StoreConflictError extends Error {
  readonly code = 'conflict';

  constructor(message: string) {
    super(message);
    this.name = 'StoreConflictError';
  }
}

/**
 * The database cannot be reached (refused, dropped or timed out connections, a server shutting
 * down or starting): the request may succeed when retried, unlike a statement that failed.
 */
export class StoreUnavailableError extends Error {
  readonly code = 'store_unavailable';

  constructor(message: string, options: { readonly cause: unknown }) {
    super(message, { cause: options.cause });
    this.name = 'StoreUnavailableError';
  }
}

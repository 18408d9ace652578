// The store interface: everything the server keeps for one data center. Two implementations pass
// the same contract suite (store-contract.ts): SQLite (embedded default) and PostgreSQL.
//
// Reads may run anywhere; writes run inside `transaction`, which is atomic and isolated: in
// SQLite one writer at a time (BEGIN IMMEDIATE on one connection), in PostgreSQL with row locks
// (`...ForUpdate` reads take them). Both are one implementation (sql/) with dialect hooks. Domain rules (merging properties, identification, limits)
// live in the server, not here: the store persists and guards concurrency.

import type {
  ApiKeyRecord,
  CatalogKind,
  DataCenter,
  EventRecord,
  IdempotencyClaim,
  JobRecord,
  JobResultRecord,
  JobStatus,
  JsonValue,
  KeyLevel,
  OrganisationRecord,
  ProfileRecord,
  SessionInfo,
  SessionRecord,
  UserRecord,
} from './records.js';

export interface Page<Item> {
  readonly items: readonly Item[];
  /** Pass as `after` for the next page; null on the last page. */
  readonly next: string | null;
}

export interface StoreReader {
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

  findSession(orgId: string, id: string): Promise<SessionRecord | undefined>;
  /** The session without its fixture (which may be megabytes). */
  findSessionInfo(orgId: string, id: string): Promise<SessionInfo | undefined>;
  /** Newest first (createdTime descending, then id), at most `limit`; without fixtures. */
  listSessionsForUser(orgId: string, userId: string, limit: number): Promise<SessionInfo[]>;
  /** Server events that joined the session, by timestamp then creation order. */
  listSessionEvents(orgId: string, sessionId: string): Promise<EventRecord[]>;
  /** Server events of the organisation, for tests and exports, by creation order. */
  listEvents(orgId: string, options: { readonly after?: string | null; readonly limit: number }): Promise<Page<EventRecord>>;

  findProfile(orgId: string, id: string): Promise<ProfileRecord | undefined>;
  /** Oldest first (createdAt, then id). */
  listProfiles(orgId: string, options: { readonly after?: string | null; readonly limit: number }): Promise<Page<ProfileRecord>>;

  findJob(orgId: string, id: string): Promise<JobRecord | undefined>;
  /** Jobs of every organisation still PROCESSING (to resume after a restart), oldest first. */
  listUnfinishedJobs(): Promise<JobRecord[]>;
  /** Submitted items `[from, from + count)` of a job, in order. */
  readJobItems(jobId: string, from: number, count: number): Promise<JsonValue[]>;
  /** Results with `ok`, by index ascending, after index `after` (exclusive; -1 for the start). */
  listJobResults(jobId: string, options: { readonly ok: boolean; readonly after: number; readonly limit: number }): Promise<JobResultRecord[]>;
  countJobResults(jobId: string, ok: boolean): Promise<number>;

  getCachedSummary(orgId: string, key: string): Promise<string | undefined>;
}

export interface StoreWriter extends StoreReader {
  /** Throws StoreConflictError when the name is taken (in this store). */
  createOrganisation(record: OrganisationRecord): Promise<void>;
  createApiKey(record: ApiKeyRecord): Promise<void>;
  /** Undefined when the key does not exist in this organisation. */
  updateApiKey(orgId: string, id: string, changes: { readonly name?: string; readonly level?: KeyLevel; readonly updatedAt: string }): Promise<ApiKeyRecord | undefined>;

  /** Reads that lock the row until the transaction ends (PostgreSQL); plain reads in SQLite. */
  findUserForUpdate(orgId: string, id: string): Promise<UserRecord | undefined>;
  findUserByUidForUpdate(orgId: string, uid: string): Promise<UserRecord | undefined>;
  /** Throws StoreConflictError when the uid is taken in the organisation. */
  insertUser(record: UserRecord): Promise<void>;
  /** Replaces the user with this id (every field). */
  updateUser(record: UserRecord): Promise<void>;

  /** False (and nothing changes) when a session with this id exists in the organisation. */
  insertSession(record: SessionRecord): Promise<boolean>;
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

  createJob(record: JobRecord, items: readonly JsonValue[]): Promise<void>;
  /** Moves the cursor and stores the results of the items processed. */
  recordJobProgress(
    jobId: string,
    progress: { readonly cursor: number; readonly imports: number; readonly errors: number; readonly results: readonly JobResultRecord[] },
  ): Promise<void>;
  finishJob(jobId: string, status: JobStatus, finished: string): Promise<void>;

  /**
   * Claims an Idempotency-Key for a request with `fingerprint` (method, path and body hash). A
   * key older than `expiresBefore` is forgotten first, so it starts anew.
   */
  claimIdempotencyKey(
    orgId: string,
    key: string,
    options: { readonly fingerprint: string; readonly now: string; readonly expiresBefore: string },
  ): Promise<IdempotencyClaim>;
  /** Saves the result of the request that claimed the key. */
  completeIdempotencyKey(orgId: string, key: string, result: { readonly status: number; readonly body: string }): Promise<void>;
  /** Forgets the key (a result that must not be saved: 429, >500, or a crash). */
  releaseIdempotencyKey(orgId: string, key: string): Promise<void>;

  putCachedSummary(orgId: string, key: string, value: string, now: string): Promise<void>;
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

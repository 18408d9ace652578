// The records the server keeps, as plain data. Timestamps are ISO 8601 UTC strings; ids are made
// by the server (not the store); JSON columns hold plain JSON values.

export type DataCenter = 'na1' | 'eu1';
export const DATA_CENTERS: readonly DataCenter[] = ['na1', 'eu1'];

export type KeyLevel = 'standard' | 'architect' | 'admin';
export const KEY_LEVELS: readonly KeyLevel[] = ['standard', 'architect', 'admin'];

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

export interface OrganisationRecord {
  readonly id: string;
  /** Unique across data centers. */
  readonly name: string;
  readonly dataCenter: DataCenter;
  /** Server events per calendar month (UTC); null = unlimited. */
  readonly serverEventQuota: number | null;
  readonly createdAt: string;
}

export interface ApiKeyRecord {
  readonly id: string;
  readonly orgId: string;
  readonly name: string;
  readonly level: KeyLevel;
  /** sha256 of the key's secret part, hex. The key itself is never stored. */
  readonly secretHash: string;
  readonly createdAt: string;
  readonly updatedAt: string;
  /** When a request last authenticated with it (to the minute), or null. */
  readonly lastUsedAt: string | null;
  /** When it was revoked (every request with it is refused from then on), or null. */
  readonly revokedAt: string | null;
}

export interface UserRecord {
  readonly id: string;
  readonly orgId: string;
  /** Null while anonymous; once set, never changes. Unique per organisation. */
  readonly uid: string | null;
  readonly displayName: string | null;
  readonly email: string | null;
  /** The property state (see src/server/users/property-state.ts); opaque to the store. */
  readonly properties: JsonObject;
  /** Identified in a recorded session (imported sessions): v1 updates need it. */
  readonly identifiedInSession: boolean;
  /** Set on an anonymous user merged into another one: requests for this id go there. */
  readonly mergedInto: string | null;
  readonly createdAt: string;
  readonly updatedAt: string;
}

export interface SessionRecord {
  readonly orgId: string;
  /** `<user id>:<session part>` */
  readonly id: string;
  readonly userId: string;
  readonly createdTime: string;
  /** The session fixture as imported (see docs/fixtures.md), with its recorded events. */
  readonly fixture: JsonObject;
  readonly importedAt: string;
}

/** A session without its fixture: what lists and version checks need, cheap to read. */
export type SessionInfo = Omit<SessionRecord, 'fixture'>;

export interface EventRecord {
  readonly orgId: string;
  readonly id: string;
  readonly name: string;
  readonly timestamp: string;
  readonly userId: string | null;
  /** The session the event joined, if any. */
  readonly sessionId: string | null;
  readonly properties: JsonObject;
  readonly context: JsonObject | null;
  readonly createdAt: string;
  /**
   * False when the limit of event names refused its name (spec, Limits): the event is stored and
   * listed, but not counted for search. Not stored: it only decides what the insert indexes.
   */
  readonly indexed?: boolean;
}

export interface ProfileRecord {
  readonly orgId: string;
  readonly id: string;
  /** The validated profile body (see docs/profiles.md), snake_case. */
  readonly body: JsonObject;
  /** 1 on create, +1 on every update: part of the summary cache key. */
  readonly version: number;
  readonly createdAt: string;
  readonly updatedAt: string;
}

export type JobKind = 'users' | 'events' | 'user_deletion' | 'export' | 'summary_batch';
/** PROCESSING until the last item is done (COMPLETED), the job fails (FAILED), or it is cancelled (CANCELLED). */
export type JobStatus = 'PROCESSING' | 'COMPLETED' | 'FAILED' | 'CANCELLED';
/**
 * A job's status as its operation shows it (docs/server.md#operations): a PROCESSING job is
 * PENDING until an instance takes it (it has no lease owner and no item done), PROCESSING after.
 */
export type OperationStatus = 'PENDING' | JobStatus;

export interface JobRecord {
  readonly orgId: string;
  readonly id: string;
  readonly kind: JobKind;
  readonly status: JobStatus;
  readonly created: string;
  readonly finished: string | null;
  /** Items submitted. */
  readonly total: number;
  /** Items processed so far; processing resumes here after a restart. */
  readonly cursor: number;
  readonly imports: number;
  readonly errors: number;
  /** An instance holds (or held, until it expires) the job's lease: it has started. Read from the store; absent on a new record. */
  readonly leased?: boolean;
}

/** A job leased to an instance by `claimJob`. */
export interface ClaimedJob {
  readonly job: JobRecord;
  /** The lease had expired in another instance's hands: it stopped (crashed) mid-job. */
  readonly takeover: boolean;
}

/** The outcome of one batch item, by its index in the request. */
export interface JobResultRecord {
  readonly index: number;
  readonly ok: boolean;
  /** For an import, the record created or updated; for an error, `{ code, message, details? }`. */
  readonly result: JsonValue;
}

/** The three cardinality catalogs of the spec's limits. */
export type CatalogKind = 'user_property' | 'event_name' | 'event_property';

/** What an Idempotency-Key lookup found. */
export type IdempotencyClaim =
  /** New (or expired, or its executing request's lease ran out), now executing for this request. */
  | { readonly state: 'claimed'; readonly takeover: boolean }
  /** Another request with this key is still executing (its lease is live). */
  | { readonly state: 'executing' }
  /** The key was used with another method, path or body. */
  | { readonly state: 'mismatch' }
  /** The saved result of the first request. */
  | { readonly state: 'completed'; readonly status: number; readonly body: string };

/** An element block rule of an organisation (`/v2/settings/block-rules`). */
export interface BlockRuleRecord {
  readonly orgId: string;
  readonly id: string;
  /** A CSS selector: events on matching elements (or inside them) have their texts replaced by `[blocked]`. */
  readonly selector: string;
  readonly description: string | null;
  readonly createdAt: string;
  readonly updatedAt: string;
}

/** An organisation's privacy settings: its rules document and block rules, at one version. */
export interface PrivacySettingsRecord {
  /** The rules document as stored (validated when it was put); null when none was ever put. */
  readonly rules: JsonValue | null;
  /** Counts every change to the rules and to the block rules; 0 when there never was one. */
  readonly version: number;
  /** When the rules or block rules last changed; null when they never did. */
  readonly updatedAt: string | null;
  /** Oldest first. */
  readonly blockRules: readonly BlockRuleRecord[];
}

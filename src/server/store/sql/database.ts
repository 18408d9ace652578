// The store's tables as Kysely sees them, in the one representation both dialects deliver: JSON
// columns as JSON text, booleans as 0/1, bigints as numbers, catalog names as bytes (the PostgreSQL
// connection is set up to return exactly this; see postgres/postgres-pool.ts). The DDL lives in
// migrations/.

import type { Generated } from 'kysely';

/** A boolean column: 0 or 1 (SQLite has no boolean; PostgreSQL's are read and written as 0/1). */
export type Flag = 0 | 1;
export const toFlag = (value: boolean): Flag => (value ? 1 : 0);

/** JSON text: JSON.stringify on the way in, JSON.parse on the way out. */
export type JsonText = string;

export interface OrganisationsTable {
  id: string;
  name: string;
  data_center: string;
  server_event_quota: number | null;
  created_at: string;
}

export interface ApiKeysTable {
  id: string;
  org_id: string;
  name: string;
  level: string;
  secret_hash: string;
  created_at: string;
  updated_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

export interface UsersTable {
  org_id: string;
  id: string;
  uid: string | null;
  display_name: string | null;
  email: string | null;
  properties: JsonText;
  identified_in_session: Flag;
  merged_into: string | null;
  created_at: string;
  updated_at: string;
}

export interface SessionsTable {
  org_id: string;
  id: string;
  user_id: string;
  created_time: string;
  fixture: JsonText;
  imported_at: string;
}

export interface EventsTable {
  /** The creation order. */
  seq: Generated<number>;
  org_id: string;
  id: string;
  name: string;
  event_timestamp: string;
  user_id: string | null;
  session_id: string | null;
  properties: JsonText;
  context: JsonText | null;
  created_at: string;
}

export interface ProfilesTable {
  org_id: string;
  id: string;
  body: JsonText;
  version: number;
  created_at: string;
  updated_at: string;
}

export interface JobsTable {
  id: string;
  org_id: string;
  kind: string;
  status: string;
  created: string;
  finished: string | null;
  total: number;
  cursor: number;
  imports: number;
  errors: number;
  /** The instance working on the job while `lease_expires_at` is ahead, or null. */
  lease_owner: string | null;
  lease_expires_at: string | null;
  /**
   * When the job was created, as a mark a user deletion compares with the one it reads when it
   * begins (StoreDialect#jobsMark); set by the database, null for jobs older than schema version
   * 10 (SQLite) or 11 (PostgreSQL).
   */
  created_mark: Generated<number | null>;
}

export interface ExportChunksTable {
  job_id: string;
  seq: number;
  data: string;
}

export interface JobItemsTable {
  job_id: string;
  /** The index of the row's first item (see job-item-rows.ts). */
  item_index: number;
  /** A JSON array of up to JOB_ITEMS_PER_ROW items. */
  item: JsonText;
}

export interface JobResultRowsTable {
  job_id: string;
  ok: Flag;
  first_index: number;
  last_index: number;
  count: number;
  /** `[[item index, result], ...]` in ascending index order (see job-result-rows.ts). */
  results: JsonText;
}

export interface CatalogNamesTable {
  org_id: string;
  kind: string;
  /** UTF-8 bytes: the server composes names with NUL in them, which text columns cannot hold. */
  name: Buffer;
  last_seen: string;
}

export interface ServerEventUsageTable {
  org_id: string;
  period: string;
  used: number;
}

export interface IdempotencyKeysTable {
  org_id: string;
  key: string;
  fingerprint: string;
  state: string;
  status: number | null;
  body: string | null;
  created_at: string;
  /** The executing request's hold on the key, renewed until `lease_expires_at`. */
  token: string | null;
  lease_expires_at: string | null;
}

/** The id a session had before it moved to the user its anonymous user was merged into. */
export interface SessionAliasesTable {
  org_id: string;
  old_id: string;
  new_id: string;
}

export interface SummaryCacheTable {
  org_id: string;
  key: string;
  value: string;
  updated_at: string;
  /** The session summarised (null for entries cached before schema version 5 / 6). */
  session_id: string | null;
}

/** A summary a model is answering for now (one per cache key), held by `token` until `lease_expires_at`. */
export interface SummaryFlightsTable {
  org_id: string;
  key: string;
  token: string;
  lease_expires_at: string;
}

/** An organisation's privacy rules document; `version` counts changes to it and to its block rules. */
export interface PrivacySettingsTable {
  org_id: string;
  rules: string;
  version: number;
  updated_at: string;
}

/** An element block rule: a CSS selector whose elements' texts, values and names never reach a prompt. */
export interface BlockRulesTable {
  org_id: string;
  id: string;
  selector: string;
  description: string | null;
  created_at: string;
  updated_at: string;
}

/**
 * One row per session: what a session search reads instead of the fixture (session-facts.ts), with
 * the session's list fields, so that a search never reads the sessions table (in SQLite, a column
 * after a large fixture is reached only through the fixture's overflow pages).
 */
export interface SessionFactsTable {
  org_id: string;
  session_id: string;
  user_id: string;
  created_time: string;
  imported_at: string;
  /** Milliseconds since the epoch; null for a session without events. */
  first_event_ms: number | null;
  last_event_ms: number | null;
  /** The distinct URLs of the session's events, lower-cased, one per line. */
  urls: string;
}

/** How many events a session has of one count key (session-facts.ts#eventCountKey). */
export interface SessionEventCountsTable {
  org_id: string;
  session_id: string;
  event_key: string;
  count: number;
}

export interface SchemaMigrationsTable {
  version: number;
  applied_at: string;
}

export interface Database {
  organisations: OrganisationsTable;
  api_keys: ApiKeysTable;
  users: UsersTable;
  sessions: SessionsTable;
  events: EventsTable;
  profiles: ProfilesTable;
  jobs: JobsTable;
  export_chunks: ExportChunksTable;
  job_items: JobItemsTable;
  job_result_rows: JobResultRowsTable;
  catalog_names: CatalogNamesTable;
  server_event_usage: ServerEventUsageTable;
  idempotency_keys: IdempotencyKeysTable;
  session_aliases: SessionAliasesTable;
  summary_cache: SummaryCacheTable;
  summary_flights: SummaryFlightsTable;
  privacy_settings: PrivacySettingsTable;
  block_rules: BlockRulesTable;
  session_facts: SessionFactsTable;
  session_event_counts: SessionEventCountsTable;
  schema_migrations: SchemaMigrationsTable;
}

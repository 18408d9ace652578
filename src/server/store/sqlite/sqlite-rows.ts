// SQLite rows as better-sqlite3 returns them, and their records: JSON columns are text,
// booleans 0/1, everything else maps one to one.

import type {
  ApiKeyRecord,
  DataCenter,
  EventRecord,
  JobKind,
  JobRecord,
  JobStatus,
  JsonObject,
  JsonValue,
  KeyLevel,
  OrganisationRecord,
  ProfileRecord,
  SessionInfo,
  SessionRecord,
  UserRecord,
} from '../records.js';

export interface OrganisationRow {
  id: string;
  name: string;
  data_center: string;
  server_event_quota: number | null;
  created_at: string;
}

export interface ApiKeyRow {
  id: string;
  org_id: string;
  name: string;
  level: string;
  secret_hash: string;
  created_at: string;
  updated_at: string;
}

export interface UserRow {
  org_id: string;
  id: string;
  uid: string | null;
  display_name: string | null;
  email: string | null;
  properties: string;
  identified_in_session: number;
  merged_into: string | null;
  created_at: string;
  updated_at: string;
}

export interface SessionRow {
  org_id: string;
  id: string;
  user_id: string;
  created_time: string;
  fixture: string;
  imported_at: string;
}

export interface EventRow {
  seq: number;
  org_id: string;
  id: string;
  name: string;
  event_timestamp: string;
  user_id: string | null;
  session_id: string | null;
  properties: string;
  context: string | null;
  created_at: string;
}

export interface ProfileRow {
  org_id: string;
  id: string;
  body: string;
  version: number;
  created_at: string;
  updated_at: string;
}

export interface JobRow {
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
}


export const toOrganisation = (row: OrganisationRow): OrganisationRecord => ({
  id: row.id,
  name: row.name,
  dataCenter: row.data_center as DataCenter,
  serverEventQuota: row.server_event_quota,
  createdAt: row.created_at,
});

export const toApiKey = (row: ApiKeyRow): ApiKeyRecord => ({
  id: row.id,
  orgId: row.org_id,
  name: row.name,
  level: row.level as KeyLevel,
  secretHash: row.secret_hash,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

export const toUser = (row: UserRow): UserRecord => ({
  id: row.id,
  orgId: row.org_id,
  uid: row.uid,
  displayName: row.display_name,
  email: row.email,
  properties: JSON.parse(row.properties) as JsonObject,
  identifiedInSession: row.identified_in_session === 1,
  mergedInto: row.merged_into,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

export const toSession = (row: SessionRow): SessionRecord => ({
  orgId: row.org_id,
  id: row.id,
  userId: row.user_id,
  createdTime: row.created_time,
  fixture: JSON.parse(row.fixture) as JsonObject,
  importedAt: row.imported_at,
});

/** The columns of a session but its fixture. */
export const SESSION_INFO_COLUMNS = 'org_id, id, user_id, created_time, imported_at';

export const toSessionInfo = (row: Omit<SessionRow, 'fixture'>): SessionInfo => ({
  orgId: row.org_id,
  id: row.id,
  userId: row.user_id,
  createdTime: row.created_time,
  importedAt: row.imported_at,
});

export const toEvent = (row: EventRow): EventRecord => ({
  orgId: row.org_id,
  id: row.id,
  name: row.name,
  timestamp: row.event_timestamp,
  userId: row.user_id,
  sessionId: row.session_id,
  properties: JSON.parse(row.properties) as JsonObject,
  context: row.context === null ? null : (JSON.parse(row.context) as JsonObject),
  createdAt: row.created_at,
});

export const toProfile = (row: ProfileRow): ProfileRecord => ({
  orgId: row.org_id,
  id: row.id,
  body: JSON.parse(row.body) as JsonObject,
  version: row.version,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

export const toJob = (row: JobRow): JobRecord => ({
  orgId: row.org_id,
  id: row.id,
  kind: row.kind as JobKind,
  status: row.status as JobStatus,
  created: row.created,
  finished: row.finished,
  total: row.total,
  cursor: row.cursor,
  imports: row.imports,
  errors: row.errors,
});


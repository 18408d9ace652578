// PostgreSQL rows as pg returns them, and their records: json columns arrive parsed, booleans as
// booleans, bigint as text.

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
  server_event_quota: string | null;
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
  properties: JsonObject;
  identified_in_session: boolean;
  merged_into: string | null;
  created_at: string;
  updated_at: string;
}

export interface SessionRow {
  org_id: string;
  id: string;
  user_id: string;
  created_time: string;
  fixture: JsonObject;
  imported_at: string;
}

export interface EventRow {
  seq: string;
  org_id: string;
  id: string;
  name: string;
  event_timestamp: string;
  user_id: string | null;
  session_id: string | null;
  properties: JsonObject;
  context: JsonObject | null;
  created_at: string;
}

export interface ProfileRow {
  org_id: string;
  id: string;
  body: JsonObject;
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
  serverEventQuota: row.server_event_quota === null ? null : Number(row.server_event_quota),
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
  properties: row.properties,
  identifiedInSession: row.identified_in_session,
  mergedInto: row.merged_into,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

export const toSession = (row: SessionRow): SessionRecord => ({
  orgId: row.org_id,
  id: row.id,
  userId: row.user_id,
  createdTime: row.created_time,
  fixture: row.fixture,
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
  properties: row.properties,
  context: row.context,
  createdAt: row.created_at,
});

export const toProfile = (row: ProfileRow): ProfileRecord => ({
  orgId: row.org_id,
  id: row.id,
  body: row.body,
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


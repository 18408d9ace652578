// Rows of the store's tables (database.ts) to the records the server works with, for both dialects:
// they deliver one representation, so each mapping is written once.

import type {
  ApiKeyRecord,
  DataCenter,
  EventRecord,
  JobKind,
  JobRecord,
  JobStatus,
  JsonObject,
  KeyLevel,
  OrganisationRecord,
  ProfileRecord,
  SessionInfo,
  SessionRecord,
  UserRecord,
} from '../records.js';
import type {
  ApiKeysTable,
  EventsTable,
  JobsTable,
  OrganisationsTable,
  ProfilesTable,
  SessionsTable,
  UsersTable,
} from './database.js';
import type { Selectable } from 'kysely';

export const toOrganisation = (row: Selectable<OrganisationsTable>): OrganisationRecord => ({
  id: row.id,
  name: row.name,
  dataCenter: row.data_center as DataCenter,
  serverEventQuota: row.server_event_quota,
  createdAt: row.created_at,
});

export const toApiKey = (row: Selectable<ApiKeysTable>): ApiKeyRecord => ({
  id: row.id,
  orgId: row.org_id,
  name: row.name,
  level: row.level as KeyLevel,
  secretHash: row.secret_hash,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
  lastUsedAt: row.last_used_at,
  revokedAt: row.revoked_at,
});

export const toUser = (row: Selectable<UsersTable>): UserRecord => ({
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

/** The columns of a session but its fixture (which may be megabytes). */
export const SESSION_INFO_COLUMNS = ['org_id', 'id', 'user_id', 'created_time', 'imported_at'] as const;

export const toSessionInfo = (row: Pick<Selectable<SessionsTable>, (typeof SESSION_INFO_COLUMNS)[number]>): SessionInfo => ({
  orgId: row.org_id,
  id: row.id,
  userId: row.user_id,
  createdTime: row.created_time,
  importedAt: row.imported_at,
});

export const toSession = (row: Selectable<SessionsTable>): SessionRecord => ({
  ...toSessionInfo(row),
  fixture: JSON.parse(row.fixture) as JsonObject,
});

export const toEvent = (row: Selectable<EventsTable>): EventRecord => ({
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

export const toProfile = (row: Selectable<ProfilesTable>): ProfileRecord => ({
  orgId: row.org_id,
  id: row.id,
  body: JSON.parse(row.body) as JsonObject,
  version: row.version,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

export const toJob = (row: Selectable<JobsTable>): JobRecord => ({
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
  leased: row.lease_owner !== null,
});

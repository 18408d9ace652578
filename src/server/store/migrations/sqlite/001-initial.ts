// SQLite schema, version 1: every table of the store. Timestamps are ISO 8601 text (the server
// writes them with Date#toISOString, so text order is time order); JSON is text; booleans 0/1.

import type { Migration } from '../migration.js';

export const initial: Migration = {
  version: 1,
  name: 'initial',
  sql: `
CREATE TABLE organisations (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL UNIQUE,
  data_center TEXT NOT NULL,
  server_event_quota INTEGER,
  created_at TEXT NOT NULL
) STRICT;

CREATE TABLE api_keys (
  id TEXT PRIMARY KEY,
  org_id TEXT NOT NULL REFERENCES organisations (id),
  name TEXT NOT NULL,
  level TEXT NOT NULL,
  secret_hash TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
) STRICT;
CREATE INDEX api_keys_by_org ON api_keys (org_id, created_at, id);

CREATE TABLE users (
  org_id TEXT NOT NULL REFERENCES organisations (id),
  id TEXT NOT NULL,
  uid TEXT,
  display_name TEXT,
  email TEXT,
  properties TEXT NOT NULL,
  identified_in_session INTEGER NOT NULL,
  merged_into TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (org_id, id)
) STRICT;
CREATE UNIQUE INDEX users_by_uid ON users (org_id, uid) WHERE uid IS NOT NULL;
CREATE INDEX users_by_email ON users (org_id, email, updated_at) WHERE email IS NOT NULL;

CREATE TABLE sessions (
  org_id TEXT NOT NULL REFERENCES organisations (id),
  id TEXT NOT NULL,
  user_id TEXT NOT NULL,
  created_time TEXT NOT NULL,
  fixture TEXT NOT NULL,
  imported_at TEXT NOT NULL,
  PRIMARY KEY (org_id, id)
) STRICT;
CREATE INDEX sessions_by_user ON sessions (org_id, user_id, created_time DESC, id);

-- seq is the creation order (the rowid): events are never deleted, so it only grows.
CREATE TABLE events (
  seq INTEGER PRIMARY KEY,
  org_id TEXT NOT NULL REFERENCES organisations (id),
  id TEXT NOT NULL,
  name TEXT NOT NULL,
  event_timestamp TEXT NOT NULL,
  user_id TEXT,
  session_id TEXT,
  properties TEXT NOT NULL,
  context TEXT,
  created_at TEXT NOT NULL
) STRICT;
CREATE INDEX events_by_org ON events (org_id, seq);
CREATE INDEX events_by_session ON events (org_id, session_id, event_timestamp, seq) WHERE session_id IS NOT NULL;

CREATE TABLE profiles (
  org_id TEXT NOT NULL REFERENCES organisations (id),
  id TEXT NOT NULL,
  body TEXT NOT NULL,
  version INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (org_id, id)
) STRICT;
CREATE INDEX profiles_by_created ON profiles (org_id, created_at, id);

CREATE TABLE jobs (
  id TEXT PRIMARY KEY,
  org_id TEXT NOT NULL REFERENCES organisations (id),
  kind TEXT NOT NULL,
  status TEXT NOT NULL,
  created TEXT NOT NULL,
  finished TEXT,
  total INTEGER NOT NULL,
  cursor INTEGER NOT NULL,
  imports INTEGER NOT NULL,
  errors INTEGER NOT NULL
) STRICT;
CREATE INDEX jobs_unfinished ON jobs (created, id) WHERE status = 'PROCESSING';

CREATE TABLE job_items (
  job_id TEXT NOT NULL REFERENCES jobs (id) ON DELETE CASCADE,
  item_index INTEGER NOT NULL,
  item TEXT NOT NULL,
  PRIMARY KEY (job_id, item_index)
) STRICT;

CREATE TABLE job_results (
  job_id TEXT NOT NULL REFERENCES jobs (id) ON DELETE CASCADE,
  item_index INTEGER NOT NULL,
  ok INTEGER NOT NULL,
  result TEXT NOT NULL,
  PRIMARY KEY (job_id, item_index)
) STRICT;
CREATE INDEX job_results_by_outcome ON job_results (job_id, ok, item_index);

-- Names are blobs (UTF-8): the server composes keys like 'Checkout' || x'00' || 'price'.
CREATE TABLE catalog_names (
  org_id TEXT NOT NULL REFERENCES organisations (id),
  kind TEXT NOT NULL,
  name BLOB NOT NULL,
  last_seen TEXT NOT NULL,
  PRIMARY KEY (org_id, kind, name)
) STRICT, WITHOUT ROWID;
CREATE INDEX catalog_names_by_last_seen ON catalog_names (org_id, kind, last_seen);

CREATE TABLE server_event_usage (
  org_id TEXT NOT NULL REFERENCES organisations (id),
  period TEXT NOT NULL,
  used INTEGER NOT NULL,
  PRIMARY KEY (org_id, period)
) STRICT, WITHOUT ROWID;

CREATE TABLE idempotency_keys (
  org_id TEXT NOT NULL REFERENCES organisations (id),
  key TEXT NOT NULL,
  fingerprint TEXT NOT NULL,
  state TEXT NOT NULL,
  status INTEGER,
  body TEXT,
  created_at TEXT NOT NULL,
  PRIMARY KEY (org_id, key)
) STRICT;
CREATE INDEX idempotency_keys_by_created ON idempotency_keys (org_id, created_at);

CREATE TABLE summary_cache (
  org_id TEXT NOT NULL REFERENCES organisations (id),
  key TEXT NOT NULL,
  value TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (org_id, key)
) STRICT;
`,
};

// PostgreSQL schema, version 1: the same tables as SQLite's. Text keys and timestamps use the "C"
// collation so that they sort byte-wise, exactly as in SQLite, whatever the database's locale.
// JSON columns are `json`, not `jsonb`: jsonb reorders object keys, and key order is meaningful
// here (a fixture's event fields render in order; a profile's response fields keep their order).

import type { Migration } from '../migration.js';

export const initial: Migration = {
  version: 1,
  name: 'initial',
  sql: `
CREATE TABLE organisations (
  id text COLLATE "C" PRIMARY KEY,
  name text COLLATE "C" NOT NULL UNIQUE,
  data_center text NOT NULL,
  server_event_quota bigint,
  created_at text COLLATE "C" NOT NULL
);

CREATE TABLE api_keys (
  id text COLLATE "C" PRIMARY KEY,
  org_id text COLLATE "C" NOT NULL REFERENCES organisations (id),
  name text NOT NULL,
  level text NOT NULL,
  secret_hash text NOT NULL,
  created_at text COLLATE "C" NOT NULL,
  updated_at text COLLATE "C" NOT NULL
);
CREATE INDEX api_keys_by_org ON api_keys (org_id, created_at, id);

CREATE TABLE users (
  org_id text COLLATE "C" NOT NULL REFERENCES organisations (id),
  id text COLLATE "C" NOT NULL,
  uid text COLLATE "C",
  display_name text,
  email text COLLATE "C",
  properties json NOT NULL,
  identified_in_session boolean NOT NULL,
  merged_into text,
  created_at text COLLATE "C" NOT NULL,
  updated_at text COLLATE "C" NOT NULL,
  PRIMARY KEY (org_id, id)
);
CREATE UNIQUE INDEX users_by_uid ON users (org_id, uid) WHERE uid IS NOT NULL;
CREATE INDEX users_by_email ON users (org_id, email, updated_at) WHERE email IS NOT NULL;

CREATE TABLE sessions (
  org_id text COLLATE "C" NOT NULL REFERENCES organisations (id),
  id text COLLATE "C" NOT NULL,
  user_id text COLLATE "C" NOT NULL,
  created_time text COLLATE "C" NOT NULL,
  fixture json NOT NULL,
  imported_at text COLLATE "C" NOT NULL,
  PRIMARY KEY (org_id, id)
);
CREATE INDEX sessions_by_user ON sessions (org_id, user_id, created_time DESC, id);

-- seq is the creation order.
CREATE TABLE events (
  seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  org_id text COLLATE "C" NOT NULL REFERENCES organisations (id),
  id text COLLATE "C" NOT NULL,
  name text NOT NULL,
  event_timestamp text COLLATE "C" NOT NULL,
  user_id text COLLATE "C",
  session_id text COLLATE "C",
  properties json NOT NULL,
  context json,
  created_at text COLLATE "C" NOT NULL
);
CREATE INDEX events_by_org ON events (org_id, seq);
CREATE INDEX events_by_session ON events (org_id, session_id, event_timestamp, seq) WHERE session_id IS NOT NULL;

CREATE TABLE profiles (
  org_id text COLLATE "C" NOT NULL REFERENCES organisations (id),
  id text COLLATE "C" NOT NULL,
  body json NOT NULL,
  version integer NOT NULL,
  created_at text COLLATE "C" NOT NULL,
  updated_at text COLLATE "C" NOT NULL,
  PRIMARY KEY (org_id, id)
);
CREATE INDEX profiles_by_created ON profiles (org_id, created_at, id);

CREATE TABLE jobs (
  id text COLLATE "C" PRIMARY KEY,
  org_id text COLLATE "C" NOT NULL REFERENCES organisations (id),
  kind text NOT NULL,
  status text NOT NULL,
  created text COLLATE "C" NOT NULL,
  finished text COLLATE "C",
  total integer NOT NULL,
  cursor integer NOT NULL,
  imports integer NOT NULL,
  errors integer NOT NULL
);
CREATE INDEX jobs_unfinished ON jobs (created, id) WHERE status = 'PROCESSING';

CREATE TABLE job_items (
  job_id text COLLATE "C" NOT NULL REFERENCES jobs (id) ON DELETE CASCADE,
  item_index integer NOT NULL,
  item json NOT NULL,
  PRIMARY KEY (job_id, item_index)
);

CREATE TABLE job_results (
  job_id text COLLATE "C" NOT NULL REFERENCES jobs (id) ON DELETE CASCADE,
  item_index integer NOT NULL,
  ok boolean NOT NULL,
  result json NOT NULL,
  PRIMARY KEY (job_id, item_index)
);
CREATE INDEX job_results_by_outcome ON job_results (job_id, ok, item_index);

-- Names are bytea (UTF-8): text cannot hold the NUL of keys like 'Checkout' || NUL || 'price'.
CREATE TABLE catalog_names (
  org_id text COLLATE "C" NOT NULL REFERENCES organisations (id),
  kind text COLLATE "C" NOT NULL,
  name bytea NOT NULL,
  last_seen text COLLATE "C" NOT NULL,
  PRIMARY KEY (org_id, kind, name)
);
CREATE INDEX catalog_names_by_last_seen ON catalog_names (org_id, kind, last_seen);

CREATE TABLE server_event_usage (
  org_id text COLLATE "C" NOT NULL REFERENCES organisations (id),
  period text COLLATE "C" NOT NULL,
  used bigint NOT NULL,
  PRIMARY KEY (org_id, period)
);

CREATE TABLE idempotency_keys (
  org_id text COLLATE "C" NOT NULL REFERENCES organisations (id),
  key text COLLATE "C" NOT NULL,
  fingerprint text NOT NULL,
  state text NOT NULL,
  status integer,
  body text,
  created_at text COLLATE "C" NOT NULL,
  PRIMARY KEY (org_id, key)
);
CREATE INDEX idempotency_keys_by_created ON idempotency_keys (org_id, created_at);

CREATE TABLE summary_cache (
  org_id text COLLATE "C" NOT NULL REFERENCES organisations (id),
  key text COLLATE "C" NOT NULL,
  value text NOT NULL,
  updated_at text COLLATE "C" NOT NULL,
  PRIMARY KEY (org_id, key)
);
`,
};

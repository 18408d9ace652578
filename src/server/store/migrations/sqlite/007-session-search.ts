// SQLite schema, version 7: what a session search reads instead of the fixtures
// (POST /v2/sessions/search): one row of facts per session (its list fields, first and last event
// times, the lower-cased URLs of its events) and its event counts per type and custom event name,
// indexed by organisation and key. Rows for the sessions already stored are computed from their
// fixtures (and the server events that joined them) by the same code as for new sessions.
// No pg_trgm here: url_contains reads the URLs of the sessions the other filters leave.

import { backfillSessionFacts } from '../../sql/backfill-session-facts.js';
import type { Migration } from '../migration.js';

export const sessionSearch: Migration = {
  version: 7,
  name: 'session search',
  sql: `
CREATE TABLE session_facts (
  org_id TEXT NOT NULL,
  session_id TEXT NOT NULL,
  user_id TEXT NOT NULL,
  created_time TEXT NOT NULL,
  imported_at TEXT NOT NULL,
  first_event_ms INTEGER,
  last_event_ms INTEGER,
  urls TEXT NOT NULL,
  PRIMARY KEY (org_id, session_id)
) STRICT;
CREATE INDEX session_facts_by_time ON session_facts (org_id, created_time DESC, session_id);
CREATE INDEX session_facts_by_user ON session_facts (org_id, user_id, created_time DESC, session_id);

CREATE TABLE session_event_counts (
  org_id TEXT NOT NULL,
  session_id TEXT NOT NULL,
  event_key TEXT NOT NULL,
  count INTEGER NOT NULL,
  PRIMARY KEY (org_id, session_id, event_key)
) STRICT, WITHOUT ROWID;
CREATE INDEX session_event_counts_by_key ON session_event_counts (org_id, event_key, count);
`,
  backfill: backfillSessionFacts,
};

// SQLite schema, version 5: an organisation's privacy rules and element block rules, and the
// session each cached summary is of (so that deleting a user deletes the summaries of its
// sessions). `privacy_settings.version` counts every change to either, and is part of a summary's
// cache key: a summary made under other rules is never served.

import type { Migration } from '../migration.js';

export const privacy: Migration = {
  version: 5,
  name: 'privacy',
  sql: `
CREATE TABLE privacy_settings (
  org_id TEXT PRIMARY KEY REFERENCES organisations (id),
  rules TEXT NOT NULL,
  version INTEGER NOT NULL,
  updated_at TEXT NOT NULL
) STRICT;

CREATE TABLE block_rules (
  org_id TEXT NOT NULL REFERENCES organisations (id),
  id TEXT NOT NULL,
  selector TEXT NOT NULL,
  description TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (org_id, id)
) STRICT;

ALTER TABLE summary_cache ADD COLUMN session_id TEXT;
CREATE INDEX summary_cache_by_session ON summary_cache (org_id, session_id) WHERE session_id IS NOT NULL;
`,
};

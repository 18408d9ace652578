// PostgreSQL schema, version 6: an organisation's privacy rules and element block rules, and the
// session each cached summary is of (so that deleting a user deletes the summaries of its
// sessions). `privacy_settings.version` counts every change to either, and is part of a summary's
// cache key: a summary made under other rules is never served.

import type { Migration } from '../migration.js';

export const privacy: Migration = {
  version: 6,
  name: 'privacy',
  sql: `
CREATE TABLE privacy_settings (
  org_id text COLLATE "C" PRIMARY KEY REFERENCES organisations (id),
  rules text NOT NULL,
  version integer NOT NULL,
  updated_at text COLLATE "C" NOT NULL
);

CREATE TABLE block_rules (
  org_id text COLLATE "C" NOT NULL REFERENCES organisations (id),
  id text COLLATE "C" NOT NULL,
  selector text NOT NULL,
  description text,
  created_at text COLLATE "C" NOT NULL,
  updated_at text COLLATE "C" NOT NULL,
  PRIMARY KEY (org_id, id)
);

ALTER TABLE summary_cache ADD COLUMN session_id text COLLATE "C";
CREATE INDEX summary_cache_by_session ON summary_cache (org_id, session_id) WHERE session_id IS NOT NULL;
`,
};

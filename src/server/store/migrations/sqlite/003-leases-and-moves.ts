// SQLite schema, version 3: leases (batch jobs and executing Idempotency-Keys are held by an
// instance that renews them, and taken over once it stops), key revocation and last use, and the
// old ids of sessions that moved when their anonymous user was merged into another.

import type { Migration } from '../migration.js';

export const leasesAndMoves: Migration = {
  version: 3,
  name: 'leases and moves',
  sql: `
ALTER TABLE jobs ADD COLUMN lease_owner TEXT;
ALTER TABLE jobs ADD COLUMN lease_expires_at TEXT;
ALTER TABLE idempotency_keys ADD COLUMN token TEXT;
ALTER TABLE idempotency_keys ADD COLUMN lease_expires_at TEXT;
ALTER TABLE api_keys ADD COLUMN last_used_at TEXT;
ALTER TABLE api_keys ADD COLUMN revoked_at TEXT;
CREATE TABLE session_aliases (
  org_id TEXT NOT NULL REFERENCES organisations (id),
  old_id TEXT NOT NULL,
  new_id TEXT NOT NULL,
  PRIMARY KEY (org_id, old_id)
) STRICT;
CREATE INDEX session_aliases_by_new_id ON session_aliases (org_id, new_id);
CREATE INDEX events_by_user ON events (org_id, user_id) WHERE user_id IS NOT NULL;
`,
};

// PostgreSQL schema, version 4: leases (batch jobs and executing Idempotency-Keys are held by an
// instance that renews them, and taken over once it stops), key revocation and last use, and the
// old ids of sessions that moved when their anonymous user was merged into another.

import type { Migration } from '../migration.js';

export const leasesAndMoves: Migration = {
  version: 4,
  name: 'leases and moves',
  sql: `
ALTER TABLE jobs ADD COLUMN lease_owner text COLLATE "C";
ALTER TABLE jobs ADD COLUMN lease_expires_at text COLLATE "C";
ALTER TABLE idempotency_keys ADD COLUMN token text COLLATE "C";
ALTER TABLE idempotency_keys ADD COLUMN lease_expires_at text COLLATE "C";
ALTER TABLE api_keys ADD COLUMN last_used_at text COLLATE "C";
ALTER TABLE api_keys ADD COLUMN revoked_at text COLLATE "C";
CREATE TABLE session_aliases (
  org_id text COLLATE "C" NOT NULL REFERENCES organisations (id),
  old_id text COLLATE "C" NOT NULL,
  new_id text COLLATE "C" NOT NULL,
  PRIMARY KEY (org_id, old_id)
);
CREATE INDEX session_aliases_by_new_id ON session_aliases (org_id, new_id);
CREATE INDEX events_by_user ON events (org_id, user_id) WHERE user_id IS NOT NULL;
`,
};

// SQLite schema, version 9: the summaries a model is answering for now, one row per cache key, so
// that instances asked for the same summary at once make one model call (see summary-flights.ts).

import type { Migration } from '../migration.js';

export const summaryFlights: Migration = {
  version: 9,
  name: 'summary-flights',
  sql: `
CREATE TABLE summary_flights (
  org_id TEXT NOT NULL,
  key TEXT NOT NULL,
  token TEXT NOT NULL,
  lease_expires_at TEXT NOT NULL,
  PRIMARY KEY (org_id, key)
) STRICT;
`,
};

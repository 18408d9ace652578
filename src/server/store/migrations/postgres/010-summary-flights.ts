// PostgreSQL schema, version 10: the summaries a model is answering for now, one row per cache key,
// so that instances asked for the same summary at once make one model call (see summary-flights.ts).

import type { Migration } from '../migration.js';

export const summaryFlights: Migration = {
  version: 10,
  name: 'summary-flights',
  sql: `
CREATE TABLE summary_flights (
  org_id text COLLATE "C" NOT NULL,
  key text COLLATE "C" NOT NULL,
  token text COLLATE "C" NOT NULL,
  lease_expires_at text COLLATE "C" NOT NULL,
  PRIMARY KEY (org_id, key)
);
`,
};

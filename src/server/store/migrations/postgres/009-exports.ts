// PostgreSQL schema, version 9: the content of exports (POST /v2/exports/search|events), NDJSON in
// chunks written by the export operation, read back in order by the download.

import type { Migration } from '../migration.js';

export const exports_: Migration = {
  version: 9,
  name: 'exports',
  sql: `
CREATE TABLE export_chunks (
  job_id text COLLATE "C" NOT NULL REFERENCES jobs (id) ON DELETE CASCADE,
  seq integer NOT NULL,
  data text NOT NULL,
  PRIMARY KEY (job_id, seq)
);
`,
};

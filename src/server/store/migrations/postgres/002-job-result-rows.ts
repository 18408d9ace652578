// PostgreSQL schema, version 2: batch results are stored in rows of many, like batch items. One
// row per chunk and outcome (imports, errors) costs far less to write than one row per item; the
// results of version 1 move over as rows of one.

import type { Migration } from '../migration.js';

export const jobResultRows: Migration = {
  version: 2,
  name: 'job result rows',
  sql: `
CREATE TABLE job_result_rows (
  job_id text COLLATE "C" NOT NULL REFERENCES jobs (id) ON DELETE CASCADE,
  ok boolean NOT NULL,
  first_index integer NOT NULL,
  last_index integer NOT NULL,
  count integer NOT NULL,
  -- [[item index, result], ...] in ascending index order
  results json NOT NULL,
  PRIMARY KEY (job_id, ok, first_index)
);
INSERT INTO job_result_rows (job_id, ok, first_index, last_index, count, results)
  SELECT job_id, ok, item_index, item_index, 1, json_build_array(json_build_array(item_index, result)) FROM job_results;
DROP TABLE job_results;
`,
};

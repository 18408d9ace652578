// SQLite schema, version 2: batch results are stored in rows of many, like batch items. One row
// per chunk and outcome (imports, errors) costs far less to write than one row per item; the
// results of version 1 move over as rows of one.

import type { Migration } from '../migration.js';

export const jobResultRows: Migration = {
  version: 2,
  name: 'job result rows',
  sql: `
CREATE TABLE job_result_rows (
  job_id TEXT NOT NULL REFERENCES jobs (id) ON DELETE CASCADE,
  ok INTEGER NOT NULL,
  first_index INTEGER NOT NULL,
  last_index INTEGER NOT NULL,
  count INTEGER NOT NULL,
  -- [[item index, result], ...] in ascending index order
  results TEXT NOT NULL,
  PRIMARY KEY (job_id, ok, first_index)
) STRICT;
INSERT INTO job_result_rows (job_id, ok, first_index, last_index, count, results)
  SELECT job_id, ok, item_index, item_index, 1, json_array(json_array(item_index, json(result))) FROM job_results;
DROP TABLE job_results;
`,
};

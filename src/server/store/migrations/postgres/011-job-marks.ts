// PostgreSQL schema, version 11: every job carries the id of the transaction that created it (a
// column default, whatever code inserts the job), so that a user deletion's last step rescans the
// job rows of jobs whose creation was not yet committed when it began, and of those running then,
// instead of every job the organisation ever ran (delete-user-data.ts). Jobs created before this
// version have none: they are older than any deletion that reads a mark. The default is set apart
// from the column so that existing rows are not rewritten.

import type { Migration } from '../migration.js';

export const jobMarks: Migration = {
  version: 11,
  name: 'job-marks',
  sql: `
ALTER TABLE jobs ADD COLUMN created_mark bigint;
ALTER TABLE jobs ALTER COLUMN created_mark SET DEFAULT (pg_current_xact_id()::text::bigint);
CREATE INDEX jobs_created_mark ON jobs (org_id, created_mark);
`,
};

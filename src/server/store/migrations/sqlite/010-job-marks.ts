// SQLite schema, version 10: every job carries a mark of when it was created, from a counter that
// only grows (a trigger sets it, whatever code inserts the job), so that a user deletion's last
// step rescans the job rows of jobs created since it began, and of those running then, instead of
// every job the organisation ever ran (delete-user-data.ts). Jobs created before this version
// have none: they are older than any deletion that reads a mark.

import type { Migration } from '../migration.js';

export const jobMarks: Migration = {
  version: 10,
  name: 'job-marks',
  sql: `
ALTER TABLE jobs ADD COLUMN created_mark INTEGER;
CREATE TABLE job_marks (last INTEGER NOT NULL) STRICT;
INSERT INTO job_marks (last) VALUES (0);
CREATE TRIGGER jobs_created_mark AFTER INSERT ON jobs BEGIN
  UPDATE job_marks SET last = last + 1;
  UPDATE jobs SET created_mark = (SELECT last FROM job_marks) WHERE id = NEW.id;
END;
CREATE INDEX jobs_created_mark ON jobs (org_id, created_mark);
`,
};

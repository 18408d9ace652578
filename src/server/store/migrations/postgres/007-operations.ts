// PostgreSQL schema, version 7: every long-running request is an operation (a job) that an
// organisation lists newest first, by kind and status (GET /v2/operations).

import type { Migration } from '../migration.js';

export const operations: Migration = {
  version: 7,
  name: 'operations',
  sql: `
CREATE INDEX jobs_by_org ON jobs (org_id, created DESC, id DESC);
`,
};

// PostgreSQL schema, version 12: the index of completed exports by when they finished, as SQLite's
// version 11, so that the minute's look for exports past their retention reads the exports, not
// every job (export-chunks.ts expireExports).

import type { Migration } from '../migration.js';

export const finishedExports: Migration = {
  version: 12,
  name: 'finished-exports',
  sql: `
CREATE INDEX jobs_finished_exports ON jobs (finished) WHERE kind = 'export' AND status = 'COMPLETED';
`,
};

// SQLite schema, version 11: an index of the completed exports by when they finished, so that the
// minute's look for exports past their retention (export-chunks.ts expireExports) reads the
// exports, not every job the organisation ever ran (batches outnumber exports by far: at 200,000
// jobs the scan took 13 to 16 ms, a pause of every request on SQLite's one connection).

import type { Migration } from '../migration.js';

export const finishedExports: Migration = {
  version: 11,
  name: 'finished-exports',
  sql: `
CREATE INDEX jobs_finished_exports ON jobs (finished) WHERE kind = 'export' AND status = 'COMPLETED';
`,
};

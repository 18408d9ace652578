// PostgreSQL schema, version 3: a cheaper write path for batches, measured on the ingest benchmark
// (docs/benchmarks.md). No table changes shape, so no data moves.
// - Events are the one table written a thousand rows at a time. PostgreSQL checks a foreign key
//   row by row, each check locking the organisation's row (a multixact once instances insert at
//   once): more than half the cost of inserting a chunk. Organisations are never deleted, and the
//   server writes events only for the organisation of the key that sent them, so the key guarded
//   nothing the server can break; it goes. (SQLite checks it in-process, cheaply, and keeps it.)
// - The large JSON values (batch items and results, session fixtures) are compressed with lz4
//   instead of pglz where the server supports it (PostgreSQL 14+, built with lz4): about a fifth
//   of the CPU for the same size. Only values written from now on change.

import type { Migration } from '../migration.js';

export const writePath: Migration = {
  version: 3,
  name: 'write path',
  sql: `
ALTER TABLE events DROP CONSTRAINT IF EXISTS events_org_id_fkey;
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_settings WHERE name = 'default_toast_compression' AND 'lz4' = ANY (enumvals)) THEN
    ALTER TABLE job_items ALTER COLUMN item SET COMPRESSION lz4;
    ALTER TABLE job_result_rows ALTER COLUMN results SET COMPRESSION lz4;
    ALTER TABLE sessions ALTER COLUMN fixture SET COMPRESSION lz4;
  END IF;
END
$$;
`,
};

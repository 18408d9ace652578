// SQLite schema, version 4: an event keeps the user it was recorded for, and reads show the user
// that one was merged into (users.merged_into, kept pointing at the final user). Version 3 moved
// the events themselves, which needed an index on events by user: a random insert per event, a
// quarter of the ingest rate. Earlier merge chains are flattened so that one hop always arrives.

import type { Migration } from '../migration.js';
import { FLATTEN_MERGE_CHAINS } from '../flatten-merge-chains.js';

export const eventsFollowMerges: Migration = {
  version: 4,
  name: 'events follow merges',
  sql: `
DROP INDEX events_by_user;
CREATE INDEX users_by_merged_into ON users (org_id, merged_into) WHERE merged_into IS NOT NULL;
${FLATTEN_MERGE_CHAINS}
`,
};

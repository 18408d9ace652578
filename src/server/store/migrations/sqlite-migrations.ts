// The SQLite schema's migrations, oldest first. Append new ones; never edit one that shipped.

import type { Migration } from './migration.js';
import { initial } from './sqlite/001-initial.js';
import { jobResultRows } from './sqlite/002-job-result-rows.js';
import { leasesAndMoves } from './sqlite/003-leases-and-moves.js';
import { eventsFollowMerges } from './sqlite/004-events-follow-merges.js';
import { privacy } from './sqlite/005-privacy.js';
import { operations } from './sqlite/006-operations.js';
import { sessionSearch } from './sqlite/007-session-search.js';
import { exports_ } from './sqlite/008-exports.js';
import { summaryFlights } from './sqlite/009-summary-flights.js';
import { jobMarks } from './sqlite/010-job-marks.js';
import { finishedExports } from './sqlite/011-finished-exports.js';

export const sqliteMigrations: readonly Migration[] = [initial, jobResultRows, leasesAndMoves, eventsFollowMerges, privacy, operations, sessionSearch, exports_, summaryFlights, jobMarks, finishedExports];

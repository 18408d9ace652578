// The PostgreSQL schema's migrations, oldest first. Append new ones; never edit one that shipped.

import type { Migration } from './migration.js';
import { initial } from './postgres/001-initial.js';
import { jobResultRows } from './postgres/002-job-result-rows.js';
import { writePath } from './postgres/003-write-path.js';
import { leasesAndMoves } from './postgres/004-leases-and-moves.js';
import { eventsFollowMerges } from './postgres/005-events-follow-merges.js';
import { privacy } from './postgres/006-privacy.js';
import { operations } from './postgres/007-operations.js';
import { sessionSearch } from './postgres/008-session-search.js';
import { exports_ } from './postgres/009-exports.js';
import { summaryFlights } from './postgres/010-summary-flights.js';
import { jobMarks } from './postgres/011-job-marks.js';
import { finishedExports } from './postgres/012-finished-exports.js';

export const postgresMigrations: readonly Migration[] = [initial, jobResultRows, writePath, leasesAndMoves, eventsFollowMerges, privacy, operations, sessionSearch, exports_, summaryFlights, jobMarks, finishedExports];

// The read behind an events export (POST /v2/exports/events): an organisation's server events in
// creation order, walked through the index by organisation and creation order a window at a time,
// with the time range and names in the WHERE clause, so that only the events asked for leave the
// database. No index on timestamps: one would cost every event stored.

import type { Kysely } from 'kysely';
import { checkPageLimit, decodePageCursor, encodePageCursor } from '../page-cursor.js';
import type { EventRecord } from '../records.js';
import type { EventRange, Page } from '../store.js';
import type { Database } from './database.js';
import { toEvent } from './records-from-rows.js';
import { selectEvents } from './select-events.js';
import type { StoreDialect } from './store-dialect.js';

export async function listEventsInRange(
  db: Kysely<Database>,
  dialect: Pick<StoreDialect, 'inList'>,
  orgId: string,
  range: EventRange,
  page: { readonly after?: string | null; readonly limit: number; readonly scan: number },
): Promise<Page<EventRecord>> {
  checkPageLimit(page.limit);
  if (!Number.isInteger(page.scan) || page.scan < 1) throw new RangeError(`scan must be a positive integer, got ${page.scan}`);
  const [afterSeq] = page.after ? decodePageCursor(page.after, 'events', ['number'] as const) : [0];
  // The last event of the window (the `scan`-th after the cursor), read from the index alone;
  // none when fewer are left: the window then runs to the end.
  const end = await db
    .selectFrom('events')
    .select('seq')
    .where('org_id', '=', orgId)
    .where('seq', '>', afterSeq)
    .orderBy('seq')
    .limit(1)
    .offset(page.scan - 1)
    .executeTakeFirst();
  const rows = await selectEvents(db, orgId)
    .where('events.seq', '>', afterSeq)
    .$if(end !== undefined, (query) => query.where('events.seq', '<=', (end as { seq: number }).seq))
    .where('events.event_timestamp', '>=', range.from)
    .where('events.event_timestamp', '<', range.to)
    .$if(range.names !== null, (query) => query.where(dialect.inList('events.name', range.names as readonly string[])))
    .orderBy('events.seq')
    .limit(page.limit + 1)
    .execute();
  if (rows.length > page.limit) {
    const kept = rows.slice(0, page.limit);
    return { items: kept.map(toEvent), next: encodePageCursor('events', [(kept.at(-1) as { seq: number }).seq]) };
  }
  return { items: rows.map(toEvent), next: end === undefined ? null : encodePageCursor('events', [end.seq]) };
}

// What a batch job stores for each event it imported, and the record `GET /v2/events/batch/{id}/imports`
// shows for it. The record repeats the item it came from (its name and properties) next to what the
// server chose (id, timestamp, user and session); storing it whole would write most of every batch
// twice more (the items are stored already). So an import whose name and properties are the item's
// own is stored as `[id, timestamp, user_id, session_id]` and shown with the item's name and
// properties again; any other (properties dropped or rejected, names rejected) is stored whole.

import type { EventView } from '../events/record-events.js';
import type { JobRecord, JobResultRecord, JsonObject, JsonValue } from '../store/records.js';
import type { StoreReader } from '../store/store.js';

/** The stored form of an import: compact when the item holds the rest of its record. */
export function storedEventImport(view: EventView, item: JsonValue): JsonValue {
  const source = item !== null && typeof item === 'object' && !Array.isArray(item) ? item : undefined;
  // The very object of the item (not a copy that validation made) guarantees the same properties.
  const fromItem =
    source !== undefined &&
    source.name === view.name &&
    (view.properties === source.properties || (source.properties == null && Object.keys(view.properties).length === 0)) &&
    view.rejected_event_names === undefined &&
    view.rejected_properties === undefined;
  return fromItem ? [view.id, view.timestamp, view.user_id, view.session_id] : (view as unknown as JsonValue);
}

/** Whether a stored import needs its item to be shown. */
export const isCompactImport = (result: JsonValue): result is [string, string, string | null, string | null] => Array.isArray(result);

/** The record an import shows, from its stored form and (for a compact one) its item. */
export function shownEventImport(result: JsonValue, item: JsonValue | undefined): JsonValue {
  if (!isCompactImport(result)) return result;
  const source = (item ?? {}) as JsonObject;
  const [id, timestamp, userId, sessionId] = result;
  return { id, name: source.name ?? null, timestamp, user_id: userId, session_id: sessionId, properties: (source.properties as JsonObject | null | undefined) ?? {} };
}

/**
 * The records of a page of imports: compact ones are completed from their items, read in runs of
 * nearby indexes (the errors between imports are not read for nothing).
 */
export async function showEventImports(
  results: readonly JobResultRecord[],
  readItems: (from: number, count: number) => Promise<JsonValue[]>,
): Promise<JsonValue[]> {
  const items = new Map<number, JsonValue>();
  const needed = results.filter((result) => isCompactImport(result.result)).map((result) => result.index);
  for (let start = 0; start < needed.length; ) {
    let end = start;
    while (end + 1 < needed.length && (needed[end + 1] as number) - (needed[end] as number) <= NEARBY) end++;
    const from = needed[start] as number;
    const read = await readItems(from, (needed[end] as number) - from + 1);
    read.forEach((item, offset) => items.set(from + offset, item));
    start = end + 1;
  }
  return results.map((result) => shownEventImport(result.result, items.get(result.index)));
}

/** Indexes this close are read in one go. */
const NEARBY = 500;

/**
 * The results of a job as every route shows them (`/imports`, `/errors`, an operation's results):
 * an event import as its record, anything else as stored.
 */
export function showJobResults(store: StoreReader, job: JobRecord, results: readonly JobResultRecord[]): Promise<JsonValue[]> {
  if (job.kind !== 'events') return Promise.resolve(results.map((result) => result.result));
  // Error results are objects, never compact: they are shown as they are.
  return showEventImports(results, (from, count) => store.readJobItems(job.id, from, count));
}

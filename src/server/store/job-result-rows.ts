// Batch results are stored like batch items, many to a row: one row per processed chunk and
// outcome (imports, errors), holding `[[item index, result], ...]` in ascending index order.
// Writing two rows per chunk costs far less than a row per item, and the errors page reads only
// rows of errors.

import type { JobResultRecord, JsonValue } from './records.js';

export type JobResultEntry = readonly [index: number, result: JsonValue];

export interface JobResultRowValue {
  readonly ok: boolean;
  readonly first: number;
  readonly last: number;
  readonly entries: readonly JobResultEntry[];
}

/** The rows for one chunk's results: the imports, then the errors; none for an empty outcome. */
export function toJobResultRows(results: readonly JobResultRecord[]): JobResultRowValue[] {
  const rows: JobResultRowValue[] = [];
  for (const ok of [true, false]) {
    const entries = results
      .filter((result) => result.ok === ok)
      .map((result): JobResultEntry => [result.index, result.result])
      .sort((left, right) => left[0] - right[0]);
    const first = entries[0];
    const last = entries.at(-1);
    if (first !== undefined && last !== undefined) rows.push({ ok, first: first[0], last: last[0], entries });
  }
  return rows;
}

/** The item indices a chunk's rows span, to find stored rows that meet them. */
export function spanOf(rows: readonly JobResultRowValue[]): { readonly first: number; readonly last: number } {
  return { first: Math.min(...rows.map((row) => row.first)), last: Math.max(...rows.map((row) => row.last)) };
}

/**
 * The rows that replace `overlapping` stored rows (any outcome, their ranges meeting the chunk's)
 * when a chunk's `results` are recorded: every item keeps its newest result, and each outcome's
 * entries go into one row, so that the rows of one outcome never interleave and paging in row
 * order stays in index order. Chunks never overlap in a running job (results and cursor commit
 * together); this keeps "the last result of an item wins" true even if one is processed again.
 */
export function mergeJobResultRows(
  overlapping: readonly { readonly ok: boolean; readonly entries: readonly JobResultEntry[] }[],
  results: readonly JobResultRecord[],
): JobResultRowValue[] {
  const recorded = new Set(results.map((result) => result.index));
  const kept = overlapping.flatMap((row) => row.entries.filter(([index]) => !recorded.has(index)).map((entry) => ({ ok: row.ok, entry })));
  return toJobResultRows([...kept.map(({ ok, entry: [index, result] }) => ({ index, ok, result })), ...results]);
}

/**
 * The results with an index above `after`, at most `limit` of them, out of one outcome's rows in
 * ascending order (rows whose last index is above `after`: `limit` rows are always enough).
 */
export function pageJobResults(rows: readonly (readonly JobResultEntry[])[], ok: boolean, after: number, limit: number): JobResultRecord[] {
  const page: JobResultRecord[] = [];
  for (const entries of rows) {
    for (const [index, result] of entries) {
      if (index <= after) continue;
      if (page.length === limit) return page;
      page.push({ index, ok, result });
    }
  }
  return page;
}

/**
 * How many of `spans` (one outcome's rows past `after`, in ascending order) a page of `limit`
 * results needs: a row starting after `after` gives all its results, the one that holds `after`
 * all but those of the indexes up to `after` it may hold (at least one, as it ends past `after`).
 */
export function rowsForPage(spans: readonly { readonly first_index: number; readonly count: number }[], after: number, limit: number): number {
  let results = 0;
  for (const [position, span] of spans.entries()) {
    results += span.first_index > after ? span.count : Math.max(1, span.count - (after - span.first_index + 1));
    if (results >= limit) return position + 1;
  }
  return spans.length;
}

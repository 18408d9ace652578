// Batch items are stored in rows of up to JOB_ITEMS_PER_ROW, each a JSON array keyed by the index
// of its first item: one row per 500 items costs far less to write than one row per item.

export const JOB_ITEMS_PER_ROW = 500;

/** `[first index, items]` rows for a job's items. */
export function toJobItemRows<Item>(items: readonly Item[]): [number, Item[]][] {
  const rows: [number, Item[]][] = [];
  for (let start = 0; start < items.length; start += JOB_ITEMS_PER_ROW) rows.push([start, items.slice(start, start + JOB_ITEMS_PER_ROW)]);
  return rows;
}

/** The lowest row key that can hold item `from`. */
export const firstRowFor = (from: number): number => Math.floor(from / JOB_ITEMS_PER_ROW) * JOB_ITEMS_PER_ROW;

/** Items `[from, from + count)` out of rows (ascending by first index). */
export function sliceJobItemRows<Item>(rows: readonly { readonly first: number; readonly items: readonly Item[] }[], from: number, count: number): Item[] {
  const out: Item[] = [];
  for (const row of rows) {
    for (let offset = 0; offset < row.items.length; offset++) {
      const index = row.first + offset;
      if (index >= from && index < from + count) out.push(row.items[offset] as Item);
    }
  }
  return out;
}

// Runs an async function over items with at most `concurrency` in flight, keeping input order.

/** Like Promise.all(items.map(run)), but never more than `concurrency` running at once. */
export async function mapConcurrently<Item, Result>(
  items: readonly Item[],
  concurrency: number,
  run: (item: Item, index: number) => Promise<Result>,
): Promise<Result[]> {
  if (!Number.isInteger(concurrency) || concurrency < 1) throw new RangeError(`concurrency must be a positive integer, got ${concurrency}`);
  const results = new Array<Result>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      results[index] = await run(items[index] as Item, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return results;
}

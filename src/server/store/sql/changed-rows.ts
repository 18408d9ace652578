// How many rows a Kysely INSERT, UPDATE or DELETE changed, whichever it was.

/** Rows an INSERT, UPDATE or DELETE changed. */
export const changed = (result: { readonly numInsertedOrUpdatedRows?: bigint | undefined } | { readonly numUpdatedRows: bigint } | { readonly numDeletedRows: bigint }): number => {
  if ('numUpdatedRows' in result) return Number(result.numUpdatedRows);
  if ('numDeletedRows' in result) return Number(result.numDeletedRows);
  return Number(result.numInsertedOrUpdatedRows ?? 0n);
};

// Cardinality catalogs on SQLite: count the live names, then record the admitted ones. Only one
// transaction writes at a time, so nothing can change between the count and the inserts.

import type { CatalogKind } from '../records.js';
import type { StatementCache } from './statement-cache.js';

/** StoreWriter#admitNames, inside the caller's transaction. */
export function admitNamesInSqlite(
  statements: StatementCache,
  orgId: string,
  kind: CatalogKind,
  names: readonly string[],
  options: { readonly limit: number; readonly now: string; readonly retentionCutoff: string },
): string[] {
  const find = statements.get('SELECT last_seen FROM catalog_names WHERE org_id = ? AND kind = ? AND name = ?');
  const record = statements.get(
    `INSERT INTO catalog_names (org_id, kind, name, last_seen) VALUES (?, ?, ?, ?)
     ON CONFLICT (org_id, kind, name) DO UPDATE SET last_seen = max(last_seen, excluded.last_seen)`,
  );
  const rejected: string[] = [];
  // Counted only when a new name shows up: most calls bring names the catalog already has.
  let live: number | undefined;
  for (const name of new Set(names)) {
    // Names are blobs, compared byte for byte (the server's keys contain NUL).
    const key = Buffer.from(name, 'utf8');
    const row = find.get(orgId, kind, key) as { last_seen: string } | undefined;
    if (row === undefined || row.last_seen <= options.retentionCutoff) {
      live ??= countLiveNames(statements, orgId, kind, options.retentionCutoff);
      if (live >= options.limit) {
        rejected.push(name);
        continue;
      }
      live += 1;
    }
    record.run(orgId, kind, key, options.now);
  }
  return rejected;
}

function countLiveNames(statements: StatementCache, orgId: string, kind: CatalogKind, retentionCutoff: string): number {
  const row = statements.get('SELECT count(*) AS live FROM catalog_names WHERE org_id = ? AND kind = ? AND last_seen > ?').get(orgId, kind, retentionCutoff) as
    | { live: number }
    | undefined;
  return row?.live ?? 0;
}

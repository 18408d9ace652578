// Cardinality catalogs on PostgreSQL. Admitting a new name means counting the live names, then
// inserting: right only if no other transaction admits names of the same catalog in between, so
// that path takes a transaction-scoped advisory lock per organisation and catalog. Known names,
// the usual case, take no lock and never wait: their refresh skips rows that a concurrent
// transaction is refreshing at the same moment anyway.

import type { CatalogKind } from '../records.js';
import { preparedQuery, type Queryable } from './prepared-query.js';

/** The first key of the store's advisory locks (pg_advisory_xact_lock(int, int)): catalogs. */
const CATALOG_LOCK = 7_270_002;

interface AdmitOptions {
  readonly limit: number;
  readonly now: string;
  readonly retentionCutoff: string;
}

/** StoreWriter#admitNames, inside the caller's transaction. */
export async function admitNamesInPostgres(
  database: Queryable,
  orgId: string,
  kind: CatalogKind,
  names: readonly string[],
  options: AdmitOptions,
): Promise<string[]> {
  const unique = [...new Set(names)];
  if (unique.length === 0) return [];
  // Names are bytea: text cannot hold the NUL of the keys the server composes.
  const keys = unique.map((name) => Buffer.from(name, 'utf8'));
  let known = await knownNames(database, orgId, kind, keys, options.retentionCutoff);
  const rejected: string[] = [];
  if (known.size < keys.length) {
    // Held until commit or rollback: the rows added here count for whoever waits next.
    await database.query(preparedQuery('SELECT pg_advisory_xact_lock($1, hashtext($2))', [CATALOG_LOCK, `${orgId}\n${kind}`]));
    // Whoever held the lock before may have admitted some of these names meanwhile.
    known = await knownNames(database, orgId, kind, keys, options.retentionCutoff);
    let live = await countLiveNames(database, orgId, kind, options.retentionCutoff);
    const admitted: Buffer[] = [];
    for (const [index, key] of keys.entries()) {
      if (known.has(key.toString('hex'))) continue;
      if (live >= options.limit) {
        rejected.push(unique[index] as string);
        continue;
      }
      live += 1;
      admitted.push(key);
    }
    if (admitted.length > 0) {
      // An expired row of the same name is brought back to life.
      await database.query(
        preparedQuery(
          `INSERT INTO catalog_names (org_id, kind, name, last_seen) SELECT $1, $2, name, $4 FROM unnest($3::bytea[]) AS name ORDER BY name
           ON CONFLICT (org_id, kind, name) DO UPDATE SET last_seen = greatest(catalog_names.last_seen, excluded.last_seen)`,
          [orgId, kind, admitted, options.now],
        ),
      );
    }
  }
  if (known.size > 0) {
    await database.query(
      preparedQuery(
        `UPDATE catalog_names SET last_seen = $4 WHERE (org_id, kind, name) IN (
           SELECT org_id, kind, name FROM catalog_names WHERE org_id = $1 AND kind = $2 AND name = ANY($3::bytea[]) AND last_seen < $4
           ORDER BY name FOR UPDATE SKIP LOCKED)`,
        [orgId, kind, keys.filter((key) => known.has(key.toString('hex'))), options.now],
      ),
    );
  }
  return rejected;
}

/** The live names among `keys`, as hex. */
async function knownNames(database: Queryable, orgId: string, kind: CatalogKind, keys: readonly Buffer[], retentionCutoff: string): Promise<Set<string>> {
  const result = await database.query<{ name: Buffer }>(
    preparedQuery('SELECT name FROM catalog_names WHERE org_id = $1 AND kind = $2 AND name = ANY($3::bytea[]) AND last_seen > $4', [
      orgId,
      kind,
      keys,
      retentionCutoff,
    ]),
  );
  return new Set(result.rows.map((row) => row.name.toString('hex')));
}

async function countLiveNames(database: Queryable, orgId: string, kind: CatalogKind, retentionCutoff: string): Promise<number> {
  const result = await database.query<{ live: number }>(
    preparedQuery('SELECT count(*)::integer AS live FROM catalog_names WHERE org_id = $1 AND kind = $2 AND last_seen > $3', [orgId, kind, retentionCutoff]),
  );
  return result.rows[0]?.live ?? 0;
}

// Cardinality catalogs (StoreWriter#admitNames). Admitting a new name means counting the live
// names, then inserting: right only if no other transaction admits names of the same catalog in
// between, so that path takes the catalog's transaction lock (PostgreSQL: an advisory lock per
// organisation and catalog; SQLite: one writer at a time already). Known names, the usual case,
// take no lock and never wait: their refresh skips rows that a concurrent transaction is
// refreshing at the same moment anyway. A known name is refreshed once its last-seen time is a
// second old: retention is counted in days, and a batch sending the same names chunk after chunk
// then reads them once per chunk instead of also rewriting them.

import type { Kysely } from 'kysely';
import type { CatalogKind } from '../records.js';
import type { Database } from './database.js';
import type { StoreDialect } from './store-dialect.js';

export interface AdmitNamesRequest {
  readonly orgId: string;
  readonly kind: CatalogKind;
  readonly names: readonly string[];
  readonly limit: number;
  readonly now: string;
  readonly retentionCutoff: string;
}

/** The names rejected; the others are recorded as seen at `now`, inside the caller's transaction. */
export async function admitNames(db: Kysely<Database>, dialect: StoreDialect, request: AdmitNamesRequest): Promise<string[]> {
  const unique = [...new Set(request.names)];
  if (unique.length === 0) return [];
  // Names are bytes, compared byte for byte (the server's keys contain NUL).
  const keys = unique.map((name) => Buffer.from(name, 'utf8'));
  let known = await liveNames(db, dialect, request, keys);
  const rejected: string[] = [];
  if (known.size < keys.length) {
    // Held until commit or rollback: the rows added here count for whoever waits next.
    await dialect.lock(db, { name: 'catalog', orgId: request.orgId, kind: request.kind });
    // Whoever held the lock before may have admitted some of these names meanwhile.
    known = await liveNames(db, dialect, request, keys);
    let live = await countLiveNames(db, request);
    const admitted: Buffer[] = [];
    for (const [index, key] of keys.entries()) {
      if (known.has(key.toString('hex'))) continue;
      if (live >= request.limit) {
        rejected.push(unique[index] as string);
        continue;
      }
      live += 1;
      admitted.push(key);
    }
    if (admitted.length > 0) {
      // An expired row of the same name is brought back to life. In name order: concurrent
      // transactions lock rows in one order, so they cannot deadlock.
      admitted.sort(Buffer.compare);
      for (let start = 0; start < admitted.length; start += NAMES_PER_INSERT) {
        await db
          .insertInto('catalog_names')
          .values(admitted.slice(start, start + NAMES_PER_INSERT).map((name) => ({ org_id: request.orgId, kind: request.kind, name, last_seen: request.now })))
          .onConflict((conflict) =>
            conflict
              .columns(['org_id', 'kind', 'name'])
              .doUpdateSet((eb) => ({ last_seen: eb.ref('excluded.last_seen') }))
              .where((eb) => eb('catalog_names.last_seen', '<', eb.ref('excluded.last_seen'))),
          )
          .execute();
      }
    }
  }
  const staleBefore = new Date(Date.parse(request.now) - REFRESH_AFTER_MS).toISOString();
  const refreshed = keys.filter((key) => {
    const lastSeen = known.get(key.toString('hex'));
    return lastSeen !== undefined && lastSeen < staleBefore;
  });
  if (refreshed.length > 0) {
    // Where rows lock, the stale rows are locked first, in name order, by a statement of their
    // own: as a subquery of the UPDATE (IN or FROM), PostgreSQL ran the locking read again for
    // every name of the catalog (a nested loop it cannot hash or keep), seconds for thousands of names.
    const names = dialect.rowLocks
      ? (await catalogRows(db, dialect, request, refreshed).where('last_seen', '<', staleBefore).orderBy('name').forUpdate().skipLocked().execute()).map((row) => row.name)
      : refreshed;
    if (names.length > 0) {
      await db
        .updateTable('catalog_names')
        .set({ last_seen: request.now })
        .where('org_id', '=', request.orgId)
        .where('kind', '=', request.kind)
        .where(dialect.inByteList('name', names))
        .where('last_seen', '<', staleBefore)
        .execute();
    }
  }
  return rejected;
}

/** Rows per INSERT of new names: well within both databases' limits on parameters. */
const NAMES_PER_INSERT = 500;
/** How old a known name's last-seen time gets before admitting it again rewrites it. */
const REFRESH_AFTER_MS = 1_000;

/** The names of the request's catalog among `keys`. */
const catalogRows = (db: Kysely<Database>, dialect: StoreDialect, request: AdmitNamesRequest, keys: readonly Buffer[]) =>
  db.selectFrom('catalog_names').select('name').where('org_id', '=', request.orgId).where('kind', '=', request.kind).where(dialect.inByteList('name', keys));

/** The live names among `keys` (as hex), with their last-seen times. */
async function liveNames(db: Kysely<Database>, dialect: StoreDialect, request: AdmitNamesRequest, keys: readonly Buffer[]): Promise<Map<string, string>> {
  const rows = await catalogRows(db, dialect, request, keys).select('last_seen').where('last_seen', '>', request.retentionCutoff).execute();
  return new Map(rows.map((row) => [row.name.toString('hex'), row.last_seen]));
}

async function countLiveNames(db: Kysely<Database>, request: AdmitNamesRequest): Promise<number> {
  const row = await db
    .selectFrom('catalog_names')
    .select((eb) => eb.fn.countAll<number>().as('live'))
    .where('org_id', '=', request.orgId)
    .where('kind', '=', request.kind)
    .where('last_seen', '>', request.retentionCutoff)
    .executeTakeFirst();
  return row?.live ?? 0;
}

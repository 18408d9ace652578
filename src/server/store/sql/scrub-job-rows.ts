// Rewriting the rows of an organisation's jobs that hold a deleted user's identifiers: batch items,
// export lines and job results (see delete-user-data.ts). A user with much data has it in many
// such rows (an event batch holds the uid of each of its events), so a deletion first rewrites
// them a bounded number at a time, one step per transaction, from a cursor kept with its state;
// its last step then scrubs the rows of the jobs created since it began, and of those running
// then, again: a row written behind the cursor belongs to one of them.

import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import { DELETED_ITEM, deletedResultLine } from '../deleted-item.js';
import { jobItemsText } from '../job-items-text.js';
import { candidatePieces, namesUser, textNamesUser, type DeletedUsers } from '../names-user.js';
import type { JsonValue } from '../records.js';
import type { Database } from './database.js';
import { searchCursorOff } from './search-sessions.js';
import type { StoreDialect } from './store-dialect.js';

/** The tables scrubbed, in the order a scrub goes through them. */
const TABLES = ['job_items', 'export_chunks', 'job_result_rows'] as const;
type ScrubbedTable = (typeof TABLES)[number];

/** A row's key in its table's order (a result row's `ok` as the database gives it: a boolean in PostgreSQL, 0 or 1 in SQLite). */
type Key = readonly (string | number | boolean)[];

/** Where a scrub in steps stands: the table, and the key of the last row it rewrote there. */
export interface ScrubCursor {
  readonly table: ScrubbedTable;
  readonly after: Key;
}

/**
 * The jobs whose rows a scrub of every table reads again in a deletion's last step: those created
 * at or after `mark` (StoreDialect#jobsMark) and those `running` when the mark was read.
 */
export interface JobsSince {
  readonly mark: number;
  readonly running: readonly string[];
}

/** Rows rewritten per step of a scrub: each a few hundred items or lines, so that a step stays as short as a step of events. */
export const ROWS_PER_SCRUB_STEP = 20;

/**
 * SQL: whether `column` (as text) holds one of `pieces`, case and all (not LIKE: SQLite's ignores
 * the case of ASCII letters, and would take uid `Alice` for `alice`).
 */
export const holdsPiece = (dialect: StoreDialect, column: string, pieces: readonly string[]) =>
  sql<boolean>`(${sql.join(pieces.map((piece) => dialect.containsText(column, piece)), sql` OR `)})`;

/** A page of a table's rows: those after `after` (a key of the table's order), up to `limit`. */
interface Page {
  readonly after: Key | undefined;
  readonly limit: number;
}

/** SQL: the key `columns` comes after `after` in the table's order (row values: PostgreSQL and SQLite 3.15 and later). */
const keyAfter = (columns: readonly string[], after: Key): Expression<SqlBool> =>
  sql<SqlBool>`(${sql.join(columns.map((column) => sql.ref(column)))}) > (${sql.join(after.map((value) => sql.val(value)))})`;

/** The key of the last row of a page that was full (more rows may follow), else undefined. */
const lastKeyOf = <Row>(rows: readonly Row[], page: Page | undefined, key: (row: Row) => Key) => {
  const last = rows.at(-1);
  return page !== undefined && last !== undefined && rows.length >= page.limit ? key(last) : undefined;
};

/** A scrub of one organisation's job rows for what names `users` (names-user.ts). */
class JobRowsScrub {
  /** What the rows a scrub rewrites hold, one of them at least (the store finds them by it). */
  private readonly pieces: readonly string[];

  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: StoreDialect,
    private readonly orgId: string,
    private readonly users: DeletedUsers,
    /** The jobs whose rows the scrub reads (every job of the organisation without it). */
    private readonly only?: readonly string[],
  ) {
    this.pieces = candidatePieces(users);
  }

  /**
   * SQL: the job `jobIdColumn` names (joined as `jobs` where `joined`) is one the scrub reads: one
   * of `only`, taken by the table's key, else any of the organisation's but its user deletions.
   */
  private covered(jobIdColumn: string, joined: boolean): Expression<SqlBool> {
    if (this.only !== undefined) return this.dialect.inList(jobIdColumn, this.only);
    if (!joined) return sql<SqlBool>`${sql.ref(jobIdColumn)} IN (${this.jobs()})`;
    return sql<SqlBool>`(${sql.ref('jobs.org_id')} = ${this.orgId} AND ${sql.ref('jobs.kind')} != 'user_deletion')`;
  }

  private names(value: JsonValue | undefined): boolean {
    return value !== undefined && namesUser(value, this.users);
  }

  /**
   * The organisation's jobs but its user deletions: a deletion's item is its state, which names
   * its own user and the catalog names its data used (a name may be another user's uid), and which
   * the deletion rewrites itself when it ends.
   */
  private jobs() {
    return this.db.selectFrom('jobs').select('id').where('org_id', '=', this.orgId).where('kind', '!=', 'user_deletion');
  }

  /** Rewrites the rows of `table` on `page` (all of them without one); the key to go on from, when the page was full. */
  table(table: ScrubbedTable, page?: Page): Promise<Key | undefined> {
    if (table === 'job_items') return this.items(page);
    if (table === 'export_chunks') return this.exportLines(page);
    return this.results(page);
  }

  /**
   * Batch items: an item that names the user becomes DELETED_ITEM. An export's one item is its
   * state: that of a search naming the user goes (the export ends: it was of the user); that of
   * events names no one (a range, event names, a position), whatever strings it holds.
   */
  private async items(page: Page | undefined) {
    const rows = await this.db
      .selectFrom('job_items')
      .innerJoin('jobs', 'jobs.id', 'job_items.job_id')
      .select(['job_items.job_id', 'job_items.item_index', 'job_items.item', 'jobs.kind'])
      .where(this.covered('job_items.job_id', true))
      .where(holdsPiece(this.dialect, 'job_items.item', this.pieces))
      .$if(page?.after !== undefined, (query) => query.where(keyAfter(['job_items.job_id', 'job_items.item_index'], page?.after ?? [])))
      .orderBy('job_items.job_id')
      .orderBy('job_items.item_index')
      .$if(page !== undefined, (query) => query.limit(page?.limit ?? 0))
      .$if(this.dialect.rowLocks, (query) => query.forUpdate('job_items'))
      .execute();
    const replaced = (item: JsonValue, index: number, kind: string): JsonValue => {
      if (!this.names(item)) return item;
      if (kind === 'export' && item !== null && typeof item === 'object' && !Array.isArray(item)) {
        return item.type === 'search' && this.names(item.search) ? DELETED_ITEM : item;
      }
      // A summary batch's first item also holds the batch's profile (summary-batch-routes.ts): that
      // stays when it names no one, or the batch's other sessions would have no profile left.
      if (index === 0 && item !== null && typeof item === 'object' && !Array.isArray(item) && 'config_profile' in item) {
        const { session_id: _sessionId, ...head } = item;
        if (!this.names(head)) return { ...DELETED_ITEM, ...head };
      }
      return DELETED_ITEM;
    };
    for (const row of rows) {
      const before = JSON.parse(row.item) as JsonValue[];
      const items = before.map((item, offset) => replaced(item, row.item_index + offset, row.kind));
      if (items.every((item, offset) => item === before[offset])) continue;
      // Written as items are (an infinite number stays `1e999`, not null).
      await this.db.updateTable('job_items').set({ item: jobItemsText(items) }).where('job_id', '=', row.job_id).where('item_index', '=', row.item_index).execute();
    }
    return lastKeyOf(rows, page, (row) => [row.job_id, row.item_index]);
  }

  /** Exports are copies of the data: their lines that name the user go (the other lines stay), and the export's count of lines with them. */
  private async exportLines(page: Page | undefined) {
    const rows = await this.db
      .selectFrom('export_chunks')
      .select(['job_id', 'seq', 'data'])
      .where(this.covered('job_id', false))
      .where(holdsPiece(this.dialect, 'data', this.pieces))
      .$if(page?.after !== undefined, (query) => query.where(keyAfter(['job_id', 'seq'], page?.after ?? [])))
      .orderBy('job_id')
      .orderBy('seq')
      .$if(page !== undefined, (query) => query.limit(page?.limit ?? 0))
      .$if(this.dialect.rowLocks, (query) => query.forUpdate())
      .execute();
    const removedLines = new Map<string, number>();
    for (const row of rows) {
      const lines = row.data.split('\n').filter((line) => line !== '');
      const kept = lines.filter((line) => !textNamesUser(line, this.users));
      if (kept.length === lines.length) continue;
      await this.db.updateTable('export_chunks').set({ data: kept.length === 0 ? '' : `${kept.join('\n')}\n` }).where('job_id', '=', row.job_id).where('seq', '=', row.seq).execute();
      removedLines.set(row.job_id, (removedLines.get(row.job_id) ?? 0) + lines.length - kept.length);
    }
    // An export's operation counts its lines (`result.lines`): the count follows the lines that went.
    for (const [jobId, removed] of removedLines) {
      if (removed > 0) await this.db.updateTable('jobs').set((eb) => ({ imports: eb('imports', '-', removed) })).where('id', '=', jobId).execute();
    }
    return lastKeyOf(rows, page, (row) => [row.job_id, row.seq]);
  }

  /** Job results: a result that names the user becomes DELETED_ITEM, or, of a summary batch, the deletion's error line. */
  private async results(page: Page | undefined) {
    const rows = await this.db
      .selectFrom('job_result_rows')
      .innerJoin('jobs', 'jobs.id', 'job_result_rows.job_id')
      .select(['job_result_rows.job_id', 'job_result_rows.ok', 'job_result_rows.first_index', 'job_result_rows.results', 'jobs.kind'])
      .where(this.covered('job_result_rows.job_id', true))
      .where(holdsPiece(this.dialect, 'job_result_rows.results', this.pieces))
      .$if(page?.after !== undefined, (query) => query.where(keyAfter(['job_result_rows.job_id', 'job_result_rows.ok', 'job_result_rows.first_index'], page?.after ?? [])))
      .orderBy('job_result_rows.job_id')
      .orderBy('job_result_rows.ok')
      .orderBy('job_result_rows.first_index')
      .$if(page !== undefined, (query) => query.limit(page?.limit ?? 0))
      .$if(this.dialect.rowLocks, (query) => query.forUpdate('job_result_rows'))
      .execute();
    // A summary batch's results are JSONL lines: one of them becomes an error line, still a line.
    const replacement = (kind: string, index: number, result: JsonValue): JsonValue => {
      if (kind !== 'summary_batch') return DELETED_ITEM;
      const run = (result as { run?: JsonValue } | null)?.run;
      return deletedResultLine(index, run === undefined || this.names(run) ? undefined : run);
    };
    for (const row of rows) {
      const entries = JSON.parse(row.results) as [number, JsonValue][];
      const named = entries.map(([, result]) => this.names(result));
      if (!named.includes(true)) continue;
      const after = JSON.stringify(entries.map(([index, result], at) => [index, named[at] === true ? replacement(row.kind, index, result) : result]));
      await this.db
        .updateTable('job_result_rows')
        .set({ results: after })
        .where('job_id', '=', row.job_id)
        .where('ok', '=', row.ok)
        .where('first_index', '=', row.first_index)
        .execute();
    }
    return lastKeyOf(rows, page, (row) => [row.job_id, row.ok, row.first_index]);
  }
}

/**
 * Rewrites batch items and results, and export lines, of the organisation's jobs that name one of
 * `users` (names-user.ts): every such row (of the jobs `since` covers, when given). The rows are read locked, in
 * one order (where rows lock): two deletions of users who share a row (an export of both, a batch
 * naming both) rewrite it one after the other, the second from what the first left; read
 * unlocked, the second would write back the first one's user.
 */
export async function scrubJobRows(db: Kysely<Database>, dialect: StoreDialect, orgId: string, users: DeletedUsers, since?: JobsSince): Promise<void> {
  // The jobs created since are read first, by their marks' index: few, where the organisation's
  // jobs may be many, and a list every table's read then takes by its key.
  const created =
    since === undefined ? [] : await db.selectFrom('jobs').select('id').where('org_id', '=', orgId).where('created_mark', '>=', since.mark).where('kind', '!=', 'user_deletion').execute();
  const only = since === undefined ? undefined : [...new Set([...since.running, ...created.map((row) => row.id)])];
  const scrub = new JobRowsScrub(db, dialect, orgId, users, only);
  for (const table of TABLES) await scrub.table(table);
}

/**
 * Rewrites up to `limit` rows of each table of those scrubJobRows would, from `cursor` on (from the
 * start without one), as it does; the cursor to go on from, or undefined when no row is left past it. A row
 * written behind the cursor after it passed is left to a scrub of every row (the deletion's last
 * step).
 */
export async function scrubJobRowsStep(
  db: Kysely<Database>,
  dialect: StoreDialect,
  orgId: string,
  users: DeletedUsers,
  cursor: ScrubCursor | undefined,
  limit = ROWS_PER_SCRUB_STEP,
): Promise<ScrubCursor | undefined> {
  const scrub = new JobRowsScrub(db, dialect, orgId, users);
  for (const table of TABLES.slice(cursor === undefined ? 0 : TABLES.indexOf(cursor.table))) {
    const after = await scrub.table(table, { after: cursor?.table === table ? cursor.after : undefined, limit });
    if (after !== undefined) return { table, after };
  }
  return undefined;
}

/**
 * Moves the position of each export of a search of the organisation that stands at a session of
 * the deleted users (`userIds`, whose sessions are gone: the deletion's last step) off it (see
 * searchCursorOff). A position is a page cursor, base64 JSON: no scrub of the text finds the
 * session id it holds.
 */
export async function moveExportPositions(db: Kysely<Database>, dialect: StoreDialect, orgId: string, userIds: readonly string[]): Promise<void> {
  const rows = await db
    .selectFrom('job_items')
    .innerJoin('jobs', 'jobs.id', 'job_items.job_id')
    .select(['job_items.job_id', 'job_items.item_index', 'job_items.item'])
    .where('jobs.org_id', '=', orgId)
    .where('jobs.kind', '=', 'export')
    .where('job_items.item_index', '=', 0)
    .orderBy('job_items.job_id')
    .$if(dialect.rowLocks, (query) => query.forUpdate('job_items'))
    .execute();
  const names = (sessionId: string) => userIds.some((id) => sessionId.startsWith(`${id}:`));
  for (const row of rows) {
    const [state] = JSON.parse(row.item) as [{ type?: unknown; after?: unknown } | null];
    if (state === null || typeof state !== 'object' || state.type !== 'search' || typeof state.after !== 'string') continue;
    const after = await searchCursorOff(db, dialect, orgId, state.after, { names, userIds });
    if (after !== undefined) await db.updateTable('job_items').set({ item: JSON.stringify([{ ...state, after }]) }).where('job_id', '=', row.job_id).where('item_index', '=', 0).execute();
  }
}

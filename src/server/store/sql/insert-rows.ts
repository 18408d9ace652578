// Many rows of one table in few statements, for both dialects: multi-row INSERT ... VALUES, as
// many rows per statement as stay under both databases' limits on parameters (SQLite 32,766,
// PostgreSQL 65,535). Plain parameters beat arrays (unnest) on PostgreSQL: nothing to escape.
// The statement's text depends only on the table, the columns and the row count, so it is compiled
// once per shape (compiling a 1,000-row INSERT costs Kysely milliseconds) and prepared once per
// connection by the driver. Where the database allows it (StoreDialect#reusesParameters), columns
// that every row has the same value in (`shared`: the organisation, the time) are sent once.

import { CompiledQuery, type Insertable, type Kysely } from 'kysely';
import type { Database } from './database.js';
import type { StoreDialect } from './store-dialect.js';

const PARAMETERS_PER_INSERT = 30_000;
/** Compiled texts kept (the shapes of a busy server are few: full chunks and their tails). */
const SHAPES_KEPT = 64;

const compiled = new Map<string, string>();

/**
 * Inserts `rows` (all with the same columns) in the order given. `shared` names columns whose
 * value may be the same in every row: sent once when it is and the dialect allows it.
 */
export async function insertRows<Table extends keyof Database & string>(
  db: Kysely<Database>,
  dialect: Pick<StoreDialect, 'kind' | 'reusesParameters'>,
  table: Table,
  rows: readonly Insertable<Database[Table]>[],
  options: { readonly shared?: readonly string[] } = {},
): Promise<void> {
  const first = rows[0] as Record<string, unknown> | undefined;
  if (first === undefined) return;
  const columns = Object.keys(first);
  const shared = dialect.reusesParameters ? (options.shared ?? []).filter((column) => rows.every((row) => (row as Record<string, unknown>)[column] === first[column])) : [];
  const own = columns.filter((column) => !shared.includes(column));
  const perStatement = Math.max(1, Math.floor(PARAMETERS_PER_INSERT / Math.max(1, own.length)));
  for (let start = 0; start < rows.length; start += perStatement) {
    const part = rows.slice(start, start + perStatement) as Record<string, unknown>[];
    const shape = `${dialect.kind}\n${table}\n${columns.join(',')}\n${shared.join(',')}\n${part.length}`;
    let text = compiled.get(shape);
    if (text === undefined) {
      text = shared.length === 0 ? db.insertInto(table).values(part as never).compile().sql : numberedInsert(table, columns, shared, part.length);
      if (compiled.size >= SHAPES_KEPT) compiled.delete(compiled.keys().next().value as string);
      compiled.set(shape, text);
    }
    // Numbered as both texts number them: the shared values first, then row by row, column by column.
    const parameters: unknown[] = new Array(shared.length + part.length * own.length);
    let next = 0;
    for (const column of shared) parameters[next++] = first[column];
    for (const row of part) for (const column of own) parameters[next++] = row[column];
    await db.executeQuery(CompiledQuery.raw(text, parameters));
  }
}

/** PostgreSQL's INSERT of `count` rows where each `shared` column is one parameter used in every row. */
function numberedInsert(table: string, columns: readonly string[], shared: readonly string[], count: number): string {
  const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
  let next = shared.length;
  const tuples: string[] = new Array(count);
  for (let row = 0; row < count; row++) {
    tuples[row] = `(${columns.map((column) => (shared.includes(column) ? `$${shared.indexOf(column) + 1}` : `$${++next}`)).join(', ')})`;
  }
  return `insert into ${quote(table)} (${columns.map(quote).join(', ')}) values ${tuples.join(', ')}`;
}

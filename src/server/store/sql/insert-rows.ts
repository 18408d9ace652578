// Many rows of one table in few statements, for both dialects: multi-row INSERT ... VALUES, as
// many rows per statement as stay under both databases' limits on parameters (SQLite 32,766,
// PostgreSQL 65,535). Plain parameters beat arrays (unnest) on PostgreSQL: nothing to escape.
// The statement's text depends only on the table, the columns and the row count, so it is compiled
// once per shape (compiling a 1,000-row INSERT costs Kysely milliseconds) and prepared once per
// connection by the driver.

import { CompiledQuery, type Insertable, type Kysely } from 'kysely';
import type { Database } from './database.js';

const PARAMETERS_PER_INSERT = 30_000;
/** Compiled texts kept (the shapes of a busy server are few: full chunks and their tails). */
const SHAPES_KEPT = 64;

const compiled = new Map<string, string>();

/** Inserts `rows` (all with the same columns) in the order given; `label` tells dialects apart in the cache. */
export async function insertRows<Table extends keyof Database & string>(
  db: Kysely<Database>,
  label: string,
  table: Table,
  rows: readonly Insertable<Database[Table]>[],
): Promise<void> {
  const first = rows[0];
  if (first === undefined) return;
  const columns = Object.keys(first);
  const perStatement = Math.max(1, Math.floor(PARAMETERS_PER_INSERT / columns.length));
  for (let start = 0; start < rows.length; start += perStatement) {
    const part = rows.slice(start, start + perStatement) as Record<string, unknown>[];
    const shape = `${label}\n${table}\n${columns.join(',')}\n${part.length}`;
    let text = compiled.get(shape);
    if (text === undefined) {
      // Kysely's types cannot follow a table chosen at run time; the rows are typed by the caller.
      text = db.insertInto(table).values(part as never).compile().sql;
      if (compiled.size >= SHAPES_KEPT) compiled.delete(compiled.keys().next().value as string);
      compiled.set(shape, text);
    }
    // Kysely numbers the parameters row by row, column by column.
    const parameters: unknown[] = new Array(part.length * columns.length);
    let next = 0;
    for (const row of part) for (const column of columns) parameters[next++] = row[column];
    await db.executeQuery(CompiledQuery.raw(text, parameters));
  }
}

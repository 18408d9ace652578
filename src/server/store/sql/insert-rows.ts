// Many rows of one table in few statements, for both dialects: multi-row INSERT ... VALUES, as
// many rows per statement as stay under both databases' limits on parameters (SQLite 32,766,
// PostgreSQL 65,535). Plain parameters beat arrays (unnest) on PostgreSQL: nothing to escape.
// The statement's text depends only on the table, the columns and the row count, so it is compiled
// once per shape (compiling a 1,000-row INSERT costs Kysely milliseconds) and prepared once per
// connection by the driver. Where the database allows it (StoreDialect#reusesParameters), columns
// that every row has the same value in (`shared`: the organisation, the time) are sent once.
// Where the database has it (StoreDialect#copiesRows: PostgreSQL), COPY_FROM rows or more go in by
// one `COPY ... FROM STDIN` instead, their values in COPY's text format, which costs PostgreSQL
// less work than a statement of thousands of parameters (in the 50-client ingest benchmark its
// processes kept 0.36 of a core busy instead of 0.40 to 0.45, for the same throughput; see
// docs/benchmarks.md). The same rows, in the same order, with the same checks and the same error
// for text no store keeps.

import { CompiledQuery, type Insertable, type Kysely } from 'kysely';
import { unstorableTextProblem } from '../unstorable-text.js';
import type { Database } from './database.js';
import { unstorableParameterError } from './refuse-unstorable-text.js';
import type { StoreDialect } from './store-dialect.js';

const PARAMETERS_PER_INSERT = 30_000;
/** Rows from which a dialect that copies rows copies them (fewer go in by INSERT: one statement either way). */
export const COPY_FROM = 16;
/** Compiled texts kept (the shapes of a busy server are few: full chunks and their tails). */
const SHAPES_KEPT = 64;

const compiled = new Map<string, string>();

/**
 * Inserts `rows` (all with the same columns) in the order given. `shared` names columns whose
 * value may be the same in every row: sent once when it is and the dialect allows it.
 */
export async function insertRows<Table extends keyof Database & string>(
  db: Kysely<Database>,
  dialect: Pick<StoreDialect, 'kind' | 'reusesParameters' | 'copiesRows'>,
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
  if (dialect.copiesRows && rows.length >= COPY_FROM) {
    const copied = copyText(table, columns, rows as readonly Record<string, unknown>[], { shared, own, perStatement });
    if (copied !== undefined) {
      await db.executeQuery(CompiledQuery.raw(`COPY ${quote(table)} (${columns.map(quote).join(', ')}) FROM STDIN`, [copied]));
      return;
    }
  }
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

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Characters COPY's text format escapes (a backslash starts an escape; tab and newline end a value and a row). */
const COPY_ESCAPED = /[\\\t\n\r]/;
const COPY_ESCAPES: Readonly<Record<string, string>> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/**
 * `rows` in COPY's text format (a value per column, tab-separated, a row per line, `\N` for null),
 * or undefined when a value is of a kind it does not write (the caller inserts them instead). Text
 * no store keeps is refused with the error the INSERT's parameters would have met (the same
 * parameter number), before anything is sent.
 */
function copyText(
  table: string,
  columns: readonly string[],
  rows: readonly Record<string, unknown>[],
  layout: { readonly shared: readonly string[]; readonly own: readonly string[]; readonly perStatement: number },
): string | undefined {
  const lines: string[] = new Array(rows.length);
  const values: string[] = new Array(columns.length);
  for (let index = 0; index < rows.length; index++) {
    const row = rows[index] as Record<string, unknown>;
    for (let position = 0; position < columns.length; position++) {
      const column = columns[position] as string;
      const value = row[column];
      if (value === null || value === undefined) {
        values[position] = '\\N';
      } else if (typeof value === 'number') {
        if (!Number.isFinite(value)) return undefined;
        values[position] = String(value);
      } else if (typeof value === 'string') {
        const problem = unstorableTextProblem(value);
        if (problem !== undefined) throw unstorableParameterError(parameterIndex(column, index, layout), undefined, table, problem);
        values[position] = COPY_ESCAPED.test(value) ? value.replace(/[\\\t\n\r]/g, (character) => COPY_ESCAPES[character] as string) : value;
      } else {
        return undefined;
      }
    }
    lines[index] = values.join('\t');
  }
  return `${lines.join('\n')}\n`;
}

/** The number (from 0) the INSERT of these rows would give the parameter of `column` in row `index` (see insertRows). */
function parameterIndex(column: string, index: number, layout: { readonly shared: readonly string[]; readonly own: readonly string[]; readonly perStatement: number }): number {
  const sharedAt = layout.shared.indexOf(column);
  if (sharedAt !== -1) return sharedAt;
  return layout.shared.length + (index % layout.perStatement) * layout.own.length + layout.own.indexOf(column);
}

/** PostgreSQL's INSERT of `count` rows where each `shared` column is one parameter used in every row. */
function numberedInsert(table: string, columns: readonly string[], shared: readonly string[], count: number): string {
  let next = shared.length;
  const tuples: string[] = new Array(count);
  for (let row = 0; row < count; row++) {
    tuples[row] = `(${columns.map((column) => (shared.includes(column) ? `$${shared.indexOf(column) + 1}` : `$${++next}`)).join(', ')})`;
  }
  return `insert into ${quote(table)} (${columns.map(quote).join(', ')}) values ${tuples.join(', ')}`;
}

// Refuses text no store can keep (unstorable-text.ts) before a statement reaches the database,
// whichever way it was built (query builder, raw SQL, insert-rows.ts's compiled inserts): a Kysely
// dialect whose connections check every parameter. Both stores wrap their dialect in it, so such
// text meets the same UnstorableTextError on SQLite and PostgreSQL, and a PostgreSQL transaction
// is not aborted by it (no statement failed).

import type { CompiledQuery, DatabaseConnection, Dialect, Driver, QueryResult } from 'kysely';
import { UnstorableTextError, unstorableTextProblem } from '../unstorable-text.js';

const TABLE = /\b(?:into|update|from)\s+"?([a-z_][a-z0-9_]*)"?/i;

/** The first string of `values` no store keeps: its index and the problem. */
function firstProblem(values: readonly unknown[]): { readonly index: number; readonly problem: string } | undefined {
  for (let index = 0; index < values.length; index++) {
    const value = values[index];
    const problem = typeof value === 'string' ? unstorableTextProblem(value) : undefined;
    if (problem !== undefined) return { index, problem };
  }
  return undefined;
}

const AFTER = '(the server refuses such text before it reaches the store)';

/**
 * The error for parameter `index` (from 0; `item`, from 0, of an array parameter) of a statement on
 * `table`: the words of every refusal, whether the statement was checked here or, as a COPY's rows
 * are (insert-rows.ts), value by value before it was built.
 */
export function unstorableParameterError(index: number, item: number | undefined, table: string | undefined, problem: string): UnstorableTextError {
  return new UnstorableTextError(`parameter ${index + 1}${item === undefined ? '' : `, item ${item + 1}`} of a statement on ${table ?? 'the store'} ${problem} ${AFTER}`, table);
}

/** Throws UnstorableTextError for the first parameter (or item of an array parameter) no store keeps. */
function refuseParameters(query: CompiledQuery): void {
  for (let index = 0; index < query.parameters.length; index++) {
    const value = query.parameters[index];
    const found = firstProblem(Array.isArray(value) ? value : [value]);
    if (found === undefined) continue;
    throw unstorableParameterError(index, Array.isArray(value) ? found.index : undefined, TABLE.exec(query.sql)?.[1], found.problem);
  }
}

/** Throws UnstorableTextError for the first of `values`, a list compared with `column`, no store keeps. */
export function refuseUnstorableList(values: readonly string[], column: string): void {
  const found = firstProblem(values);
  if (found !== undefined) throw new UnstorableTextError(`item ${found.index + 1} of the list for ${column} ${found.problem} ${AFTER}`, undefined);
}

const checked = (query: CompiledQuery): CompiledQuery => {
  refuseParameters(query);
  return query;
};

function refusingConnection(connection: DatabaseConnection): DatabaseConnection {
  return {
    executeQuery: async <Row>(query: CompiledQuery): Promise<QueryResult<Row>> => connection.executeQuery<Row>(checked(query)),
    streamQuery: async function* <Row>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<Row>> {
      yield* connection.streamQuery<Row>(checked(query), chunkSize);
    },
  };
}

function refusingDriver(driver: Driver): Driver {
  // One wrapper per connection: Kysely keeps the connections it was handed in a set.
  const wrappers = new WeakMap<DatabaseConnection, DatabaseConnection>();
  const inner = new WeakMap<DatabaseConnection, DatabaseConnection>();
  const unwrap = (connection: DatabaseConnection): DatabaseConnection => inner.get(connection) ?? connection;
  return {
    init: () => driver.init(),
    async acquireConnection() {
      const connection = await driver.acquireConnection();
      let wrapper = wrappers.get(connection);
      if (wrapper === undefined) {
        wrapper = refusingConnection(connection);
        wrappers.set(connection, wrapper);
        inner.set(wrapper, connection);
      }
      return wrapper;
    },
    beginTransaction: (connection, settings) => driver.beginTransaction(unwrap(connection), settings),
    commitTransaction: (connection) => driver.commitTransaction(unwrap(connection)),
    rollbackTransaction: (connection) => driver.rollbackTransaction(unwrap(connection)),
    releaseConnection: (connection) => driver.releaseConnection(unwrap(connection)),
    destroy: () => driver.destroy(),
  };
}

/** `dialect`, with every statement's parameters checked before they reach the database. */
export function refusingUnstorableText(dialect: Dialect): Dialect {
  return {
    createDriver: () => refusingDriver(dialect.createDriver()),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createAdapter: () => dialect.createAdapter(),
    createIntrospector: (db) => dialect.createIntrospector(db),
  };
}

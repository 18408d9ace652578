// Queries as named prepared statements: PostgreSQL parses and plans each text once per
// connection instead of on every call. One name per distinct text, for the whole process.

import type pg from 'pg';

const names = new Map<string, string>();

/** A pool or a transaction's client. */
export interface Queryable {
  query<Row extends pg.QueryResultRow>(config: pg.QueryConfig<unknown[]>): Promise<pg.QueryResult<Row>>;
}

export function preparedQuery(sql: string, values: readonly unknown[]): pg.QueryConfig<unknown[]> {
  let name = names.get(sql);
  if (name === undefined) {
    name = `recap_${names.size + 1}`;
    names.set(sql, name);
  }
  return { name, text: sql, values: [...values] };
}

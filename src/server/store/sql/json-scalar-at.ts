// Whether a JSON document in a column holds a scalar at a path (a session search's
// user_properties), one rule for both databases: the value's JSON text there is the scalar as
// JSON.stringify writes it, as the store's JSON always is written. Text, not the database's
// numbers: SQLite reads 1234567890123456800 (the decimal of a double past 2^53) as an exact
// integer that equals no double, and each database has its own idea of equal strings and numbers.

import { sql, type Expression, type SqlBool } from 'kysely';
import type { StoreDialect } from './store-dialect.js';

/** The JSON text in `column` holds `value` at `keys` (object keys, none holding `"`). */
export function jsonScalarAt(dialect: Pick<StoreDialect, 'jsonTextAt' | 'containsText'>, column: string, keys: readonly string[], value: string | number | boolean): Expression<SqlBool> {
  const written = JSON.stringify(value);
  // A plain substring search for `"<last key>":<value>` rules out most rows before any JSON is parsed.
  const nearby = dialect.containsText(column, `${JSON.stringify(keys.at(-1) ?? '')}:${written}`);
  return sql<SqlBool>`(${nearby} AND ${dialect.jsonTextAt(column, keys)} = ${written})`;
}

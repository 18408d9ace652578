// A better-sqlite3 connection as Kysely's SQLite driver uses it, with each statement prepared on
// first use and kept: preparing is the costly part of a small query, and the store runs the same
// few dozen queries all day (Kysely's driver would prepare on every call).

import type Database from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

export function statementCachingDatabase(database: Database.Database): SqliteDatabase {
  const statements = new Map<string, SqliteStatement>();
  return {
    prepare(sql) {
      let statement = statements.get(sql);
      if (statement === undefined) {
        statement = database.prepare<unknown[], unknown>(sql) as unknown as SqliteStatement;
        statements.set(sql, statement);
      }
      return statement;
    },
    close() {
      database.close();
    },
  };
}

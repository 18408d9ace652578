// Prepared statements of one SQLite connection, prepared on first use and kept: preparing is the
// costly part of a small query, and the store runs the same few dozen queries all day.

import type Database from 'better-sqlite3';

export type SqliteStatement = Database.Statement<unknown[], unknown>;

export class StatementCache {
  readonly database: Database.Database;
  readonly #statements = new Map<string, SqliteStatement>();

  constructor(database: Database.Database) {
    this.database = database;
  }

  get(sql: string): SqliteStatement {
    let statement = this.#statements.get(sql);
    if (statement === undefined) {
      statement = this.database.prepare<unknown[], unknown>(sql);
      this.#statements.set(sql, statement);
    }
    return statement;
  }
}

// docs/deployment.md tells operators which schema version each store is at and what every version
// did: a migration added without its row there leaves them guessing what an upgrade changes.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { postgresMigrations } from './postgres-migrations.js';
import { sqliteMigrations } from './sqlite-migrations.js';

const page = readFileSync(path.resolve(import.meta.dirname, '../../../../docs/deployment.md'), 'utf8');

describe('docs/deployment.md and the migrations', () => {
  it('names the latest schema version of each store', () => {
    const stated = /Today's schema is version (\d+) on\s+SQLite and version (\d+) on PostgreSQL/.exec(page);
    expect(stated?.slice(1).map(Number)).toEqual([sqliteMigrations.length, postgresMigrations.length]);
    expect(sqliteMigrations.map((migration) => migration.version)).toEqual(sqliteMigrations.map((_, index) => index + 1));
    expect(postgresMigrations.map((migration) => migration.version)).toEqual(postgresMigrations.map((_, index) => index + 1));
  });

  it('has a row for every version, with a cell for each store that has it', () => {
    const rows = [...page.matchAll(/^\| (\d+) \| (.+?) \| (.+) \|$/gm)].map((row) => ({ version: Number(row[1]), sqlite: row[2]?.trim(), postgres: row[3]?.trim() }));
    const last = Math.max(sqliteMigrations.length, postgresMigrations.length);
    expect(rows.map((row) => row.version)).toEqual(Array.from({ length: last }, (_, index) => index + 1));
    for (const row of rows) {
      expect(row.sqlite === '–', `SQLite version ${row.version}`).toBe(row.version > sqliteMigrations.length);
      expect(row.postgres === '–', `PostgreSQL version ${row.version}`).toBe(row.version > postgresMigrations.length);
    }
  });
});

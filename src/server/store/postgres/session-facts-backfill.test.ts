import pg from 'pg';
import { afterAll, describe, expect, test } from 'vitest';
import { sessionSearch } from '../migrations/postgres/008-session-search.js';
import { postgresMigrations } from '../migrations/postgres-migrations.js';
import { expectSessionFactsBackfilled, SESSIONS_BEFORE_SEARCH_SQL } from '../test-support/expect-session-facts-backfill.js';
import { createPostgresStore } from './create-postgres-store.js';

const url = process.env['RECAP_TEST_DATABASE_URL'];

// postgres-store.test.ts says how to run the PostgreSQL tests when no server is set.
describe.skipIf(url === undefined || url === '')('PostgreSQL session search migration', () => {
  const schema = `recap_test_backfill_${process.pid}_${Date.now().toString(36)}`;
  afterAll(async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await client.end();
  });

  test('computes the facts of the sessions already stored, with the server events that joined them; url_contains has its trigram index', async () => {
    // The schema as it was before the search facts (later migrations too would mark it newer).
    const before = postgresMigrations.filter((migration) => migration.version < sessionSearch.version);
    await (await createPostgresStore({ connectionString: url ?? '', schema, dataCenter: 'na1', migrations: before })).close();
    const pool = new pg.Pool({ connectionString: url, options: `-c search_path=${schema}` });
    try {
      await pool.query(SESSIONS_BEFORE_SEARCH_SQL);
      const store = await createPostgresStore({ connectionString: url ?? '', schema, dataCenter: 'na1' });
      try {
        await expectSessionFactsBackfilled(store);
        expect(await store.checkReady()).toEqual({ ready: true });
      } finally {
        await store.close();
      }
      // The throwaway server of the tests has pg_trgm (Debian's server package ships it).
      const indexes = await pool.query<{ indexname: string }>('SELECT indexname FROM pg_indexes WHERE schemaname = $1 AND tablename = $2', [schema, 'session_facts']);
      expect(indexes.rows.map((row) => row.indexname)).toContain('session_facts_by_url');
    } finally {
      await pool.end();
    }
  });
});

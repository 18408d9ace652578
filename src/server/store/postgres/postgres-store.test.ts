import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, test } from 'vitest';
import { expectVersionOneData, VERSION_ONE_MERGES_SQL } from '../test-support/expect-version-one-data.js';
import { at, job, organisation, user } from '../test-support/store-fixtures.js';
import type { Migration } from '../migrations/migration.js';
import { postgresMigrations } from '../migrations/postgres-migrations.js';
import { openStores } from '../open-stores.js';
import { describeStoreContract } from '../store-contract.js';
import { TransactionMisuseError } from '../transaction-scope.js';
import { migrateStore } from '../migrations/migrate-store.js';
import { createPostgresStore } from './create-postgres-store.js';
import { PostgresConfigurationError, postgresConnection } from './postgres-connection.js';
import { postgresDialect } from './postgres-dialect.js';

/** Migrates a schema as the store does when it opens; returns the versions applied. */
async function migratePostgres(url: string, migrations: readonly Migration[], options: { readonly schema: string }): Promise<number[]> {
  const dialect = postgresDialect(postgresConnection(url, { schema: options.schema }));
  try {
    return await migrateStore(dialect, migrations);
  } finally {
    await dialect.close();
  }
}

async function postgresSchemaVersion(pool: pg.Pool): Promise<number> {
  const result = await pool.query<{ version: number | null }>('SELECT max(version) AS version FROM schema_migrations');
  return result.rows[0]?.version ?? 0;
}

const databaseUrl = process.env['RECAP_TEST_DATABASE_URL'];

if (databaseUrl === undefined || databaseUrl === '') {
  describe('PostgreSQL store', () => {
    test('needs a PostgreSQL server', () => {
      throw new Error(
        'RECAP_TEST_DATABASE_URL is not set. Run the PostgreSQL store tests with a throwaway server:\n' +
          '  bash scripts/with-postgres.sh npx vitest run src/server/store\n' +
          'or point RECAP_TEST_DATABASE_URL at a database you can create schemas in (postgres://user@host:port/database).',
      );
    });
  });
} else {
  describePostgresStore(databaseUrl);
}

function describePostgresStore(url: string): void {
  // Every store gets its own schema, so that tests (and test runs) never see each other's rows.
  const schemas: string[] = [];
  const newSchema = (): string => {
    const schema = `recap_test_${process.pid}_${Date.now().toString(36)}_${schemas.length}`;
    schemas.push(schema);
    return schema;
  };
  const withSchema = (schema: string): string => {
    const withParameter = new URL(url);
    withParameter.searchParams.set('schema', schema);
    return withParameter.toString();
  };
  afterAll(async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      for (const schema of schemas) await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    } finally {
      await client.end();
    }
  });

  describeStoreContract('PostgreSQL', () => createPostgresStore({ connectionString: url, schema: newSchema(), dataCenter: 'na1' }));

  /** A migration only tests know: it shows an older schema being brought forward. */
  const newest = postgresMigrations.length;
  const versions = Array.from({ length: newest }, (_, index) => index + 1);
  const addNotes: Migration = { version: newest + 1, name: 'add-notes', sql: 'CREATE TABLE notes (id text PRIMARY KEY, body text NOT NULL);' };

  describe('PostgreSQL store', () => {
    test('?schema= in the URL puts the tables in that schema; stores in two schemas of one database are separate', async () => {
      const [first, second] = [newSchema(), newSchema()];
      const na1 = await createPostgresStore({ connectionString: withSchema(first), dataCenter: 'na1' });
      const eu1 = await createPostgresStore({ connectionString: withSchema(second), dataCenter: 'eu1' });
      try {
        expect(na1).toMatchObject({ kind: 'postgres', dataCenter: 'na1' });
        await na1.transaction((writer) => writer.createOrganisation(organisation('org-na')));
        expect(await na1.findOrganisation('org-na')).toBeDefined();
        expect(await eu1.findOrganisation('org-na')).toBeUndefined();
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        const tables = await client.query<{ schema: string }>("SELECT table_schema AS schema FROM information_schema.tables WHERE table_name = 'organisations' AND table_schema = ANY($1)", [[first, second]]);
        await client.end();
        expect(tables.rows.map((row) => row.schema).sort()).toEqual([first, second].sort());
      } finally {
        await Promise.all([na1.close(), eu1.close()]);
      }
    });

    test('a schema name that is not a plain lowercase identifier is refused with PostgresConfigurationError', async () => {
      await expect(createPostgresStore({ connectionString: url, schema: 'Robert"; DROP TABLE x', dataCenter: 'na1' })).rejects.toBeInstanceOf(PostgresConfigurationError);
      await expect(createPostgresStore({ connectionString: 'not a url', dataCenter: 'na1' })).rejects.toMatchObject({ code: 'invalid_database_url' });
    });

    test('migrations bring a version 1 schema to the newest version, keep its data, and run once', async () => {
      const schema = newSchema();
      const old = await createPostgresStore({ connectionString: url, schema, dataCenter: 'na1', migrations: postgresMigrations.slice(0, 1) });
      await old.transaction((writer) => writer.createOrganisation(organisation('org-1')));
      await old.close();

      const pool = new pg.Pool({ connectionString: url, options: `-c search_path=${schema}` });
      try {
        expect(await postgresSchemaVersion(pool)).toBe(1);
        // Version 1 kept one row per batch result.
        await pool.query(`INSERT INTO jobs (id, org_id, kind, status, created, total, cursor, imports, errors) VALUES ('job-1', 'org-1', 'events', 'COMPLETED', 'x', 3, 3, 2, 1);
          INSERT INTO job_results (job_id, item_index, ok, result) VALUES ('job-1', 0, true, '{"id":"e-0"}'), ('job-1', 1, false, '{"code":"invalid_request"}'), ('job-1', 2, true, '"e-2"');`);
        await pool.query(VERSION_ONE_MERGES_SQL);
        expect(await migratePostgres(url, [...postgresMigrations, addNotes], { schema })).toEqual([...versions.slice(1), newest + 1]);
        expect(await migratePostgres(url, [...postgresMigrations, addNotes], { schema })).toEqual([]);
        expect((await pool.query('SELECT version FROM schema_migrations ORDER BY version')).rows).toEqual([...versions, newest + 1].map((version) => ({ version })));
        expect((await pool.query('SELECT count(*)::integer AS notes FROM notes')).rows).toEqual([{ notes: 0 }]);
      } finally {
        await pool.end();
      }
      const reopened = await createPostgresStore({ connectionString: url, schema, dataCenter: 'na1', migrations: [...postgresMigrations, addNotes] });
      await expectVersionOneData(reopened);
      await reopened.close();
    });

    test("a user deletion removes the answer an Idempotency-Key saved in a request that held the user's row while the deletion's last step ran", async () => {
      const store = await createPostgresStore({ connectionString: url, schema: newSchema(), dataCenter: 'na1' });
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await store.transaction(async (writer) => {
          await writer.createOrganisation(organisation('org-1'));
          await writer.insertUser(user('user-1', { orgId: 'org-1', uid: 'canary-uid' }));
          await writer.createJob(job('job-deletion', { orgId: 'org-1', kind: 'user_deletion', total: 1 }), [{ user_id: 'user-1' }]);
        });
        const claim = (token: string) =>
          store.transaction((writer) => writer.claimIdempotencyKey('org-1', 'create-canary', { fingerprint: 'POST /v2/users', now: at(100), expiresBefore: at(0), token, leaseMs: 30_000 }));
        expect(await claim('request')).toEqual({ state: 'claimed', takeover: false });
        // The request (POST /v2/users) updates the user and saves its answer, then holds its transaction open.
        let written!: () => void;
        const wrote = new Promise<void>((resolve) => (written = resolve));
        let release!: () => void;
        const released = new Promise<void>((resolve) => (release = resolve));
        const request = store.transaction(async (writer) => {
          await writer.updateUser(user('user-1', { orgId: 'org-1', uid: 'canary-uid', properties: { plan: 'pro' } }));
          expect(await writer.completeIdempotencyKey('org-1', 'create-canary', { token: 'request', status: 200, body: JSON.stringify({ id: 'user-1', uid: 'canary-uid' }) })).toBe(true);
          written();
          await released;
        });
        await wrote;
        const deletion = store.transaction((writer) => writer.deleteUserDataStep('org-1', 'job-deletion'));
        // The deletion's last step waits for the user's row, which the request holds (it locks the row first).
        for (;;) {
          const waiting = await client.query<{ n: number }>("SELECT count(*)::integer AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE 'select \"id\", \"uid\", \"email\", \"properties\" from \"users\"%'");
          if ((waiting.rows[0]?.n ?? 0) > 0) break;
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        release();
        await request;
        expect(await deletion).toBe(true);
        expect(await store.findUser('org-1', 'user-1')).toBeUndefined();
        // Nothing was saved under the key any more: the same request executes anew.
        expect(await claim('retry')).toEqual({ state: 'claimed', takeover: false });
      } finally {
        await client.end();
        await store.close();
      }
    });

    test('stores opening one new schema at once apply each migration exactly once', async () => {
      const schema = newSchema();
      const stores = await Promise.all(Array.from({ length: 5 }, () => createPostgresStore({ connectionString: url, schema, dataCenter: 'na1' })));
      await Promise.all(stores.map((store) => store.close()));
      const pool = new pg.Pool({ connectionString: url, options: `-c search_path=${schema}` });
      try {
        expect((await pool.query('SELECT version FROM schema_migrations')).rows).toEqual(postgresMigrations.map((migration) => ({ version: migration.version })));
      } finally {
        await pool.end();
      }
    });

    test('a failing migration is rolled back whole and reported with StoreMigrationError', async () => {
      const schema = newSchema();
      const broken: Migration = { version: newest + 1, name: 'broken', sql: 'CREATE TABLE half (id text); INSERT INTO missing VALUES (1);' };
      await expect(createPostgresStore({ connectionString: url, schema, dataCenter: 'na1', migrations: [...postgresMigrations, broken] })).rejects.toMatchObject({
        code: 'migration_failed',
        version: newest + 1,
      });
      const pool = new pg.Pool({ connectionString: url, options: `-c search_path=${schema}` });
      try {
        expect(await postgresSchemaVersion(pool)).toBe(newest);
        expect((await pool.query("SELECT to_regclass('half') AS half")).rows).toEqual([{ half: null }]);
      } finally {
        await pool.end();
      }
    });

    test('a database error caught inside the work fails the transaction at commit instead of committing half of it', async () => {
      const store = await createPostgresStore({ connectionString: url, schema: newSchema(), dataCenter: 'na1' });
      try {
        await store.transaction((writer) => writer.createOrganisation(organisation('org-1')));
        const outcome = store.transaction(async (writer) => {
          await writer.insertUser(user('user-1', { orgId: 'org-1' }));
          await writer.insertUser(user('user-2', { orgId: 'no-such-org' })).catch(() => undefined);
        });
        await expect(outcome).rejects.toBeInstanceOf(TransactionMisuseError);
        expect(await store.findUser('org-1', 'user-1')).toBeUndefined();
      } finally {
        await store.close();
      }
    });

    test('admitting only known names never waits for a transaction that is admitting new ones or refreshing the same names', async () => {
      const store = await createPostgresStore({ connectionString: url, schema: newSchema(), dataCenter: 'na1' });
      const options = { limit: 10, now: '2026-11-01T00:00:10.000Z', retentionCutoff: '2026-11-01T00:00:00.000Z' };
      try {
        await store.transaction(async (writer) => {
          await writer.createOrganisation(organisation('org-1'));
          await writer.admitNames('org-1', 'event_name', ['a', 'b'], options);
        });
        let release!: () => void;
        const gate = new Promise<void>((resolve) => {
          release = resolve;
        });
        let holding!: () => void;
        const held = new Promise<void>((resolve) => {
          holding = resolve;
        });
        const holder = store.transaction(async (writer) => {
          await writer.admitNames('org-1', 'event_name', ['b', 'a', 'new'], { ...options, now: '2026-11-01T00:00:20.000Z' });
          holding();
          await gate;
        });
        await held;
        const rejected = await Promise.race([
          store.transaction((writer) => writer.admitNames('org-1', 'event_name', ['a', 'b'], { ...options, now: '2026-11-01T00:00:21.000Z' })),
          new Promise<'waited'>((resolve) => setTimeout(() => resolve('waited'), 2_000)),
        ]);
        release();
        await holder;
        expect(rejected).toEqual([]);
      } finally {
        await store.close();
      }
    });

    test('checkReady names a migration this code knows that the schema lacks', async () => {
      const schema = newSchema();
      const store = await createPostgresStore({ connectionString: url, schema, dataCenter: 'na1', migrations: [...postgresMigrations, addNotes] });
      const pool = new pg.Pool({ connectionString: url, options: `-c search_path=${schema}` });
      try {
        expect(await store.checkReady()).toEqual({ ready: true });
        await pool.query('DELETE FROM schema_migrations WHERE version = $1', [newest + 1]);
        expect(await store.checkReady()).toEqual({ ready: false, reason: `the PostgreSQL database of na1 lacks migration ${newest + 1} (add-notes)` });
      } finally {
        await pool.end();
        await store.close();
      }
    });

    test('checkReady answers not ready while the database refuses connections, without naming the host, user or password', async () => {
      const database = `recap_ready_${process.pid}_${Date.now().toString(36)}`;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      try {
        await admin.query(`CREATE DATABASE ${database}`);
        const withPassword = new URL(url);
        withPassword.username = 'postgres';
        withPassword.password = 's3cret-pass';
        withPassword.pathname = `/${database}`;
        const store = await createPostgresStore({ connectionString: withPassword.toString(), dataCenter: 'eu1' });
        try {
          expect(await store.checkReady()).toEqual({ ready: true });
          await admin.query(`ALTER DATABASE ${database} ALLOW_CONNECTIONS false`);
          await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [database]);
          const readiness = await store.checkReady();
          expect(readiness).toMatchObject({ ready: false, reason: expect.stringMatching(/^the PostgreSQL database of eu1 cannot be reached/) });
          const reason = readiness.ready ? '' : readiness.reason;
          for (const secret of ['s3cret-pass', 'postgres', withPassword.hostname, withPassword.port, database]) expect(reason).not.toContain(secret);
          await admin.query(`ALTER DATABASE ${database} ALLOW_CONNECTIONS true`);
          // A pooled connection the server ended may be met once more before it is discarded.
          let again = await store.checkReady();
          for (let attempt = 0; attempt < 5 && !again.ready; attempt++) again = await store.checkReady();
          expect(again).toEqual({ ready: true });
        } finally {
          await store.close();
        }
      } finally {
        await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
        await admin.end();
      }
    });

    test('openStores uses PostgreSQL for a data center whose RECAP_<DC>_DATABASE_URL is set, SQLite for the other', async () => {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'recap-open-stores-'));
      const stores = await openStores({ dataDir, env: { RECAP_EU1_DATABASE_URL: withSchema(newSchema()) } });
      try {
        expect(stores.eu1).toMatchObject({ kind: 'postgres', dataCenter: 'eu1' });
        expect(stores.na1).toMatchObject({ kind: 'sqlite', dataCenter: 'na1' });
      } finally {
        await Promise.all([stores.na1.close(), stores.eu1.close()]);
        await rm(dataDir, { recursive: true, force: true });
      }
    });
  });
}

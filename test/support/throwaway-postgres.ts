// Fresh PostgreSQL schemas of RECAP_TEST_DATABASE_URL (scripts/with-postgres.sh sets it) for the
// stores of both data centers: what a test server or several `recap serve` processes share.

import pg from 'pg';

let counter = 0;

/** Schemas of RECAP_TEST_DATABASE_URL (or of `server`) for both data centers, shared by every process given `env`. */
export function throwawayPostgres(label: string, server?: string): { env: Record<string, string>; drop(): Promise<void> } {
  const url = server ?? process.env.RECAP_TEST_DATABASE_URL;
  if (url === undefined || url === '') {
    throw new Error('RECAP_TEST_DATABASE_URL is not set: run these tests with a throwaway PostgreSQL server (bash scripts/with-postgres.sh npx vitest run ...)');
  }
  const schemas = ['na1', 'eu1'].map((dataCenter) => `recap_${label}_${process.pid}_${Date.now().toString(36)}_${counter++}_${dataCenter}`);
  const withSchema = (schema: string) => {
    const target = new URL(url);
    target.searchParams.set('schema', schema);
    return target.toString();
  };
  return {
    env: { RECAP_NA1_DATABASE_URL: withSchema(schemas[0] as string), RECAP_EU1_DATABASE_URL: withSchema(schemas[1] as string) },
    async drop() {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        for (const schema of schemas) await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      } finally {
        await client.end();
      }
    },
  };
}

// The PostgreSQL server of the benchmarks: RECAP_BENCH_DATABASE_URL when set (a server you own),
// else a throwaway cluster with PostgreSQL's durable defaults (scripts/throwaway-postgres.sh
// --durable: fsync and synchronous_commit on, unlike the test clusters), which lives as long as
// the pipe to its stdin, so it ends with this process however that ends.

import { spawn } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';

export interface BenchPostgres {
  /** A URL of a new, empty schema (`?schema=`), dropped by `close`. */
  newSchemaUrl(): string;
  /** Writes every dirty page to disk (`CHECKPOINT`), so that the next measurement starts on a quiet server. */
  checkpoint(): Promise<void>;
  close(): Promise<void>;
}

const root = path.resolve(import.meta.dirname, '..');

async function throwawayCluster(): Promise<{ url: string; stop: () => Promise<void> }> {
  const child = spawn('bash', [path.join(root, 'scripts/throwaway-postgres.sh'), '--durable'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const line = output.split('\n')[0];
      if (output.includes('\n') && line !== undefined) resolve(line.trim());
    });
    child.once('exit', (code) => reject(new Error(`scripts/throwaway-postgres.sh exited with ${code} before printing its URL`)));
  });
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.stdin.end();
      }),
  };
}

export async function startBenchPostgres(): Promise<BenchPostgres> {
  const own = process.env.RECAP_BENCH_DATABASE_URL;
  const cluster = own === undefined || own === '' ? await throwawayCluster() : { url: own, stop: async () => undefined };
  const schemas: string[] = [];
  return {
    newSchemaUrl() {
      const schema = `recap_bench_${process.pid}_${schemas.length}`;
      schemas.push(schema);
      const url = new URL(cluster.url);
      url.searchParams.set('schema', schema);
      return url.toString();
    },
    async checkpoint() {
      const client = new pg.Client({ connectionString: cluster.url });
      await client.connect();
      try {
        // Autovacuum of what the previous measurement inserted would run during the next one.
        const began = Date.now();
        for (;;) {
          const { rows } = await client.query<{ count: string }>("SELECT count(*) FROM pg_stat_activity WHERE backend_type = 'autovacuum worker'");
          if (Number(rows[0]?.count) === 0 || Date.now() - began > 120_000) break;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        await client.query('CHECKPOINT');
      } finally {
        await client.end();
      }
    },
    async close() {
      if (own !== undefined && own !== '') {
        const client = new pg.Client({ connectionString: cluster.url });
        await client.connect();
        try {
          for (const schema of schemas) await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
        } finally {
          await client.end();
        }
      }
      await cluster.stop();
    },
  };
}

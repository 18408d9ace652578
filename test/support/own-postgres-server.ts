// A PostgreSQL server of a test's own (scripts/throwaway-postgres.sh: a cluster in a temp dir on a
// free loopback port), for tests that stop the database under a running server. It lives as long
// as the pipe to its script's stdin, so it ends with the test process however that ends.

import { spawn } from 'node:child_process';
import path from 'node:path';

export interface OwnPostgresServer {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  readonly url: string;
  /** Stops the server at once (pg_ctl -m immediate) and removes its files. */
  stop(): Promise<void>;
}

const root = path.resolve(import.meta.dirname, '../..');

export async function startOwnPostgres(): Promise<OwnPostgresServer> {
  const child = spawn('bash', [path.join(root, 'scripts/throwaway-postgres.sh')], { stdio: ['pipe', 'pipe', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const newline = output.indexOf('\n');
      if (newline >= 0) resolve(output.slice(0, newline).trim());
    });
    child.once('exit', (code) => reject(new Error(`scripts/throwaway-postgres.sh exited with ${code} before printing its URL`)));
  });
  return {
    url,
    async stop() {
      child.stdin.end();
      await exited;
    },
  };
}

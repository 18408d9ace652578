import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StoreUnavailableError } from '../store.js';
import { postgresConnection } from './postgres-connection.js';
import { createPostgresPool } from './postgres-pool.js';

describe('postgresConnection', () => {
  it('waits 10 seconds for a connection unless the URL sets connect_timeout, which leaves the URL', () => {
    expect(postgresConnection('postgres://u@db.example/recap', {}).pool).toMatchObject({ connectionTimeoutMillis: 10_000, keepAlive: true });
    const pool = postgresConnection('postgres://u@db.example/recap?connect_timeout=3&sslmode=require', {}).pool;
    expect(pool.connectionTimeoutMillis).toBe(3_000);
    expect(pool.connectionString).toBe('postgres://u@db.example/recap?sslmode=require');
  });

  it.each(['0', '-1', '2.5', 'ten', ''])('refuses connect_timeout=%j, naming it', (value) => {
    expect(() => postgresConnection(`postgres://u@db.example/recap?connect_timeout=${value}`, {})).toThrow(/connect_timeout must be a whole number of seconds/);
  });
});

// A database that accepts connections and never answers (a host whose PostgreSQL hangs, a proxy in
// front of nothing): a request gets a StoreUnavailableError once connect_timeout has passed.
describe('a database that never answers', () => {
  let silent: Server;
  let port = 0;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    silent = createServer((socket) => void sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    port = (silent.address() as { port: number }).port;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });

  it('is unavailable after connect_timeout, not a connection that hangs', async () => {
    const { pool, forKysely } = createPostgresPool(postgresConnection(`postgres://u@127.0.0.1:${port}/recap?connect_timeout=1`, {}).pool);
    try {
      const error = await forKysely.connect().then(
        () => undefined,
        (failure: unknown) => failure,
      );
      expect(error).toBeInstanceOf(StoreUnavailableError);
      expect((error as Error).message).toMatch(/^the PostgreSQL database cannot be reached: .*timeout/i);
    } finally {
      await pool.end().catch(() => undefined);
    }
  }, 15_000);
});

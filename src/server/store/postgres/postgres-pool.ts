// The pg pool as the store's Kysely driver uses it. Three things happen here, once for every query:
// - rows come back in the representation both dialects share (sql/database.ts): json as text,
//   booleans as 0/1, bigints as numbers (every count and quota fits in 2^53);
// - queries with parameters run as named prepared statements, so PostgreSQL parses and plans each
//   text once per connection instead of on every call (one name per distinct text, per process),
//   except those with an array parameter (`= ANY($1)`): a plan made for the array's values
//   hashes it, while the cached generic plan compares each row with every element (500 uids
//   against 500 users: 2 ms instead of 0.1 ms);
// - a COMMIT that PostgreSQL turned into a ROLLBACK (a statement failed and `work` caught its
//   error) fails loudly instead of reporting success;
// - a client whose connection failed (a network error, the server ending the session, a failed
//   ROLLBACK) is discarded when released, not handed to the next caller;
// - a connection that cannot be had, or that is lost during a query, is a StoreUnavailableError
//   (503 and retryable to API clients), not the statement's failure;
// - `COPY ... FROM STDIN` with one parameter, the rows in COPY's text format (sql/insert-rows.ts),
//   streams them to the server (pg-copy-streams) on the transaction's client.

import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import { StoreUnavailableError } from '../store.js';
import { TransactionMisuseError } from '../transaction-scope.js';
import { isConnectionFailure } from './is-connection-failure.js';

const BOOL = 16;
const INT8 = 20;
const JSON_OID = 114;
const JSONB = 3802;

const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary'): (value: string) => unknown {
    if (format === undefined || format === 'text') {
      if (oid === BOOL) return (value) => (value === 't' ? 1 : 0);
      if (oid === INT8) return Number;
      if (oid === JSON_OID || oid === JSONB) return (value) => value;
    }
    return pg.types.getTypeParser(oid, format as 'text') as (value: string) => unknown;
  },
};

const statementNames = new Map<string, string>();

function statementName(text: string): string {
  let name = statementNames.get(text);
  if (name === undefined) {
    name = `recap_${statementNames.size + 1}`;
    statementNames.set(text, name);
  }
  return name;
}

/** A pool for `config`, and its Kysely face. */
export function createPostgresPool(config: pg.PoolConfig): { readonly pool: pg.Pool; readonly forKysely: PostgresPool } {
  const pool = new pg.Pool({ ...config, types });
  return {
    pool,
    forKysely: {
      connect: async () => {
        let client: pg.PoolClient;
        try {
          client = await pool.connect();
        } catch (error) {
          // Whatever kept the pool from a connection (refused, timed out, the server refusing the session).
          throw unavailable(error);
        }
        return wrapClient(client);
      },
      end: () => pool.end(),
    },
  };
}

/** The driver's words: an AggregateError (every address of a name refused) has them in its errors. */
const describe = (error: unknown): string => {
  if (error instanceof AggregateError && error.errors.length > 0) return error.errors.map(describe).join('; ');
  return error instanceof Error ? error.message || error.name : String(error);
};

const unavailable = (error: unknown): StoreUnavailableError => new StoreUnavailableError(`the PostgreSQL database cannot be reached: ${describe(error)}`, { cause: error });

/** Whether the client's session is gone or unusable, rather than one statement having failed. */
function breaksConnection(error: unknown, text: string): boolean {
  if (!(error instanceof pg.DatabaseError)) return true;
  return text === 'ROLLBACK' || error.severity === 'FATAL' || error.severity === 'PANIC';
}

const COPY_FROM_STDIN = /^COPY [^;]* FROM STDIN$/;

/** Streams `rows` (COPY's text format) into the statement `text` (`COPY ... FROM STDIN`); the rows copied. */
async function copyIn(client: pg.PoolClient, text: string, rows: string): Promise<pg.QueryResult> {
  const stream = client.query(copyFrom(text));
  await new Promise<void>((resolve, reject) => {
    stream.on('error', reject);
    stream.on('finish', resolve);
    stream.end(rows);
  });
  return { command: 'COPY', rowCount: stream.rowCount, oid: 0, rows: [], fields: [] };
}

function wrapClient(client: pg.PoolClient): PostgresPoolClient {
  let broken: Error | undefined;
  // While checked out, the pool no longer listens: a connection lost between queries would
  // otherwise be an uncaught 'error' event.
  const onError = (error: Error) => {
    broken = error;
  };
  client.on('error', onError);
  return {
    async query<Row>(text: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<Row>> {
      try {
        const copied = parameters[0];
        const result =
          parameters.length === 1 && typeof copied === 'string' && COPY_FROM_STDIN.test(text)
            ? await copyIn(client, text, copied)
            : // Without parameters: the simple protocol, which runs scripts of several statements (migrations).
              parameters.length === 0
              ? await client.query<Row & pg.QueryResultRow>(text)
              : parameters.some(Array.isArray)
                ? await client.query<Row & pg.QueryResultRow>(text, [...parameters])
                : await client.query<Row & pg.QueryResultRow>({ name: statementName(text), text, values: [...parameters] });
        if (text === 'COMMIT' && result.command !== 'COMMIT') {
          throw new TransactionMisuseError('a statement failed inside the transaction and its error was caught, so PostgreSQL rolled it back');
        }
        return result as unknown as PostgresQueryResult<Row>;
      } catch (error) {
        if (breaksConnection(error, text)) broken = error instanceof Error ? error : new Error(String(error));
        throw isConnectionFailure(error) ? unavailable(error) : error;
      }
    },
    release() {
      client.removeListener('error', onError);
      client.release(broken);
    },
  } as PostgresPoolClient;
}

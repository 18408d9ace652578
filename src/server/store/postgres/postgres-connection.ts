// Pool settings from a connection URL. A `schema` search parameter (or option) puts the store in
// that schema: two data centers may share one server, and tests run side by side in their own.
// `connect_timeout` (seconds, as libpq reads it; default 10) bounds how long a request waits for a
// connection, made or from the pool: a database that does not answer (a host gone, a firewall
// dropping packets) gives a 503 after that time, not a request that hangs.

import type pg from 'pg';

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/** A connection string or schema name the PostgreSQL store cannot use. */
export class PostgresConfigurationError extends Error {
  readonly code = 'invalid_database_url';

  constructor(message: string) {
    super(message);
    this.name = 'PostgresConfigurationError';
  }
}

export interface PostgresConnection {
  readonly pool: pg.PoolConfig;
  /** Undefined: the server's default search_path. */
  readonly schema: string | undefined;
}

/** Seconds a request waits for a connection when the URL does not say. */
export const DEFAULT_CONNECT_TIMEOUT_SECONDS = 10;

export function postgresConnection(connectionString: string, options: { readonly schema?: string | undefined; readonly maxConnections?: number | undefined }): PostgresConnection {
  let url: URL;
  try {
    url = new URL(connectionString);
  } catch {
    // The string may hold a password: never repeat it.
    throw new PostgresConfigurationError('the PostgreSQL connection string is not a URL (expected postgres://user:password@host:port/database)');
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    throw new PostgresConfigurationError(`a PostgreSQL connection URL starts with postgres:// or postgresql://, not ${url.protocol}//`);
  }
  const schema = options.schema ?? (url.searchParams.get('schema') || undefined);
  url.searchParams.delete('schema');
  if (schema !== undefined && !SCHEMA_NAME.test(schema)) {
    throw new PostgresConfigurationError(`the schema name "${schema}" must be lowercase letters, digits and underscores, starting with a letter or underscore`);
  }
  const timeout = url.searchParams.get('connect_timeout') ?? String(DEFAULT_CONNECT_TIMEOUT_SECONDS);
  url.searchParams.delete('connect_timeout');
  if (!/^[1-9]\d{0,5}$/.test(timeout)) {
    throw new PostgresConfigurationError(`connect_timeout must be a whole number of seconds from 1 to 999999, not "${timeout}"`);
  }
  // search_path is a startup parameter, so no connection can ever run a query in another schema.
  const startupOptions = [url.searchParams.get('options'), schema === undefined ? null : `-c search_path=${schema}`].filter(Boolean).join(' ');
  url.searchParams.delete('options');
  return {
    pool: {
      connectionString: url.toString(),
      max: options.maxConnections ?? 10,
      connectionTimeoutMillis: Number(timeout) * 1000,
      // A connection whose peer vanished without closing it is found out by the operating system.
      keepAlive: true,
      ...(startupOptions === '' ? {} : { options: startupOptions }),
    },
    schema,
  };
}

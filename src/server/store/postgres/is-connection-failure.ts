// Which failures of the pg driver mean that PostgreSQL cannot be reached, rather than that a
// statement failed: the network (refused, reset, timed out, unknown host), a connection that the
// server ended or that broke, the pool's timeout, and the server's own connection errors.

import pg from 'pg';

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENETDOWN', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE']);

/** pg's own messages for a connection that is gone or never came (it sets no code on them). */
const DRIVER_MESSAGES = [/^Connection terminated/, /^timeout exceeded when trying to connect$/, /is not queryable$/, /^Query read timeout$/];

/**
 * SQLSTATEs: class 08 (connection exception), 57P01 to 57P03 (the server is shutting down, crashed
 * or is starting up), 53300 (too many connections).
 */
const isConnectionState = (code: string): boolean => code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03' || code === '53300';

export function isConnectionFailure(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  // Node reports a refused connection to every address of a name (localhost: ::1 and 127.0.0.1) as one AggregateError.
  if (error instanceof AggregateError && error.errors.some(isConnectionFailure)) return true;
  const code = (error as { code?: unknown }).code;
  if (error instanceof pg.DatabaseError) return typeof code === 'string' && isConnectionState(code);
  if (typeof code === 'string' && NETWORK_CODES.has(code)) return true;
  return DRIVER_MESSAGES.some((pattern) => pattern.test(error.message));
}

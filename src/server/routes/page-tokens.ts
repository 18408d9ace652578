// The page tokens routes hand out: an item index (a job's results) or a store cursor, and the one
// 400 answer for a token the server did not issue.

import { invalidRequest, type ApiError } from '../http/api-error.js';
import { InvalidPageCursorError } from '../store/page-cursor.js';

/** 400 `invalid_request` naming `page_token`. */
export const invalidPageToken = (): ApiError => invalidRequest('invalid page token', [{ path: 'page_token', message: 'not a token from next_page_token' }]);

/** The token of a page that ends at item `index`. */
export const encodeIndexToken = (index: number): string => Buffer.from(String(index)).toString('base64url');

/**
 * The item index a token ends at (-1 without a token); 400 for a token not made by
 * encodeIndexToken for a job of `total` items: a token names the index of an item (0 to total - 1).
 */
export function decodeIndexToken(token: string | undefined, total: number): number {
  if (token === undefined) return -1;
  const text = Buffer.from(token, 'base64url').toString('utf8');
  const decoded = Number(text);
  // Only what encodeIndexToken writes: Number() would also read '', ' ', '-1' or '0x1'.
  if (!/^(0|[1-9][0-9]{0,14})$/.test(text) || encodeIndexToken(decoded) !== token || decoded >= total) throw invalidPageToken();
  return decoded;
}

/** Runs a store read that takes a page cursor; a cursor the store did not issue is a 400. */
export async function readPage<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof InvalidPageCursorError) throw invalidPageToken();
    throw error;
  }
}

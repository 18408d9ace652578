// The session part of an imported fixture's id: readable (the file name) and unique (a hash of
// the recording's bytes), so importing the same file again gives the same id.

import path from 'node:path';

/** Hex digits of the SHA-256 of the recording kept in the id. */
export const SESSION_DIGEST_LENGTH = 8;

/** `shop-dev-3fa2b1c9` for `recordings/shop-dev.json` whose SHA-256 starts with 3fa2b1c9. */
export function sessionIdFor(file: string, digest: string): string {
  const stem = path.basename(file).replace(/\.json$/i, '');
  const readable = stem.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'recording';
  return `${readable}-${digest.slice(0, SESSION_DIGEST_LENGTH)}`;
}

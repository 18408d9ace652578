// `Authorization: Basic <key>`: finds the key in its data center's store and checks it in
// constant time. Missing, unknown, or prefixed with another data center: 401.

import { ApiError } from '../http/api-error.js';
import type { ApiKeyRecord, DataCenter, OrganisationRecord } from '../store/records.js';
import type { DataCenterStore } from '../store/store.js';
import { parseApiKey, secretMatches } from './api-key.js';

export interface Caller {
  readonly key: ApiKeyRecord;
  readonly org: OrganisationRecord;
  readonly store: DataCenterStore;
}

/** The key from the header: the raw key, or base64 of `key:` as `curl -u key:` sends it. */
export function credentialFrom(header: string | undefined): string | undefined {
  const match = /^Basic\s+(\S+)\s*$/i.exec(header ?? '');
  if (match === null) return undefined;
  const credential = match[1] as string;
  if (parseApiKey(credential) !== undefined) return credential;
  const decoded = Buffer.from(credential, 'base64').toString('utf8');
  const key = decoded.endsWith(':') ? decoded.slice(0, -1) : decoded;
  return parseApiKey(key) === undefined ? credential : key;
}

const unauthorized = (message: string) => new ApiError('unauthorized', message);

/** How often a key's last use is written: at most once a minute, not on every request. */
export const LAST_USED_RESOLUTION_MS = 60_000;

/** The caller behind the header, or a 401 ApiError; `now` records the key's last use. */
export async function authenticate(header: string | undefined, stores: Readonly<Record<DataCenter, DataCenterStore>>, now: Date = new Date()): Promise<Caller> {
  const credential = credentialFrom(header);
  if (credential === undefined) {
    const scheme = /^\s*(\S+)\s+\S/.exec(header ?? '')?.[1];
    if (scheme !== undefined && scheme.toLowerCase() !== 'basic') throw unauthorized(`the Authorization header uses the ${scheme} scheme; send Authorization: Basic <key>`);
    throw unauthorized('missing API key: send Authorization: Basic <key>');
  }
  const parsed = parseApiKey(credential);
  if (parsed === undefined) throw unauthorized('invalid API key');
  // A key is looked up only in the data center its prefix names: a key of an eu1 organisation
  // with an na1 prefix (or none) is not found there.
  const store = stores[parsed.dataCenter];
  // Read on every request, never cached: a revoked or deleted key is refused by every instance at once.
  const key = await store.findApiKey(parsed.id);
  if (key === undefined || !secretMatches(parsed.secret, key.secretHash)) throw unauthorized('invalid API key');
  if (key.revokedAt !== null) throw unauthorized('this API key was revoked; ask an administrator for a new one');
  const org = await store.findOrganisation(key.orgId);
  if (org === undefined || org.dataCenter !== parsed.dataCenter) throw unauthorized('invalid API key');
  const since = new Date(now.getTime() - LAST_USED_RESOLUTION_MS).toISOString();
  if (key.lastUsedAt === null || key.lastUsedAt < since) {
    // Not awaited: the request does not wait for bookkeeping, and a failure to note it is harmless.
    void store.transaction((writer) => writer.touchApiKey(key.id, now.toISOString(), since)).catch(() => undefined);
  }
  return { key, org, store };
}

// What `recap admin` does to organisations and keys, on the stores of both data centers.

import { randomBytes } from 'node:crypto';
import { printable } from '../../session/printable.js';
import { generateApiKey } from '../auth/api-key.js';
import type { ApiKeyRecord, DataCenter, KeyLevel, OrganisationRecord } from '../store/records.js';
import type { DataCenterStore } from '../store/store.js';

export type Stores = Readonly<Record<DataCenter, DataCenterStore>>;

/** An admin action could not be done; the message says why (exit code 2 in the CLI). */
export class AdminError extends Error {
  readonly code = 'admin_error';

  constructor(message: string) {
    super(message);
    this.name = 'AdminError';
  }
}

const newId = () => randomBytes(8).toString('hex');

/** The longest key name, in characters: a name labels a key in `key list` and `GET /me`, it is not a note. */
export const KEY_NAME_MAX_LENGTH = 200;

// Control characters (line breaks and tabs among them) and Unicode line/paragraph separators:
// they would break the rows of `recap admin key list` or rewrite the terminal.
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/** Throws AdminError unless `name` can name a key: not blank, printable, at most KEY_NAME_MAX_LENGTH characters. */
export function checkKeyName(name: string): void {
  if (name.trim() === '') throw new AdminError('a key name cannot be empty (--name)');
  if (UNPRINTABLE.test(name)) throw new AdminError(`a key name cannot hold line breaks, tabs or other control characters: ${printable(JSON.stringify(name))}`);
  const length = [...name].length;
  if (length > KEY_NAME_MAX_LENGTH) throw new AdminError(`a key name has at most ${KEY_NAME_MAX_LENGTH} characters; this one has ${length}`);
}

/** The organisation named `name`, in whichever data center it lives. */
export async function findOrganisation(stores: Stores, name: string): Promise<{ org: OrganisationRecord; store: DataCenterStore }> {
  for (const store of Object.values(stores)) {
    const org = await store.findOrganisationByName(name);
    if (org !== undefined) return { org, store };
  }
  throw new AdminError(`no organisation named ${JSON.stringify(name)} (create it with: recap admin org create ${name} --data-center na1)`);
}

/** Creates an organisation in one data center; names are unique across both. */
export async function createOrganisation(
  stores: Stores,
  input: { readonly name: string; readonly dataCenter: DataCenter; readonly serverEventQuota: number | null; readonly now: Date },
): Promise<OrganisationRecord> {
  if (!/^[A-Za-z0-9][A-Za-z0-9_.-]{0,99}$/.test(input.name)) {
    throw new AdminError('an organisation name has 1 to 100 letters, digits, dots, dashes or underscores, starting with a letter or digit');
  }
  for (const store of Object.values(stores)) {
    if ((await store.findOrganisationByName(input.name)) !== undefined) throw new AdminError(`an organisation named ${JSON.stringify(input.name)} exists already (in ${store.dataCenter})`);
  }
  const org: OrganisationRecord = { id: `o-${newId()}`, name: input.name, dataCenter: input.dataCenter, serverEventQuota: input.serverEventQuota, createdAt: input.now.toISOString() };
  await stores[input.dataCenter].transaction((writer) => writer.createOrganisation(org));
  return org;
}

/** Creates a key; the returned `key` is the only time it is ever shown. */
export async function createKey(
  stores: Stores,
  input: { readonly orgName: string; readonly name: string; readonly level: KeyLevel; readonly now: Date },
): Promise<{ record: ApiKeyRecord; key: string; org: OrganisationRecord }> {
  checkKeyName(input.name);
  const { org, store } = await findOrganisation(stores, input.orgName);
  const generated = generateApiKey(org.dataCenter);
  const now = input.now.toISOString();
  const record: ApiKeyRecord = { id: generated.id, orgId: org.id, name: input.name, level: input.level, secretHash: generated.secretHash, createdAt: now, updatedAt: now, lastUsedAt: null, revokedAt: null };
  await store.transaction((writer) => writer.createApiKey(record));
  return { record, key: generated.key, org };
}

/**
 * The key of the organisation named by its id or its current name. An id names one key and is
 * what the advice below tells people to use, so an exact id wins over a key *named* like it.
 */
async function findKey(stores: Stores, orgName: string, key: string): Promise<{ org: OrganisationRecord; store: DataCenterStore; target: ApiKeyRecord }> {
  const { org, store } = await findOrganisation(stores, orgName);
  const keys = await store.listApiKeys(org.id);
  const byId = keys.find((candidate) => candidate.id === key);
  if (byId !== undefined) return { org, store, target: byId };
  const matches = keys.filter((candidate) => candidate.name === key);
  if (matches.length === 0) throw new AdminError(`no key ${JSON.stringify(key)} in ${org.name} (recap admin key list --org ${org.name})`);
  if (matches.length > 1) {
    throw new AdminError(`several keys of ${org.name} are named ${JSON.stringify(key)} (ids ${matches.map((match) => match.id).join(', ')}); name the key by its id`);
  }
  return { org, store, target: matches[0] as ApiKeyRecord };
}

/** Renames a key or changes its level; the key is named by its id or its current name. */
export async function updateKey(
  stores: Stores,
  input: { readonly orgName: string; readonly key: string; readonly name?: string; readonly level?: KeyLevel; readonly now: Date },
): Promise<ApiKeyRecord> {
  if (input.name !== undefined) checkKeyName(input.name);
  const { org, store, target } = await findKey(stores, input.orgName, input.key);
  const changes = { ...(input.name === undefined ? {} : { name: input.name }), ...(input.level === undefined ? {} : { level: input.level }), updatedAt: input.now.toISOString() };
  const updated = await store.transaction((writer) => writer.updateApiKey(org.id, target.id, changes));
  if (updated === undefined) throw new AdminError(`the key ${target.id} disappeared`);
  return updated;
}

/** Revokes a key (named by its id or name): every instance refuses it from the next request on. */
export async function revokeKey(stores: Stores, input: { readonly orgName: string; readonly key: string; readonly now: Date }): Promise<ApiKeyRecord> {
  const { org, store, target } = await findKey(stores, input.orgName, input.key);
  const revoked = await store.transaction((writer) => writer.revokeApiKey(org.id, target.id, input.now.toISOString()));
  if (revoked === undefined) throw new AdminError(`the key ${target.id} disappeared`);
  return revoked;
}

/** Deletes a key (named by its id or name): it is refused, and no longer listed. */
export async function deleteKey(stores: Stores, input: { readonly orgName: string; readonly key: string }): Promise<ApiKeyRecord> {
  const { org, store, target } = await findKey(stores, input.orgName, input.key);
  if (!(await store.transaction((writer) => writer.deleteApiKey(org.id, target.id)))) throw new AdminError(`the key ${target.id} disappeared`);
  return target;
}

/** The keys of an organisation (never the keys themselves: they are not stored). */
export async function listKeys(stores: Stores, orgName: string): Promise<ApiKeyRecord[]> {
  const { org, store } = await findOrganisation(stores, orgName);
  return store.listApiKeys(org.id);
}

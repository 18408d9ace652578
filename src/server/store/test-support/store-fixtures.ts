// Records for the store contract: two organisations seeded in every store, and builders with
// defaults so that each test states only what it is about.

import { afterEach, beforeEach } from 'vitest';
import type {
  ApiKeyRecord,
  EventRecord,
  JobRecord,
  OrganisationRecord,
  ProfileRecord,
  SessionRecord,
  UserRecord,
} from '../records.js';
import type { DataCenterStore } from '../store.js';

export const ORG_A = 'org-a';
export const ORG_B = 'org-b';

/** `2026-11-01T00:00:00.000Z` plus `seconds`, as the server writes timestamps. */
export const at = (seconds: number): string => new Date(Date.UTC(2026, 10, 1) + seconds * 1000).toISOString();

export const organisation = (id: string, overrides: Partial<OrganisationRecord> = {}): OrganisationRecord => ({
  id,
  name: `name of ${id}`,
  dataCenter: 'na1',
  serverEventQuota: null,
  createdAt: at(0),
  ...overrides,
});

export const apiKey = (id: string, overrides: Partial<ApiKeyRecord> = {}): ApiKeyRecord => ({
  id,
  orgId: ORG_A,
  name: `key ${id}`,
  level: 'standard',
  secretHash: 'ab'.repeat(32),
  createdAt: at(1),
  updatedAt: at(1),
  lastUsedAt: null,
  revokedAt: null,
  ...overrides,
});

export const user = (id: string, overrides: Partial<UserRecord> = {}): UserRecord => ({
  id,
  orgId: ORG_A,
  uid: null,
  displayName: null,
  email: null,
  properties: {},
  identifiedInSession: false,
  mergedInto: null,
  createdAt: at(10),
  updatedAt: at(10),
  ...overrides,
});

export const session = (id: string, overrides: Partial<SessionRecord> = {}): SessionRecord => ({
  orgId: ORG_A,
  id,
  userId: 'user-1',
  createdTime: at(20),
  fixture: { id, events: [{ type: 'page_view', timestamp: at(20), url: 'https://shop.test/' }] },
  importedAt: at(21),
  ...overrides,
});

export const event = (id: string, overrides: Partial<EventRecord> = {}): EventRecord => ({
  orgId: ORG_A,
  id,
  name: 'Checkout',
  timestamp: at(30),
  userId: null,
  sessionId: null,
  properties: {},
  context: null,
  createdAt: at(31),
  ...overrides,
});

export const profile = (id: string, overrides: Partial<ProfileRecord> = {}): ProfileRecord => ({
  orgId: ORG_A,
  id,
  body: { name: id, prompt: 'Summarise the session.' },
  version: 1,
  createdAt: at(40),
  updatedAt: at(40),
  ...overrides,
});

export const job = (id: string, overrides: Partial<JobRecord> = {}): JobRecord => ({
  orgId: ORG_A,
  id,
  kind: 'events',
  status: 'PROCESSING',
  created: at(50),
  finished: null,
  total: 0,
  cursor: 0,
  imports: 0,
  errors: 0,
  ...overrides,
});

/**
 * A fresh store for every test, with ORG_A and ORG_B created, closed after the test. Returns the
 * current test's store.
 */
export function useStore(open: () => Promise<DataCenterStore>): () => DataCenterStore {
  let current: DataCenterStore | undefined;
  beforeEach(async () => {
    current = await open();
    const store = current;
    await store.transaction(async (writer) => {
      await writer.createOrganisation(organisation(ORG_A, { createdAt: at(0) }));
      await writer.createOrganisation(organisation(ORG_B, { createdAt: at(1), dataCenter: 'eu1' }));
    });
  });
  afterEach(async () => {
    await current?.close();
    current = undefined;
  });
  return () => {
    if (current === undefined) throw new Error('the store is only open while a test runs');
    return current;
  };
}

/** Resolves after `ms` milliseconds: lets other transactions interleave in concurrency tests. */
export const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

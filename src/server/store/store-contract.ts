// The contract every DataCenterStore passes: one vitest suite, run against SQLite and PostgreSQL.
// Imported only by test files; each test gets a fresh store with two organisations (ORG_A, ORG_B).

import { describe } from 'vitest';
import { describeIdempotencyContract } from './test-support/describe-idempotency-contract.js';
import { describeIsolationContract } from './test-support/describe-isolation-contract.js';
import { describeLifecycleContract } from './test-support/describe-lifecycle-contract.js';
import { describeLimitContract } from './test-support/describe-limit-contract.js';
import { describeOrganisationContract } from './test-support/describe-organisation-contract.js';
import { describeProfileJobContract } from './test-support/describe-profile-job-contract.js';
import { describeSessionEventContract } from './test-support/describe-session-event-contract.js';
import { describeSessionSearchContract } from './test-support/describe-session-search-contract.js';
import { describeTextContract } from './test-support/describe-text-contract.js';
import { describeTransactionContract } from './test-support/describe-transaction-contract.js';
import { describeUserContract } from './test-support/describe-user-contract.js';
import { describeUserExportContract } from './test-support/describe-user-export-contract.js';
import { useStore } from './test-support/store-fixtures.js';
import type { DataCenterStore } from './store.js';

/** Defines the store contract's tests; `open` must return a new, empty store each time. */
export function describeStoreContract(name: string, open: () => Promise<DataCenterStore>): void {
  describe(`${name} store contract`, () => {
    const store = useStore(open);
    describeOrganisationContract(store);
    describeUserContract(store);
    describeTextContract(store);
    describeUserExportContract(store);
    describeSessionEventContract(store);
    describeSessionSearchContract(store);
    describeProfileJobContract(store);
    describeLimitContract(store);
    describeIdempotencyContract(store);
    describeIsolationContract(store);
    describeTransactionContract(store);
    describeLifecycleContract(store);
  });
}

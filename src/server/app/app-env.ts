// The per-request values middleware hand to handlers.

import type { ApiKeyRecord, OrganisationRecord } from '../store/records.js';
import type { DataCenterStore } from '../store/store.js';

export interface AppEnv {
  Variables: {
    /** The caller's organisation (set by the auth middleware). */
    org: OrganisationRecord;
    key: ApiKeyRecord;
    /** The store of the organisation's data center: its data lives only there. */
    store: DataCenterStore;
    /** When the route began (performance.now()): the total in Server-Timing. */
    started: number;
  };
}

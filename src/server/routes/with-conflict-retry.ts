// Runs a write transaction again when a concurrent one created the same row first (a uid taken
// between our read and our insert): the second attempt sees it and updates instead.

import { StoreConflictError, type DataCenterStore, type StoreWriter } from '../store/store.js';

export async function transactionWithRetry<T>(store: DataCenterStore, work: (writer: StoreWriter) => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await store.transaction(work);
    } catch (error) {
      if (!(error instanceof StoreConflictError) || attempt >= attempts) throw error;
    }
  }
}

// Guards a store's transactions against two mistakes that would otherwise fail silently: starting
// a transaction inside another one of the same store (a deadlock behind SQLite's mutex, a second,
// non-atomic connection in PostgreSQL) and using a writer after its transaction ended (a write
// outside any transaction, or inside someone else's).

import { AsyncLocalStorage } from 'node:async_hooks';

/** A store's transaction API was used in a way that would break atomicity or deadlock. */
export class TransactionMisuseError extends Error {
  readonly code = 'transaction_misuse';

  constructor(message: string) {
    super(message);
    this.name = 'TransactionMisuseError';
  }
}

export class TransactionScope {
  // The marker of the transaction the current async context runs in; `open` turns false at its
  // end, so work merely started from inside (a timer, a queued job) is free once it committed.
  readonly #inside = new AsyncLocalStorage<{ open: boolean }>();
  readonly #storeName: string;

  constructor(storeName: string) {
    this.#storeName = storeName;
  }

  /** Runs `work` marked as inside a transaction; throws when already inside one of this store. */
  run<Result>(work: () => Promise<Result>): Promise<Result> {
    if (this.#inside.getStore()?.open === true) {
      return Promise.reject(
        new TransactionMisuseError(
          `a ${this.#storeName} transaction was started inside another one; use the writer passed to the outer transaction`,
        ),
      );
    }
    const marker = { open: true };
    return this.#inside.run(marker, async () => {
      try {
        return await work();
      } finally {
        marker.open = false;
      }
    });
  }

  /** The writer, whose methods throw once `isOpen()` turns false. */
  guard<Writer extends object>(writer: Writer, isOpen: () => boolean): Writer {
    const storeName = this.#storeName;
    return new Proxy(writer, {
      get(target, property, receiver) {
        const value: unknown = Reflect.get(target, property, receiver);
        if (typeof value !== 'function') return value;
        return (...parameters: unknown[]): unknown => {
          // Every store method is async: fail the same way a store error would, as a rejection.
          if (!isOpen()) {
            return Promise.reject(
              new TransactionMisuseError(
                `a ${storeName} writer was used after its transaction ended (${String(property)}); keep writes inside the transaction's work`,
              ),
            );
          }
          return (value as (...values: unknown[]) => unknown).apply(target, parameters);
        };
      },
    });
  }
}

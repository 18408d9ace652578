// One holder at a time, in arrival order: SQLite has one writer, and a transaction's work is async.

export class AsyncMutex {
  #tail: Promise<void> = Promise.resolve();

  /** Runs `work` once every earlier holder has finished; the lock is released however it ends. */
  async runExclusive<Result>(work: () => Promise<Result>): Promise<Result> {
    const previous = this.#tail;
    let release!: () => void;
    this.#tail = new Promise<void>((resolve) => {
      release = resolve;
    });
    await previous;
    try {
      return await work();
    } finally {
      release();
    }
  }
}

// Overlapping reads of one file (a save, then the watcher's trailing change): a read's text is
// taken unless a read started later has already been taken, so an older, slower read can never
// undo a newer save, and a read still in flight when another starts is not thrown away.

export class ReadOrder {
  readonly #started = new Map<string, number>();
  readonly #taken = new Map<string, number>();

  /** A ticket for a read of `file` starting now. */
  start(file: string): number {
    const ticket = (this.#started.get(file) ?? 0) + 1;
    this.#started.set(file, ticket);
    return ticket;
  }

  /** True when the read's text may be used (and records that it was): no later read was used yet. */
  take(file: string, ticket: number): boolean {
    if (ticket <= (this.#taken.get(file) ?? 0)) return false;
    this.#taken.set(file, ticket);
    return true;
  }

  /** True when no read of `file` started after this one (for failures, which wait for the newest). */
  isLatest(file: string, ticket: number): boolean {
    return this.#started.get(file) === ticket;
  }
}

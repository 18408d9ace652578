// Problems that do not stop an import, counted by kind so that a noisy recording prints a few
// lines rather than thousands.

import { describePosition, type EventPosition } from './rrweb-vocabulary.js';

const MAX_WARNING_KINDS = 50;

/** One kind of problem: how often it happened and where first. */
export interface ImportWarning {
  /** A stable key, e.g. `unknown-event-type:42`. */
  readonly kind: string;
  /** What happened, without position or count, e.g. `events of unknown type 42 ignored`. */
  readonly message: string;
  readonly count: number;
  readonly first: EventPosition | undefined;
}

/** Collects warnings during one import. */
export class ImportWarnings {
  readonly #byKind = new Map<string, { message: string; count: number; first: EventPosition | undefined }>();

  /** Counts one occurrence of `kind`; the first message and position are kept. */
  add(kind: string, message: string, position?: EventPosition): void {
    // A recording with endless distinct unknown plugins or types still prints a few lines.
    const known = this.#byKind.has(kind) || this.#byKind.size < MAX_WARNING_KINDS;
    const key = known ? kind : 'other';
    const entry = this.#byKind.get(key);
    if (entry === undefined) this.#byKind.set(key, { message: known ? message : 'other problems', count: 1, first: position });
    else entry.count++;
  }

  get total(): number {
    let total = 0;
    for (const entry of this.#byKind.values()) total += entry.count;
    return total;
  }

  list(): ImportWarning[] {
    return [...this.#byKind].map(([kind, entry]) => ({ kind, ...entry }));
  }
}

/** `12 × events of unknown type 42 ignored (first at event #3)`. */
export function formatImportWarning(warning: ImportWarning): string {
  const count = warning.count === 1 ? '' : `${warning.count} × `;
  const where = warning.first === undefined ? '' : ` (${warning.count === 1 ? 'at' : 'first at'} ${describePosition(warning.first)})`;
  return `${count}${warning.message}${where}`;
}

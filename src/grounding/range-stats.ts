// What the count topics read of a run of a session's events, from the positions of each type,
// without reading the other events.

import type { SessionEvent } from '../session/session-schema.js';
import { countPerTarget, pageOf, type EventStats } from './count-topics.js';

/** First position in ascending `list`, from position `from`, whose value is at least `value`. */
export function lowerBound(list: ArrayLike<number>, value: number, from = 0): number {
  let low = from;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((list[middle] as number) < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The stats of a run of a session's events, from the positions of each type: O(types × log n), and the rarer totals from the events of their types only. */
export class RangeStats implements EventStats {
  readonly #events: readonly SessionEvent[];
  readonly #positions: ReadonlyMap<string, Int32Array>;
  readonly #from: number;
  readonly #to: number;

  constructor(events: readonly SessionEvent[], positions: ReadonlyMap<string, Int32Array>, from: number, to: number) {
    this.#events = events;
    this.#positions = positions;
    this.#from = from;
    this.#to = to;
  }

  get length(): number {
    return this.#to - this.#from;
  }

  /** The events of this type in the run. */
  *#ofType(type: string): Generator<SessionEvent> {
    const positions = this.#positions.get(type);
    if (positions === undefined) return;
    for (let at = lowerBound(positions, this.#from); at < positions.length && (positions[at] as number) < this.#to; at++) yield this.#events[positions[at] as number] as SessionEvent;
  }

  of(type: string): number {
    const positions = this.#positions.get(type);
    return positions === undefined ? 0 : lowerBound(positions, this.#to) - lowerBound(positions, this.#from);
  }

  recordedCounts(type: string): ReadonlySet<number> {
    const counts = new Set<number>();
    for (const event of this.#ofType(type)) if (typeof event.count === 'number') counts.add(event.count);
    return counts;
  }

  get pages(): number {
    const pages = new Set<string>();
    for (const event of this.#ofType('navigate')) if (typeof event.url === 'string') pages.add(pageOf(event.url));
    return pages.size;
  }

  perTarget(types: readonly string[], accepts?: (name: string) => boolean, weight?: (event: SessionEvent) => number): ReadonlySet<number> {
    return countPerTarget(types.flatMap((type) => [...this.#ofType(type)]), accepts, weight);
  }
}

// The distinct strings of a session's events (by a normal form), one searchable text of them, and
// the events that hold each: what the session's index finds texts and selectors in.

import type { SessionEvent } from '../session/session-schema.js';
import { indexOfAmount, indexOfWords } from './normal-text.js';
import { indexOfSelector } from './selector-match.js';

/** Distinct strings, one searchable text of them, and the events (ascending) that hold each. */
export interface DistinctStrings {
  /** Each distinct string followed by `\u0000`. */
  readonly joined: string;
  readonly starts: readonly number[];
  readonly strings: readonly string[];
  readonly events: readonly (readonly number[])[];
  readonly idOf: ReadonlyMap<string, number>;
}

/** Groups the strings `strings` yields for each event by their form under `normal` (computed once per distinct raw string). */
export function distinctStrings(events: readonly SessionEvent[], strings: (event: SessionEvent, visit: (text: string) => void) => void, normal: (text: string) => string): DistinctStrings {
  const idOfRaw = new Map<string, number>();
  const idOf = new Map<string, number>();
  const distinct: string[] = [];
  const holders: number[][] = [];
  for (let index = 0; index < events.length; index++) {
    strings(events[index] as SessionEvent, (raw) => {
      let id = idOfRaw.get(raw);
      if (id === undefined) {
        const text = normal(raw);
        id = idOf.get(text);
        if (id === undefined) {
          id = distinct.length;
          distinct.push(text);
          holders.push([]);
          idOf.set(text, id);
        }
        idOfRaw.set(raw, id);
      }
      const list = holders[id] as number[];
      if (list[list.length - 1] !== index) list.push(index);
    });
  }
  const starts: number[] = [];
  let length = 0;
  for (const text of distinct) {
    starts.push(length);
    length += text.length + 1;
  }
  return { joined: `${distinct.join('\u0000')}\u0000`, starts, strings: distinct, events: holders, idOf };
}

/**
 * The distinct strings (by id) whose text holds `needle`: anywhere, as whole words (`words`: see
 * indexOfWords), as an amount's number of its own (`number`: see indexOfAmount), or with whole names at its
 * ends (`names`, of selectors: see indexOfSelector).
 */
export function* holding(strings: DistinctStrings, needle: string, by: 'anywhere' | 'words' | 'number' | 'names' = 'anywhere'): Generator<number> {
  const next = (from: number) =>
    by === 'words' ? indexOfWords(strings.joined, needle, from) : by === 'number' ? indexOfAmount(strings.joined, needle, from) : by === 'names' ? indexOfSelector(strings.joined, needle, from) : strings.joined.indexOf(needle, from);
  for (let found = next(0); found !== -1; ) {
    let low = 0;
    let high = strings.starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if ((strings.starts[middle] as number) <= found) low = middle;
      else high = middle - 1;
    }
    yield low;
    const following = (strings.starts[low + 1] as number | undefined) ?? strings.joined.length;
    found = next(following);
  }
}

/** The smallest accepted event over the distinct strings `ids`. */
export function earliest(ids: Iterable<number>, strings: DistinctStrings, first: (events: readonly number[]) => number | undefined): number | undefined {
  let best: number | undefined;
  for (const id of ids) {
    const found = first(strings.events[id] as readonly number[]);
    if (found !== undefined && (best === undefined || found < best)) best = found;
  }
  return best;
}

// Opaque page cursors shared by both stores: the position of a page's last item, tagged with the
// list it belongs to, as base64url JSON. Positions are keys (never offsets), so paging neither
// skips nor repeats items when rows are inserted between pages. A cursor is unsigned, so a decoded
// one is checked as strictly as a request: only what encodePageCursor writes for the list's kinds
// reaches a query, the same on both stores (PostgreSQL refuses U+0000 where SQLite compares it).

import type { Page } from './store.js';
import { unstorableTextProblem } from './unstorable-text.js';

/**
 * What a position holds: `number` a row sequence (a non-negative safe integer), `timestamp` a
 * stored time as toISOString() writes it, `string` any text a store keeps (no U+0000, no unpaired
 * surrogate).
 */
type PositionKind = 'string' | 'number' | 'timestamp';
type Position<Kinds extends readonly PositionKind[]> = { -readonly [Index in keyof Kinds]: Kinds[Index] extends 'number' ? number : string };

const isStorableText = (value: unknown): value is string => typeof value === 'string' && unstorableTextProblem(value) === undefined;

const isStoredTime = (value: unknown): boolean => {
  if (typeof value !== 'string') return false;
  const time = Date.parse(value);
  return !Number.isNaN(time) && new Date(time).toISOString() === value;
};

const POSITION_CHECKS: Readonly<Record<PositionKind, (value: unknown) => boolean>> = {
  number: (value) => Number.isSafeInteger(value) && (value as number) >= 0,
  timestamp: isStoredTime,
  string: isStorableText,
};

/** A cursor that this store did not issue for this list (or that was altered). */
export class InvalidPageCursorError extends Error {
  readonly code = 'invalid_cursor';
  readonly cursor: string;

  constructor(cursor: string, list: string) {
    super(`${JSON.stringify(cursor)} is not a ${list} page cursor; pass the "next" value of the previous page, or none for the first page`);
    this.name = 'InvalidPageCursorError';
    this.cursor = cursor;
  }
}

export function encodePageCursor(list: string, position: readonly (string | number)[]): string {
  return Buffer.from(JSON.stringify([list, ...position]), 'utf8').toString('base64url');
}

export function decodePageCursor<const Kinds extends readonly PositionKind[]>(cursor: string, list: string, kinds: Kinds): Position<Kinds> {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new InvalidPageCursorError(cursor, list);
  }
  if (!Array.isArray(decoded) || decoded.length !== kinds.length + 1 || decoded[0] !== list) throw new InvalidPageCursorError(cursor, list);
  const position = decoded.slice(1) as unknown[];
  if (!kinds.every((kind, index) => POSITION_CHECKS[kind](position[index]))) throw new InvalidPageCursorError(cursor, list);
  // Only the spelling encodePageCursor writes: base64url decoding skips stray characters and
  // replaces bytes that are not UTF-8, and JSON allows other spellings of the same array.
  if (encodePageCursor(list, position as (string | number)[]) !== cursor) throw new InvalidPageCursorError(cursor, list);
  return position as Position<Kinds>;
}

/** Checks a page size early: a store query with a bad LIMIT fails far from the mistake. */
export function checkPageLimit(limit: number): void {
  if (!Number.isSafeInteger(limit) || limit < 1) throw new RangeError(`a page limit must be a positive integer, got ${limit}`);
}

/**
 * A page from `limit + 1` rows fetched in order: the extra row only says that a next page exists,
 * so the last page has `next: null` without a further, empty request.
 */
export function toPage<Row, Item>(rows: readonly Row[], limit: number, toItem: (row: Row) => Item, cursorOf: (row: Row) => string): Page<Item> {
  const more = rows.length > limit;
  const kept = more ? rows.slice(0, limit) : rows;
  const last = kept[kept.length - 1];
  return { items: kept.map(toItem), next: more && last !== undefined ? cursorOf(last) : null };
}

// The memory TextWriter writes prompts into: how large a buffer grows, which buffer a writer starts
// with (one a render before left, when it fits), and how its code units become a string.

import { Buffer } from 'node:buffer';

// The buffer grows up to BUFFER_LIMIT code units (32 MB); a prompt that fits is copied into a
// string once. A longer one is turned into strings of PIECE units whenever the buffer is full,
// joined at the end. One fresh buffer the size of a prompt of a million events (230 MB) made V8
// collect the whole heap to account for it, and cost more than the extra copy (measured: 1.0-1.2
// against 0.9-1.0 times JSON.parse of the session). Pieces stay under the size from which Node
// makes strings outside V8's heap, which count against the same account.
export const BUFFER_LIMIT = 1 << 24;
export const PIECE = 1 << 19;

// A render that outgrew its buffer leaves its length here. The next writer that expects to write
// as much (a tool rendering the same long session again) holds all of it in one buffer, of up to
// HOLD_LIMIT units (512 MB), which is then kept for the renders after it: the text is copied once
// instead of twice, into memory already in use (the full render of a million events: 0.77-0.81
// against 0.85-0.96 times JSON.parse). A process that renders such a prompt once never allocates it.
const HOLD_LIMIT = 1 << 28;
let outgrown = 0;

// The largest buffer of the renders so far, for the next one: a tool that prepares again and again
// (the studio, on every save) would otherwise ask for megabytes of fresh memory each time. A writer
// expecting under a quarter of a spare beyond its limit (one kept under HOLD_LIMIT) lets it go.
const SPARE_FROM = 1 << 16;
let spare: Uint16Array | undefined;

/** The buffer of a writer that has turned its text into a string. */
export const EMPTY_BUFFER = new Uint16Array(0);

/**
 * The most code units a writer expecting `capacity` holds before it turns them into a string:
 * `baseLimit`, or, when it expects more and so did the last writer that outgrew its buffer, up to
 * the larger of the two (see HOLD_LIMIT).
 */
export function holdLimit(capacity: number, baseLimit: number): number {
  if (capacity > baseLimit && outgrown > baseLimit) return Math.min(HOLD_LIMIT, Math.max(capacity, outgrown + (outgrown >> 4)));
  return baseLimit;
}

/** A buffer of at least `size` units, under `limit`: the spare one a writer left, when it fits, else a new one. */
export function takeBuffer(size: number, baseLimit: number, limit: number): Uint16Array {
  if (spare !== undefined && spare.length > baseLimit && spare.length > 4 * size) spare = undefined;
  if (size >= SPARE_FROM && spare !== undefined && spare.length >= size && spare.length <= limit) {
    const taken = spare;
    spare = undefined;
    return taken;
  }
  return new Uint16Array(size);
}

/** A writer done with `units`: kept for the next one when it is the largest so far. */
export function leaveBuffer(units: Uint16Array): void {
  if (units.length >= SPARE_FROM && (spare === undefined || spare.length < units.length)) spare = units;
}

/** A writer outgrew its buffer with `length` units of text (see HOLD_LIMIT). */
export function noteOutgrown(length: number): void {
  outgrown = length;
}

/** Code units kept for the next writer. */
export function spareUnits(): number {
  return spare?.length ?? 0;
}

/** Code units as a string; `bits`, every unit OR-ed, says whether one needs two bytes. */
export function decode(units: Uint16Array, bits: number): string {
  // One-byte text becomes a one-byte string, half the size of a two-byte one.
  if (bits <= 0xff) return Buffer.from(units).toString('latin1');
  return Buffer.from(units.buffer, units.byteOffset, units.byteLength).toString('utf16le');
}

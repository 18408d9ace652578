// The text of a prompt, written piece by piece into a buffer of UTF-16 code units and turned into
// a string at the end: a session block of 100,000 events is written without a string per line or
// per value, and copied once.

import type { PrivacyProbe } from '../privacy/privacy-probe.js';
import { quoteString, quoteValue } from './quote-page-text.js';
import { longOffsetText, writeDigits } from './offset-digits.js';
import { BUFFER_LIMIT, decode, EMPTY_BUFFER, holdLimit, leaveBuffer, noteOutgrown, PIECE, spareUnits, takeBuffer } from './writer-buffers.js';
import { writeJson } from './write-json.js';

// Characters a quoted string cannot carry as they are (see quoteString): JSON syntax and control
// characters, and the angle brackets of the session tag. U+2028/2029 are checked apart.
const ESCAPED_ASCII = new Uint8Array(0x5d);
for (let code = 0; code < 0x20; code++) ESCAPED_ASCII[code] = 1;
for (const character of '"\\<>') ESCAPED_ASCII[character.charCodeAt(0)] = 1;

const QUOTE = 0x22;

/** Whether the surrogate at `index` of `text` (of `count` units) is the first of a pair: a high one followed by a low one. */
function isPairAt(text: string, index: number, count: number): boolean {
  return text.charCodeAt(index) < 0xdc00 && index + 1 < count && (text.charCodeAt(index + 1) & 0xfc00) === 0xdc00;
}
/**
 * Text written piece by piece. `write` copies as it is; `writeQuoted` and `writeValue` quote
 * page-sourced values exactly as `quoteString` and `quoteValue` do.
 */
export class TextWriter {
  // V8 forgets the shape of TextWriter objects once none is left alive, and with it the code it
  // optimised for them: after a collection the next render would start over in slow code (the
  // full render of 100,000 events took 1.4 times as long). One writer that lives as long as the
  // class keeps the shape.
  static readonly #shapeKeeper = new TextWriter(16);

  private readonly bufferLimit: number;
  // The buffer, and how much of it is written.
  private units: Uint16Array;
  private length = 0;
  // Every code unit in the buffer, OR-ed: above 0xff when it needs two bytes per character.
  private bits = 0;
  // Writes that held a character above 0xff, to tell whether a stretch of text does.
  private wideWrites = 0;
  // Text turned into strings already, and its length.
  private readonly pieces: string[] = [];
  private flushed = 0;

  /**
   * While set, every text written is shown to the probe as it is copied, and `suspect` becomes
   * true at the first the privacy presets may change (see renderPrompt).
   */
  probe: PrivacyProbe | undefined = undefined;
  /** Whether a text written since it was last cleared may be changed by the probe's rules. */
  suspect = false;
  /** The property the value being written is under (the rules redact a URL's value as a URL). */
  probeKey = '';
  // The place setMark remembered.
  private markPosition = 0;
  private markPieces = 0;
  private markLength = 0;
  private markBits = 0;

  /**
   * `capacity`: about how many characters will be written. `bufferLimit`: the most code units
   * held before they are turned into a string (tests make it small). When `capacity` is over
   * the limit and so was the text of the last writer that outgrew its buffer, the writer holds up
   * to the larger of the two instead (see writer-buffers.ts).
   */
  constructor(capacity = 256, bufferLimit = BUFFER_LIMIT) {
    const baseLimit = Math.max(64, bufferLimit);
    const limit = holdLimit(capacity, baseLimit);
    this.bufferLimit = limit;
    this.units = takeBuffer(Math.min(limit, Math.max(16, capacity)), baseLimit, limit);
  }

  /** Code units kept for the next writer (see writer-buffers.ts): for tests and diagnostics. */
  static get spareUnits(): number {
    return spareUnits();
  }

  /** Characters written so far. */
  get position(): number {
    return this.flushed + this.length;
  }

  /** `text` as it is. */
  write(text: string): void {
    const count = text.length;
    if (this.length + count > this.units.length && !this.makeRoom(count)) {
      this.append(text);
      return;
    }
    const units = this.units;
    let at = this.length;
    let bits = 0;
    for (let index = 0; index < count; index++) {
      const code = text.charCodeAt(index);
      bits |= code;
      units[at++] = code;
    }
    this.bits |= bits;
    if (bits > 0xff) this.wideWrites++;
    this.length = at;
  }

  /** One character of the Basic Latin block (a space, a line break, JSON punctuation). */
  writeAscii(code: number): void {
    if (this.length === this.units.length) this.makeRoom(1);
    this.units[this.length++] = code;
  }

  /** Code units read back from a writer (see `writtenSince`); `wide` when one is above 0xff. */
  writeUnits(units: Uint16Array, wide: boolean): void {
    const count = units.length;
    if (wide) this.noteWide();
    if (this.length + count > this.units.length && !this.makeRoom(count)) {
      this.append(decode(units, wide ? 0x100 : 0));
      return;
    }
    this.units.set(units, this.length);
    this.length += count;
  }

  // A write held a character above 0xff.
  private noteWide(): void {
    this.bits |= 0x100;
    this.wideWrites++;
  }

  /**
   * What was written since `position` was `mark`, as code units (a view of the buffer, valid
   * until the next write), with whether one is above 0xff; undefined once it has been turned
   * into a string. `wideWritesAt` is `wideWriteCount` at the mark.
   */
  writtenSince(mark: number, wideWritesAt: number): { readonly units: Uint16Array; readonly wide: boolean } | undefined {
    const from = mark - this.flushed;
    return from < 0 ? undefined : { units: this.units.subarray(from, this.length), wide: this.wideWrites !== wideWritesAt };
  }

  /** How many writes so far held a character above 0xff (see `writtenSince`). */
  get wideWriteCount(): number {
    return this.wideWrites;
  }

  /** `text` as a JSON string that cannot end the session block: the same as `quoteString(text)`. */
  writeQuoted(text: string): void {
    // Once an event is suspected it is written again from its redacted copy: its texts need no probe.
    if (this.probe !== undefined && !this.suspect) {
      this.writeWatched(text, this.probe);
      return;
    }
    const count = text.length;
    if (this.length + count + 2 > this.units.length && !this.makeRoom(count + 2)) {
      this.append(quoteString(text));
      return;
    }
    const units = this.units;
    const start = this.length;
    units[start] = QUOTE;
    const at = start + 1;
    let wide = false;
    for (let index = 0; index < count; index++) {
      const code = text.charCodeAt(index);
      // Every character to escape is at most 0x5c ('\\') but U+2028/2029.
      if (code <= 0x5c) {
        if (ESCAPED_ASCII[code] === 1) return this.write(quoteString(text));
      } else if (code > 0xff) {
        if (code === 0x2028 || code === 0x2029) return this.write(quoteString(text));
        // A surrogate stands only as the first of a pair; one alone is escaped (as JSON.stringify does).
        if ((code & 0xf800) === 0xd800) {
          if (!isPairAt(text, index, count)) return this.write(quoteString(text));
          units[at + index] = code;
          index++;
          units[at + index] = text.charCodeAt(index);
          wide = true;
          continue;
        }
        wide = true;
      }
      units[at + index] = code;
    }
    this.endQuoted(at + count, wide);
  }

  // Closes a quoted text copied up to `end` (its closing quote goes there); `wide` when it held a character above 0xff.
  private endQuoted(end: number, wide: boolean): void {
    this.units[end] = QUOTE;
    if (wide) this.noteWide();
    this.length = end + 1;
  }

  // A text the watched copy cannot write as it is (to escape, or longer than the buffer): escaped whole, and read whole by the probe.
  private writeEscapedWatched(text: string, probe: PrivacyProbe): void {
    if (probe.whole(text, this.probeKey)) this.suspect = true;
    this.write(quoteString(text));
  }

  /**
   * writeQuoted while the probe watches: the text is copied as it is, its hash taken as it is
   * copied (see textHash), and the probe asked whether the rules change it, which it judges once
   * per render (see PrivacyProbe.copied).
   */
  private writeWatched(text: string, probe: PrivacyProbe): void {
    const count = text.length;
    if (this.length + count + 2 > this.units.length && !this.makeRoom(count + 2)) {
      this.writeEscapedWatched(text, probe);
      return;
    }
    const units = this.units;
    const start = this.length;
    units[start] = QUOTE;
    const at = start + 1;
    let wide = false;
    let hash = 0;
    for (let index = 0; index < count; index++) {
      const code = text.charCodeAt(index);
      if (code <= 0x5c) {
        if (ESCAPED_ASCII[code] === 1) return this.writeEscapedWatched(text, probe);
      } else if (code > 0xff) {
        if (code === 0x2028 || code === 0x2029) return this.writeEscapedWatched(text, probe);
        if ((code & 0xf800) === 0xd800) {
          if (!isPairAt(text, index, count)) return this.writeEscapedWatched(text, probe);
          hash = (Math.imul(hash, 31) + code) | 0;
          units[at + index] = code;
          index++;
          const low = text.charCodeAt(index);
          hash = (Math.imul(hash, 31) + low) | 0;
          units[at + index] = low;
          wide = true;
          continue;
        }
        wide = true;
      }
      hash = (Math.imul(hash, 31) + code) | 0;
      units[at + index] = code;
    }
    this.endQuoted(at + count, wide);
    if (probe.copied(text, hash, this.probeKey)) this.suspect = true;
  }

  /** Any JSON value, quoted: the same as `quoteValue(value)`. */
  writeValue(value: unknown): void {
    if (typeof value === 'string') {
      this.writeQuoted(value);
    } else if (typeof value === 'number' || typeof value === 'boolean') {
      // As quoteValue does: NaN and Infinity as such, not as JSON's null.
      if (this.probe !== undefined && typeof value === 'number' && this.probe.number(value)) this.suspect = true;
      this.write(String(value));
    } else if (typeof value !== 'object' || value === null) {
      this.write(quoteValue(value));
    } else {
      const mark = this.position;
      const pieces = this.pieces.length;
      const length = this.length;
      const bits = this.bits;
      if (!writeJson(this, value)) {
        this.rewind(mark, pieces, length, bits);
        // Written as JSON.stringify writes it, unseen by the probe: suspected.
        if (this.probe !== undefined) this.suspect = true;
        this.write(quoteValue(value));
      }
    }
  }

  /** Remembers where the writer is now (one place at a time), to come back to with `rewindToMark`. */
  setMark(): void {
    this.markPosition = this.position;
    this.markPieces = this.pieces.length;
    this.markLength = this.length;
    this.markBits = this.bits;
  }

  /** Back to where `setMark` was called: what was written since is gone. */
  rewindToMark(): void {
    this.rewind(this.markPosition, this.markPieces, this.markLength, this.markBits);
  }

  // Back to where the writer was at `mark`, with `pieces` pieces, `length` units in the buffer
  // and `bits`: when the buffer was turned into a string since, the text before the mark is kept.
  private rewind(mark: number, pieces: number, length: number, bits: number): void {
    if (this.pieces.length === pieces) {
      this.length = length;
      this.bits = bits;
      return;
    }
    const since = this.pieces.splice(pieces).join('');
    const flushedBefore = this.flushed - since.length;
    this.pieces.push(since.slice(0, mark - flushedBefore));
    this.flushed = mark;
    this.length = 0;
    this.bits = 0;
  }

  /** `#12 `: an event's reference (its index in the session) and a space, as event lines start. */
  writeReference(index: number): void {
    if (!(index >= 0 && index <= 0x7fffffff)) {
      this.write(`#${index} `);
      return;
    }
    // '#', up to 10 digits, ' '.
    if (this.length + 12 > this.units.length) this.makeRoom(12);
    const units = this.units;
    let at = this.length;
    units[at++] = 0x23;
    at = writeDigits(units, at, index | 0);
    units[at++] = 0x20;
    this.length = at;
  }

  /** `+3.1s`: seconds to the millisecond without trailing zeros, as `formatOffset` writes them. */
  writeOffset(milliseconds: number): void {
    const whole = Math.round(milliseconds);
    // Offsets up to 24 days, nearly all of them, in 32-bit integer arithmetic: a modulo of
    // doubles costs more than writing the digits.
    if (!(whole >= 0 && whole <= 0x7fffffff)) {
      this.write(longOffsetText(whole));
      return;
    }
    const small = whole | 0;
    const seconds = (small / 1000) | 0;
    const millisecond = small - seconds * 1000;
    // '+', up to 7 digits, '.', 3 digits, 's'.
    if (this.length + 13 > this.units.length) this.makeRoom(13);
    const units = this.units;
    let at = this.length;
    units[at++] = 0x2b;
    at = writeDigits(units, at, seconds);
    if (millisecond !== 0) {
      // Without trailing zeros: .5, .25, .125.
      units[at++] = 0x2e;
      const hundreds = (millisecond / 100) | 0;
      units[at++] = 0x30 + hundreds;
      const rest = millisecond - hundreds * 100;
      if (rest !== 0) {
        const tens = (rest / 10) | 0;
        units[at++] = 0x30 + tens;
        if (rest !== tens * 10) units[at++] = 0x30 + rest - tens * 10;
      }
    }
    units[at++] = 0x73;
    this.length = at;
  }

  /** Everything written, as one string. The writer's buffer goes to the next writer made. */
  toString(): string {
    if (this.pieces.length === 0 && this.length > 0) {
      // All in the buffer: one copy.
      this.pieces.push(decode(this.units.subarray(0, this.length), this.bits));
      this.flushed += this.length;
      this.length = 0;
      this.bits = 0;
    } else {
      const outgrew = this.pieces.length > 0;
      this.flush();
      if (outgrew) noteOutgrown(this.flushed);
    }
    leaveBuffer(this.units);
    this.units = EMPTY_BUFFER;
    return this.pieces.length === 1 ? (this.pieces[0] as string) : this.pieces.join('');
  }

  // Room for `count` more units in the buffer, growing or emptying it; false, with the buffer
  // empty, when `count` is more than it can hold.
  private makeRoom(count: number): boolean {
    if (this.units.length < this.bufferLimit) {
      const units = new Uint16Array(Math.min(this.bufferLimit, Math.max(this.units.length * 2, this.length + count)));
      units.set(this.units.subarray(0, this.length));
      this.units = units;
      if (this.length + count <= units.length) return true;
    }
    this.flush();
    return count <= this.units.length;
  }

  private flush(): void {
    for (let from = 0; from < this.length; from += PIECE) {
      this.pieces.push(decode(this.units.subarray(from, Math.min(this.length, from + PIECE)), this.bits));
    }
    this.flushed += this.length;
    this.length = 0;
    this.bits = 0;
  }

  // Text longer than the buffer, once the buffer is empty.
  private append(text: string): void {
    this.wideWrites++;
    this.pieces.push(text);
    this.flushed += text.length;
  }
}

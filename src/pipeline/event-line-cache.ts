// The event lines of one session as rendered before (without their offsets), for a tool that
// prepares the same session again and again with another selection (the studio, on every save).

/**
 * Each event's line after its offset, by event index, kept as UTF-16 code units: copying them
 * into the next prompt costs a fraction of rendering them again. {@link prepare} keeps one per
 * session by itself when given `previous`; pass one to {@link renderPrompt} to do the same.
 *
 * @category Pipeline
 */
export class EventLineCache {
  private units = new Uint16Array(1 << 16);
  private used = 0;
  // By event index: where its line starts in `units` (-1: not rendered yet), its length, and
  // whether it holds a character above U+00FF.
  private readonly starts: Int32Array;
  private readonly lengths: Int32Array;
  private readonly wide: Uint8Array;

  /** A cache for a session of `eventCount` events (indices outside it are not kept). */
  constructor(eventCount: number) {
    this.starts = new Int32Array(eventCount).fill(-1);
    this.lengths = new Int32Array(eventCount);
    this.wide = new Uint8Array(eventCount);
  }

  /** The line of event `index`, or undefined when it was not rendered yet. */
  get(index: number): Uint16Array | undefined {
    const start = this.starts[index];
    return start === undefined || start < 0 ? undefined : this.units.subarray(start, start + (this.lengths[index] as number));
  }

  /** Whether the line of event `index` holds a character above U+00FF. */
  isWide(index: number): boolean {
    return this.wide[index] === 1;
  }

  /** Keeps a copy of `line` as the line of event `index`. */
  set(index: number, line: Uint16Array, wide: boolean): void {
    if (index < 0 || index >= this.starts.length) return;
    if (this.used + line.length > this.units.length) {
      const units = new Uint16Array(Math.max(this.units.length * 2, this.used + line.length));
      units.set(this.units.subarray(0, this.used));
      this.units = units;
    }
    this.units.set(line, this.used);
    this.starts[index] = this.used;
    this.lengths[index] = line.length;
    this.wide[index] = wide ? 1 : 0;
    this.used += line.length;
  }
}

// Mouse thrash: the pointer shaken back and forth, a sign of frustration. The path is cut into
// segments of at least MOUSE_THRASH_SEGMENT_PX; a turn sharper than MOUSE_THRASH_TURN_DEGREES
// between two segments is a reversal; enough reversals in a short time make one thrash episode.

import { targetFields, type DerivedEvent, type DerivedTarget } from './derived-event.js';

/** Pointer travel that counts as one straight segment (smaller jitter is ignored). */
export const MOUSE_THRASH_SEGMENT_PX = 40;
/** A change of direction sharper than this between two segments is a reversal. */
export const MOUSE_THRASH_TURN_DEGREES = 120;
/** Reversals needed inside MOUSE_THRASH_WINDOW_MS. */
export const MOUSE_THRASH_MIN_REVERSALS = 5;
export const MOUSE_THRASH_WINDOW_MS = 2_000;

const REVERSAL_COSINE = Math.cos((MOUSE_THRASH_TURN_DEGREES * Math.PI) / 180);

interface Sample {
  readonly time: number;
  readonly nodeId: number | undefined;
}

/** Finds thrash episodes in the mouse moves of one window; one event per episode. */
export class MouseThrashDetector {
  #anchor: { x: number; y: number; time: number } | undefined;
  #direction: { x: number; y: number } | undefined;
  readonly #reversals: number[] = [];
  readonly #samples: Sample[] = [];
  #inEpisode = false;

  constructor(
    private readonly emit: (event: DerivedEvent) => void,
    private readonly resolveTarget: (nodeId: number) => DerivedTarget | undefined,
  ) {}

  /** One pointer position at `time` over node `nodeId`; `order` is the recorded event's index. */
  move(x: number, y: number, time: number, nodeId: number | undefined, order: number): void {
    this.#samples.push({ time, nodeId });
    while (this.#samples.length > 0 && time - this.#samples[0]!.time > MOUSE_THRASH_WINDOW_MS) this.#samples.shift();
    const anchor = this.#anchor;
    if (anchor === undefined || time - anchor.time > MOUSE_THRASH_WINDOW_MS) {
      // A long pause: what follows is a new movement, not a turn of the last one.
      this.#anchor = { x, y, time };
      this.#direction = undefined;
      return;
    }
    const dx = x - anchor.x;
    const dy = y - anchor.y;
    const length = Math.hypot(dx, dy);
    if (length < MOUSE_THRASH_SEGMENT_PX) return;
    const direction = { x: dx / length, y: dy / length };
    const previous = this.#direction;
    this.#anchor = { x, y, time };
    this.#direction = direction;
    if (previous !== undefined && previous.x * direction.x + previous.y * direction.y < REVERSAL_COSINE) this.#reversal(time, order);
  }

  /** A new page: the pointer path starts over. */
  reset(): void {
    this.#anchor = undefined;
    this.#direction = undefined;
    this.#reversals.length = 0;
    this.#samples.length = 0;
    this.#inEpisode = false;
  }

  #reversal(time: number, order: number): void {
    const previous = this.#reversals.at(-1);
    if (previous !== undefined && time - previous > MOUSE_THRASH_WINDOW_MS) this.#inEpisode = false;
    this.#reversals.push(time);
    while (time - this.#reversals[0]! > MOUSE_THRASH_WINDOW_MS) this.#reversals.shift();
    if (this.#inEpisode || this.#reversals.length < MOUSE_THRASH_MIN_REVERSALS) return;
    this.#inEpisode = true;
    const nodeId = this.#mostHovered();
    const target = targetFields(nodeId === undefined ? undefined : this.resolveTarget(nodeId));
    this.emit({ type: 'mouse-thrash', time: this.#reversals[0]!, order, fields: target === undefined ? {} : { target } });
  }

  #mostHovered(): number | undefined {
    const counts = new Map<number, number>();
    let best: number | undefined;
    let bestCount = 0;
    for (const { nodeId } of this.#samples) {
      if (nodeId === undefined) continue;
      const count = (counts.get(nodeId) ?? 0) + 1;
      counts.set(nodeId, count);
      if (count > bestCount) {
        best = nodeId;
        bestCount = count;
      }
    }
    return best;
  }
}

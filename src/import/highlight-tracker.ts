// Highlights: rrweb records every change of the text selection while the user drags. One gesture
// (changes less than HIGHLIGHT_SETTLE_MS apart) becomes one highlight with its last non-empty text.

import { targetFields, type DerivedEvent, type DerivedTarget } from './derived-event.js';

/** Selection changes closer together than this belong to one gesture. */
export const HIGHLIGHT_SETTLE_MS = 1_000;

export interface SelectionChange {
  readonly time: number;
  readonly order: number;
  /** False for a caret (collapsed selection): it ends nothing and reports nothing. */
  readonly nonEmpty: boolean;
  /** The selected text, when the mirror holds the nodes; undefined when unknown. */
  readonly text: string | undefined;
  readonly target: DerivedTarget | undefined;
}

export class HighlightTracker {
  #lastChange: number | undefined;
  #latest: SelectionChange | undefined;

  constructor(private readonly emit: (event: DerivedEvent) => void) {}

  change(change: SelectionChange): void {
    if (this.#lastChange !== undefined && change.time - this.#lastChange > HIGHLIGHT_SETTLE_MS) this.flush();
    this.#lastChange = change.time;
    if (change.nonEmpty) this.#latest = change;
  }

  advance(time: number): void {
    if (this.#lastChange !== undefined && time - this.#lastChange > HIGHLIGHT_SETTLE_MS) this.flush();
  }

  flush(): void {
    const latest = this.#latest;
    this.#latest = undefined;
    this.#lastChange = undefined;
    // White space only is not something a user highlights to read.
    if (latest === undefined || latest.text?.trim() === '') return;
    const fields: Record<string, unknown> = {};
    if (latest.text !== undefined) fields.text = latest.text;
    const target = targetFields(latest.target);
    if (target !== undefined) fields.target = target;
    this.emit({ type: 'highlight', time: latest.time, order: latest.order, fields });
  }
}

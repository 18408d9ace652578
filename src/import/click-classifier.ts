// Decides what each click was: a rage click (a burst on one spot), an error click (a console
// error followed), a dead click (nothing visible followed), or a plain click. Decisions wait until
// the windows below have passed in recording time, so the classifier works on a stream.

import { targetFields, type DerivedEvent, type DerivedTarget } from './derived-event.js';

/** Clicks in one burst needed for a rage click. */
export const RAGE_CLICK_MIN_COUNT = 3;
/** Longest gap between two clicks of a rage-click burst. */
export const RAGE_CLICK_INTERVAL_MS = 1_000;
/** Every click of a burst lies within this distance of the burst's first click. */
export const RAGE_CLICK_RADIUS_PX = 30;
/** A click with no DOM mutation, scroll, input, navigation or text selection this soon after it is dead. */
export const DEAD_CLICK_WINDOW_MS = 1_000;
/** A click followed by a console error this soon after it is an error click. */
export const ERROR_CLICK_WINDOW_MS = 1_000;

const SETTLED_AFTER_MS = Math.max(DEAD_CLICK_WINDOW_MS, ERROR_CLICK_WINDOW_MS);

/** A click as the deriver saw it, with its target resolved at click time. */
export interface ClickInput {
  readonly time: number;
  readonly order: number;
  readonly nodeId: number | undefined;
  readonly x: number | undefined;
  readonly y: number | undefined;
  readonly target: DerivedTarget | undefined;
  /** A text field, select or editable element: focusing it is a visible response. */
  readonly editable: boolean;
  /** Something visible already changed between the mouse-down and this click. */
  readonly respondedEarly: boolean;
}

interface PendingClick extends ClickInput {
  responded: boolean;
  errored: boolean;
  readonly burst: Burst;
}

interface Burst {
  readonly clicks: PendingClick[];
  closed: boolean;
  /** A text selection came with it: three clicks that select a paragraph are not rage. */
  selected: boolean;
}

const distance = (first: ClickInput, second: ClickInput): number =>
  first.x === undefined || first.y === undefined || second.x === undefined || second.y === undefined
    ? first.nodeId === second.nodeId ? 0 : Infinity
    : Math.hypot(first.x - second.x, first.y - second.y);

/** Classifies the clicks of one window of a recording. */
export class ClickClassifier {
  readonly #pending: PendingClick[] = [];
  #burst: Burst | undefined;

  constructor(private readonly emit: (event: DerivedEvent) => void) {}

  click(input: ClickInput): void {
    const current = this.#burst;
    const first = current?.clicks[0];
    const last = current?.clicks.at(-1);
    const continues =
      first !== undefined && last !== undefined && input.time - last.time <= RAGE_CLICK_INTERVAL_MS && distance(first, input) <= RAGE_CLICK_RADIUS_PX;
    let burst = current;
    if (burst === undefined || !continues) {
      this.#closeBurst();
      burst = { clicks: [], closed: false, selected: false };
      this.#burst = burst;
    }
    const click: PendingClick = { ...input, responded: input.respondedEarly, errored: false, burst };
    burst.clicks.push(click);
    this.#pending.push(click);
  }

  /** A visible response at `time`: counts for every click within the dead-click window before it. */
  response(time: number): void {
    for (const click of this.#pending) if (time - click.time <= DEAD_CLICK_WINDOW_MS) click.responded = true;
  }

  consoleError(time: number): void {
    for (const click of this.#pending) if (time - click.time <= ERROR_CLICK_WINDOW_MS) click.errored = true;
  }

  /** A non-empty text selection: a response, and it marks a triple-click rather than rage. */
  textSelected(time: number): void {
    this.response(time);
    if (this.#burst !== undefined && !this.#burst.closed) this.#burst.selected = true;
  }

  /** Recording time has reached `time`: decide every click whose windows have passed. */
  advance(time: number): void {
    const last = this.#burst?.clicks.at(-1);
    if (last !== undefined && time - last.time > RAGE_CLICK_INTERVAL_MS) this.#closeBurst();
    while (this.#pending.length > 0) {
      const click = this.#pending[0]!;
      if (!click.burst.closed || time - click.time <= SETTLED_AFTER_MS) break;
      this.#pending.shift();
      this.#emitClick(click, true);
    }
  }

  /** The recording ended at `endTime`: decide the rest; a click too close to the end is never dead. */
  finish(endTime: number): void {
    this.#closeBurst();
    for (const click of this.#pending.splice(0)) this.#emitClick(click, endTime - click.time >= DEAD_CLICK_WINDOW_MS);
  }

  #closeBurst(): void {
    const burst = this.#burst;
    if (burst === undefined) return;
    burst.closed = true;
    this.#burst = undefined;
    const count = burst.clicks.length;
    if (count < RAGE_CLICK_MIN_COUNT || (count === RAGE_CLICK_MIN_COUNT && burst.selected)) return;
    // A rage click replaces the clicks it is made of.
    const first = burst.clicks[0]!;
    for (const click of burst.clicks) this.#pending.splice(this.#pending.indexOf(click), 1);
    const target = targetFields(first.target);
    this.emit({
      type: 'rage-click',
      time: first.time,
      order: first.order,
      fields: target === undefined ? { count } : { target, count },
    });
  }

  #emitClick(click: PendingClick, windowPassed: boolean): void {
    let type: 'click' | 'dead-click' | 'error-click' = 'click';
    if (click.errored) type = 'error-click';
    else if (!click.responded && !click.editable && windowPassed) type = 'dead-click';
    const target = targetFields(click.target);
    this.emit({ type, time: click.time, order: click.order, fields: target === undefined ? {} : { target } });
  }
}

// A one-line picture of the whole session over time: where the kept events are, where the
// dropped ones are, and the gaps between them.

import type { EventFate, SessionEvent } from '../index.js';

export const BAR_KEPT = '█';
export const BAR_DROPPED = '·';
export const BAR_EMPTY = ' ';

/**
 * `width` cells spanning the first to the last event's time. A cell is BAR_KEPT when it holds a
 * kept event, BAR_DROPPED when it holds only dropped ones, BAR_EMPTY when no event falls in it.
 * One pass over the events; call it once per prepared request and width, not per frame.
 */
export function sessionBar(events: readonly SessionEvent[], fate: (index: number) => EventFate, width: number): string {
  const cells = Math.max(1, Math.floor(width));
  const first = events[0];
  const last = events.at(-1);
  if (first === undefined || last === undefined) return BAR_EMPTY.repeat(cells);
  const span = last.time - first.time;
  const marks = new Uint8Array(cells);
  for (let index = 0; index < events.length; index++) {
    const event = events[index] as SessionEvent;
    const cell = span <= 0 ? 0 : Math.min(cells - 1, Math.floor(((event.time - first.time) / span) * cells));
    const mark = fate(index) === 'kept' ? 2 : 1;
    if (mark > (marks[cell] as number)) marks[cell] = mark;
  }
  let bar = '';
  for (const mark of marks) bar += mark === 2 ? BAR_KEPT : mark === 1 ? BAR_DROPPED : BAR_EMPTY;
  return bar;
}

// The rows of the Events pane, computed only for the ones on screen: sessions can hold 50,000+
// events and a frame shows about twenty.

import type { EventExplanation, EventFate, Session } from '../index.js';
import { describeEvent } from './describe-event.js';

export interface EventRow {
  readonly index: number;
  /** `HH:MM:SS.mmm`, UTC. */
  readonly time: string;
  readonly fate: EventFate;
  readonly label: string;
  readonly detail: string;
}

/** Why an event was dropped (or that it was kept), as the pane prints it. */
export const FATE_LABELS: Readonly<Record<EventFate, string>> = {
  kept: 'kept',
  'filtered-by-type': 'filtered by type',
  'outside-window': 'outside window',
  'over-limit': 'over limit',
};

/** `HH:MM:SS.mmm` in UTC, the zone fixtures are usually recorded in. */
export function clockTime(time: number): string {
  return Number.isFinite(time) ? new Date(time).toISOString().slice(11, 23) : '—';
}

/** Rows `top` to `top + count - 1` (fewer at the end of the session). */
export function visibleEventRows(session: Session, explanation: EventExplanation, top: number, count: number): EventRow[] {
  const rows: EventRow[] = [];
  const end = Math.min(session.events.length, Math.max(0, top) + Math.max(0, count));
  for (let index = Math.max(0, top); index < end; index++) {
    const event = session.events[index];
    if (event === undefined) break;
    const { label, detail } = describeEvent(event);
    rows.push({ index, time: clockTime(event.time), fate: explanation.fate(index), label, detail });
  }
  return rows;
}

/** The index of the nearest kept event after (`step` 1) or before (`step` -1) `from`, if any. */
export function nearestKept(explanation: EventExplanation, total: number, from: number, step: 1 | -1): number | undefined {
  for (let index = from + step; index >= 0 && index < total; index += step) {
    if (explanation.fate(index) === 'kept') return index;
  }
  return undefined;
}

// The facts a rule-based summary is made of, computed from the kept events only.

import type { IndexedEvent } from '../../pipeline/indexed-event.js';
import type { SessionEvent } from '../../session/session-schema.js';

export interface PageVisit {
  readonly url: string;
  readonly title: string | undefined;
}

/** A friction or error signal and how often it happened, e.g. rage clicks on one button. */
export interface Signal {
  readonly type: string;
  /** What it happened on: a button's text or selector, a request, a message; empty for the page as a whole. */
  readonly subject: string;
  /** Occurrences; for rage clicks the sum of their click counts. */
  readonly count: number;
}

export interface SessionFacts {
  readonly eventCount: number;
  readonly durationMs: number;
  readonly pages: readonly PageVisit[];
  readonly friction: readonly Signal[];
  readonly errors: readonly Signal[];
  readonly customEvents: readonly Signal[];
  readonly inputs: number;
  readonly clicks: number;
  readonly last: SessionEvent | undefined;
  readonly lastPage: PageVisit | undefined;
}

const FRICTION = new Set(['rage-click', 'dead-click', 'error-click', 'mouse-thrash']);

function subjectOf(event: SessionEvent): string {
  if (event.type === 'network-error') return `${event.method ?? 'GET'} ${event.url ?? '?'} → ${event.status ?? 'failed'}`;
  if (event.type === 'console-error') return event.message ?? 'unknown error';
  const target = event.target;
  return target?.text ?? target?.selector ?? event.url ?? '';
}

function countInto(signals: Map<string, Signal>, type: string, subject: string, count: number): void {
  const key = `${type}\u0000${subject}`;
  const previous = signals.get(key);
  signals.set(key, { type, subject, count: (previous?.count ?? 0) + count });
}

/** Pages in order, friction and error signals with counts, custom events and the last event. */
export function sessionFacts(events: readonly IndexedEvent[]): SessionFacts {
  const pages: PageVisit[] = [];
  const friction = new Map<string, Signal>();
  const errors = new Map<string, Signal>();
  const customEvents = new Map<string, Signal>();
  let inputs = 0;
  let clicks = 0;
  for (const { event } of events) {
    if (event.type === 'navigate' && event.url !== undefined) {
      const previous = pages.at(-1);
      if (previous?.url !== event.url) pages.push({ url: event.url, title: event.title });
    } else if (FRICTION.has(event.type)) {
      countInto(friction, event.type, subjectOf(event), event.type === 'rage-click' ? (event.count ?? 1) : 1);
      // A rage, dead or error click is a click too: "0 clicks" beside a rage click would be false.
      if (event.type !== 'mouse-thrash') clicks++;
    } else if (event.type === 'network-error' || event.type === 'console-error') {
      countInto(errors, event.type, subjectOf(event), 1);
    } else if (event.type === 'custom') {
      countInto(customEvents, 'custom', event.name ?? '', 1);
    } else if (event.type === 'input-change') {
      inputs++;
    } else if (event.type === 'click') {
      clicks++;
    }
  }
  const first = events[0]?.event;
  const last = events.at(-1)?.event;
  return {
    eventCount: events.length,
    durationMs: first === undefined || last === undefined ? 0 : last.time - first.time,
    pages,
    friction: [...friction.values()],
    errors: [...errors.values()],
    customEvents: [...customEvents.values()],
    inputs,
    clicks,
    last,
    lastPage: pages.at(-1),
  };
}

// What a session search reads instead of a session's fixture (sql/search-sessions.ts): computed
// from the session's events when the session is stored, and again as server events join it. One
// function for the store's writes, the migration that fills it for stored sessions, and the bench.

import { EVENT_TYPES } from '../../session/event-types.js';
import { parseIsoTimestamp } from '../../session/iso-timestamp.js';

export interface SessionFacts {
  /** Milliseconds since the epoch of the session's first and last event; null without events. */
  readonly firstEventMs: number | null;
  readonly lastEventMs: number | null;
  /** How many events the session has of each count key (see eventCountKey). */
  readonly counts: ReadonlyMap<string, number>;
  /** Every distinct URL of the session's events, lower-cased, one per line. */
  readonly urls: string;
}

/** A server event that joined a session: summaries read it as a custom event with its name. */
export interface JoinedEvent {
  readonly name: string;
  /** ISO 8601, as the server stores it. */
  readonly timestamp: string;
  /** False for an event whose name the limit of event names refused: it spans the session's time, but search does not find it. */
  readonly indexed?: boolean;
}

const eventTypes: ReadonlySet<string> = new Set(EVENT_TYPES);
const CUSTOM_PREFIX = 'custom:';

/**
 * The count key a search names: an event type (the spec's, or `custom` for every custom event)
 * stands for itself; any other name is a custom event's, kept apart with a prefix that no type has.
 */
export function eventCountKey(typeOrName: string): string {
  return eventTypes.has(typeOrName) ? typeOrName : `${CUSTOM_PREFIX}${typeOrName}`;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

class FactsBuilder {
  first: number | null = null;
  last: number | null = null;
  readonly counts = new Map<string, number>();
  readonly urls = new Set<string>();

  count(key: string): void {
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
  }

  time(value: unknown): void {
    const time = typeof value === 'string' ? parseIsoTimestamp(value) : undefined;
    if (time === undefined) return;
    if (this.first === null || time < this.first) this.first = time;
    if (this.last === null || time > this.last) this.last = time;
  }

  facts(): SessionFacts {
    return { firstEventMs: this.first, lastEventMs: this.last, counts: this.counts, urls: [...this.urls].join('\n') };
  }
}

/**
 * The facts of a session from its fixture's `events` (anything else counts as no events; events
 * that are no valid fixture events are skipped) and the server events that joined it.
 */
export function sessionFacts(fixtureEvents: unknown, joined: readonly JoinedEvent[] = []): SessionFacts {
  const builder = new FactsBuilder();
  if (Array.isArray(fixtureEvents)) {
    for (const event of fixtureEvents) {
      if (!isObject(event) || typeof event.type !== 'string' || !eventTypes.has(event.type)) continue;
      builder.time(event.timestamp);
      builder.count(event.type);
      if (event.type === 'custom' && typeof event.name === 'string' && event.name !== '') builder.count(`${CUSTOM_PREFIX}${event.name}`);
      // One URL a line: a line break inside a URL would split it, so it becomes a space.
      if (typeof event.url === 'string' && event.url !== '') builder.urls.add(event.url.toLowerCase().replace(/[\r\n]/g, ' '));
    }
  }
  for (const event of joined) {
    builder.time(event.timestamp);
    if (event.indexed === false) continue;
    builder.count('custom');
    builder.count(`${CUSTOM_PREFIX}${event.name}`);
  }
  return builder.facts();
}

// The fast half of loading a session fixture, without zod: an event's time when the event is
// valid, and the session made of checked parts. parse-session.ts words the problems (with zod)
// when these say no.

import { EVENT_TYPES } from './event-types.js';
import { parseIsoTimestamp } from './iso-timestamp.js';
import { dataProblemAt, isPlainObject } from './data-problem.js';
import type { Session, SessionEvent } from './session-schema.js';
import { noteSortedEvents } from './sorted-events.js';
import { noteValuedEvents, type ValuedEventsNote } from './valued-events.js';

const eventTypes: ReadonlySet<string> = new Set(EVENT_TYPES);

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const optionalString = (value: unknown): boolean => value === undefined || typeof value === 'string';

/** Whether the event eventTime read last holds a string or number `value` (or is a paste with its text), seen in its one pass over the event's keys (see valued-events.ts). */
let lastHadValue = false;
export const lastEventHadValue = (): boolean => lastHadValue;

// The same rules as `sessionEventSchema`, hand-written because a session may hold a million
// events and zod costs more than JSON.parse itself there. A test checks that the two agree;
// when this says no, zod is asked for the precise messages. One pass over the event's own keys:
// events come in many shapes, and looking up a dozen mostly absent fields on each costs more.
export function eventTime(event: unknown): number | undefined {
  lastHadValue = false;
  if (!isObject(event)) return undefined;
  let type: unknown;
  let timestamp: unknown;
  let name: unknown;
  let text = false;
  for (const key in event) {
    const value = event[key];
    if (value === undefined) continue;
    switch (key) {
      case 'type':
        type = value;
        break;
      case 'timestamp':
        timestamp = value;
        break;
      case 'name':
        if (typeof value !== 'string' || value === '') return undefined;
        name = value;
        break;
      case 'text':
        if (typeof value !== 'string') return undefined;
        text = true;
        break;
      case 'url':
      case 'title':
      case 'message':
      case 'method':
        if (typeof value !== 'string') return undefined;
        break;
      case 'target':
        if (!(isObject(value) && optionalString(value.selector) && optionalString(value.text)) || dataProblemAt(value) !== undefined) return undefined;
        break;
      case 'value':
        // A value typed as a number is typed as much as one typed as a string (`"value": 583920` into
        // a field for a code: see typedValueOf). zod's number() refuses Infinity and NaN (JSON has
        // neither; a caller's objects may).
        if (typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value))) lastHadValue = true;
        else if (value !== null && typeof value !== 'boolean') return undefined;
        break;
      // zod's int() means a safe integer.
      case 'status':
        if (!Number.isSafeInteger(value)) return undefined;
        break;
      case 'count':
        if (!(Number.isSafeInteger(value) && (value as number) >= 0)) return undefined;
        break;
      case 'properties':
        // zod's record() takes plain objects only (not a Date, a Map or a class's instance).
        if (!isPlainObject(value) || dataProblemAt(value) !== undefined) return undefined;
        break;
      default:
        // Any other field may hold any JSON data, not nested without end (see data-problem.ts).
        // Strings and numbers, most fields, are judged here, without a call.
        if (typeof value === 'number' ? !Number.isFinite(value) : typeof value !== 'string' && dataProblemAt(value) !== undefined) return undefined;
    }
  }
  if (typeof type !== 'string' || !eventTypes.has(type)) return undefined;
  if (typeof timestamp !== 'string') return undefined;
  if (type === 'custom' && name === undefined) return undefined;
  // What was pasted into a field is typed into it as much as a value is.
  if (type === 'paste' && text) lastHadValue = true;
  return parseIsoTimestamp(timestamp);
}

/** True when the fast check accepts the event; exported so a test can hold it to the zod schema. */
export function isValidEventFast(event: unknown): boolean {
  return eventTime(event) !== undefined;
}

/**
 * The session of `header` and `fileOrder`, its events sorted by time (stably). `valued`: the events
 * of `fileOrder` that hold a string value, when the loader noted them as it read each event.
 */
export function withEvents(header: Omit<Session, 'events'>, fileOrder: readonly SessionEvent[], sorted: boolean, valued?: ValuedEventsNote): Session {
  // Array.prototype.sort is stable, so events with equal timestamps keep their file order.
  const events = sorted ? fileOrder : [...fileOrder].sort((a, b) => a.time - b.time);
  noteValuedEvents(events, valued);
  noteSortedEvents(events);
  return { ...header, events } as Session;
}

// Validates a session fixture and returns it with events sorted by time, stably (see
// docs/fixtures.md).

import { describeIssue } from './describe-issue.js';
import { EVENT_TYPES } from './event-types.js';
import { parseIsoTimestamp } from './iso-timestamp.js';
import { formatJsonPath } from './json-path.js';
import { jsonSyntaxIssue } from './json-syntax-issue.js';
import { MAX_NESTING, tooDeepAt } from './nesting.js';
import { SessionFixtureError, type SessionIssue } from './session-error.js';
import {
  sessionEventSchema,
  sessionFixtureSchema,
  type FixtureEvent,
  type Session,
  type SessionEvent,
} from './session-schema.js';

/**
 * Options of {@link parseSession}, {@link safeParseSession} and {@link parseFixtureText}.
 *
 * @category Sessions
 */
export interface ParseSessionOptions {
  /** The file the fixture came from, named in error messages. */
  readonly source?: string;
}

/**
 * What {@link safeParseSession} returns: the session, or the error {@link parseSession} would throw.
 *
 * @category Sessions
 */
export type SafeParseSessionResult =
  | { readonly success: true; readonly session: Session }
  | { readonly success: false; readonly error: SessionFixtureError };

const MAX_REPORTED_ISSUES = 20;
const eventTypes: ReadonlySet<string> = new Set(EVENT_TYPES);

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const optionalString = (value: unknown): boolean => value === undefined || typeof value === 'string';

// The same rules as `sessionEventSchema`, hand-written because a session may hold a million
// events and zod costs more than JSON.parse itself there. A test checks that the two agree;
// when this says no, zod is asked for the precise messages. One pass over the event's own keys:
// events come in many shapes, and looking up a dozen mostly absent fields on each costs more.
export function eventTime(event: unknown): number | undefined {
  if (!isObject(event)) return undefined;
  let type: unknown;
  let timestamp: unknown;
  let name: unknown;
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
      case 'url':
      case 'title':
      case 'message':
      case 'method':
      case 'text':
        if (typeof value !== 'string') return undefined;
        break;
      case 'target':
        if (!(isObject(value) && optionalString(value.selector) && optionalString(value.text)) || tooDeepAt(value, MAX_NESTING) !== undefined) return undefined;
        break;
      case 'value':
        // zod's number() refuses Infinity and NaN (JSON has neither; a caller's objects may).
        if (value !== null && typeof value !== 'string' && !(typeof value === 'number' && Number.isFinite(value)) && typeof value !== 'boolean') return undefined;
        break;
      // zod's int() means a safe integer.
      case 'status':
        if (!Number.isSafeInteger(value)) return undefined;
        break;
      case 'count':
        if (!(Number.isSafeInteger(value) && (value as number) >= 0)) return undefined;
        break;
      case 'properties':
        if (!isObject(value) || tooDeepAt(value, MAX_NESTING) !== undefined) return undefined;
        break;
      default:
        // Any other field may hold anything, but not nested without end (nesting.ts).
        if (typeof value === 'object' && value !== null && tooDeepAt(value, MAX_NESTING) !== undefined) return undefined;
    }
  }
  if (typeof type !== 'string' || !eventTypes.has(type)) return undefined;
  if (typeof timestamp !== 'string') return undefined;
  if (type === 'custom' && name === undefined) return undefined;
  return parseIsoTimestamp(timestamp);
}

/** True when the fast check accepts the event; exported so a test can hold it to the zod schema. */
export function isValidEventFast(event: unknown): boolean {
  return eventTime(event) !== undefined;
}

function eventIssues(event: unknown, index: number): SessionIssue[] {
  const result = sessionEventSchema.safeParse(event, { reportInput: true });
  if (result.success) return [{ path: `events[${index}]`, message: 'invalid event' }];
  return result.error.issues.map((issue) => ({
    path: formatJsonPath(['events', index, ...issue.path]),
    message: describeIssue(issue),
  }));
}

/** A fixture that passed: the session, and its events in the order of the file. */
export type ParsedFixture =
  | { readonly success: true; readonly session: Session; readonly fileOrder: readonly SessionEvent[] }
  | { readonly success: false; readonly error: SessionFixtureError };

/**
 * Validates a session fixture as {@link parseSession} does, without throwing: the result says
 * whether it passed.
 *
 * @param input - The fixture's JSON text, or the value it parses to.
 * @param options - `source`: the file name used in messages.
 * @category Sessions
 */
export function safeParseSession(input: unknown, options: ParseSessionOptions = {}): SafeParseSessionResult {
  const result = parseFixture(input, options);
  return result.success ? { success: true, session: result.session } : result;
}

/** {@link safeParseSession}, keeping the events' file order too (fixture-text.ts builds on it). */
export function parseFixture(input: unknown, options: ParseSessionOptions = {}): ParsedFixture {
  const fail = (issues: SessionIssue[]): ParsedFixture => ({
    success: false,
    error: new SessionFixtureError(issues, options.source),
  });
  let data: unknown = input;
  // Events parsed here from text belong to no one else and get `time` in place; a caller's
  // objects are copied so that loading never changes them.
  const owned = typeof input === 'string';
  if (owned) {
    // Editors on Windows may start UTF-8 files with a byte order mark, which JSON does not allow.
    const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
    try {
      data = JSON.parse(text);
    } catch (error) {
      return fail([jsonSyntaxIssue(text, error)]);
    }
  }
  if (!isObject(data)) return fail([{ path: '', message: 'expected a JSON object with "id" and "events"' }]);

  const { events, ...header } = data;
  const headerResult = sessionFixtureSchema.safeParse({ ...header, events: [] }, { reportInput: true });
  const issues: SessionIssue[] = headerResult.success
    ? []
    : headerResult.error.issues.map((issue) => ({ path: formatJsonPath(issue.path), message: describeIssue(issue) }));
  if (!Array.isArray(events)) {
    issues.push({ path: 'events', message: events === undefined ? 'is required' : 'expected a list of events' });
    return fail(issues);
  }

  const loaded: SessionEvent[] = new Array<SessionEvent>(events.length);
  let sorted = true;
  let previous = -Infinity;
  for (let index = 0; index < events.length; index++) {
    const event: unknown = events[index];
    const time = eventTime(event);
    if (time === undefined) {
      if (issues.length < MAX_REPORTED_ISSUES) issues.push(...eventIssues(event, index));
      else issues.push({ path: `events[${index}]`, message: 'invalid event' });
      continue;
    }
    if (time < previous) sorted = false;
    previous = time;
    if (owned) {
      (event as { time: number }).time = time;
      loaded[index] = event as SessionEvent;
    } else {
      loaded[index] = { ...(event as FixtureEvent), time };
    }
  }
  if (issues.length > MAX_REPORTED_ISSUES) {
    const hidden = issues.length - MAX_REPORTED_ISSUES;
    issues.length = MAX_REPORTED_ISSUES;
    issues.push({ path: '', message: `... and ${hidden} more problem(s)` });
  }
  if (issues.length > 0 || !headerResult.success) return fail(issues);
  const session = withEvents(headerResult.data as Omit<Session, 'events'>, loaded, sorted);
  return { success: true, session, fileOrder: loaded };
}

/** The session of `header` and `fileOrder`, its events sorted by time (stably). */
export function withEvents(header: Omit<Session, 'events'>, fileOrder: readonly SessionEvent[], sorted: boolean): Session {
  // Array.prototype.sort is stable, so events with equal timestamps keep their file order.
  const events = sorted ? fileOrder : [...fileOrder].sort((a, b) => a.time - b.time);
  return { ...header, events } as Session;
}

/**
 * Validates a session fixture (see docs/fixtures.md) and returns it with events sorted by
 * timestamp (stably); an event's index is its position in that order. Each event gains `time`,
 * its timestamp in epoch milliseconds. A string is parsed as JSON text (a leading byte order mark
 * is allowed); any other value is taken as the parsed fixture and is not changed.
 *
 * @param input - The fixture's JSON text, or the value it parses to.
 * @param options - `source`: the file name used in messages.
 * @returns The loaded session.
 * @throws {@link SessionFixtureError} naming the JSON path of each problem (at most 20 are listed).
 * @example
 * ```ts
 * import { parseSession } from 'recap';
 *
 * const session = parseSession({
 *   id: 'u-1:s-1',
 *   events: [
 *     { type: 'click', timestamp: '2026-03-01T10:00:03.000Z', target: { text: 'Apply coupon' } },
 *     { type: 'navigate', timestamp: '2026-03-01T10:00:00.000Z', url: 'https://shop.example/cart' },
 *   ],
 * });
 * session.events.map((event) => event.type); // ['navigate', 'click']
 * ```
 * @category Sessions
 */
export function parseSession(input: unknown, options: ParseSessionOptions = {}): Session {
  const result = safeParseSession(input, options);
  if (!result.success) throw result.error;
  return result.session;
}

// Validates a session fixture and returns it with events sorted by time, stably (see
// docs/fixtures.md).

import { dataProblemAt } from './data-problem.js';
import { describeIssue } from './describe-issue.js';
import { eventTime, isObject, lastEventHadValue, withEvents } from './event-time.js';
import { formatJsonPath } from './json-path.js';
import { jsonSyntaxIssue } from './json-syntax-issue.js';
import { withProtoKeys } from './proto-keys.js';
import { quickParseFixture } from './quick-parse-fixture.js';
import { SessionFixtureError, type SessionIssue } from './session-error.js';
import {
  sessionEventSchema,
  sessionFixtureSchema,
  type FixtureEvent,
  type Session,
  type SessionEvent,
} from './session-schema.js';
import { ValuedEventsNote } from './valued-events.js';

/**
 * Options of {@link parseSession}, {@link safeParseSession} and {@link parseFixtureText}.
 *
 * @category Sessions
 */
export interface ParseSessionOptions {
  /** The file the fixture came from, named in error messages. */
  readonly source?: string;
  /**
   * Whether messages quote the values they find wrong (`got "abc"`; default true). A caller that
   * reads the session under privacy rules passes false: the value may be one the rules protect,
   * and a message names its kind instead (`got a string`).
   */
  readonly quoteValues?: boolean;
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

/**
 * The first field of `object` (as given, not as zod rebuilt it) that is not JSON data: zod's
 * refinements see the objects it built, without the keys named `__proto__` it passes over and
 * with a Map where an object goes read as an empty object.
 */
function dataIssue(object: Record<string, unknown>, at: readonly (string | number)[]): SessionIssue | undefined {
  for (const key of Object.keys(object)) {
    const problem = dataProblemAt(object[key]);
    if (problem !== undefined) return { path: formatJsonPath([...at, key, ...problem.path]), message: problem.message };
  }
  return undefined;
}

function eventIssues(event: unknown, index: number, quote: boolean): SessionIssue[] {
  const result = sessionEventSchema.safeParse(event, { reportInput: true });
  if (result.success) return [(isObject(event) ? dataIssue(event, ['events', index]) : undefined) ?? { path: `events[${index}]`, message: 'invalid event' }];
  return result.error.issues.map((issue) => ({
    path: formatJsonPath(['events', index, ...issue.path]),
    message: describeIssue(issue, quote),
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
  const quick = quickParseFixture(input);
  return quick !== undefined ? { success: true, ...quick } : parseFixtureFully(input, options);
}

/** {@link parseFixture} without the quick path: every part checked by the zod schemas (tests hold the quick path to it). */
export function parseFixtureFully(input: unknown, options: ParseSessionOptions = {}): ParsedFixture {
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
      return fail([jsonSyntaxIssue(text, error, { quotesText: options.quoteValues !== false })]);
    }
  }
  if (!isObject(data)) return fail([{ path: '', message: 'expected a JSON object with "id" and "events"' }]);
  const quote = options.quoteValues !== false;

  const { events, ...header } = data;
  const headerInput = { ...header, events: [] };
  const headerResult = sessionFixtureSchema.safeParse(headerInput, { reportInput: true });
  const issues: SessionIssue[] = headerResult.success
    ? []
    : headerResult.error.issues.map((issue) => ({ path: formatJsonPath(issue.path), message: describeIssue(issue, quote) }));
  const headerIssue = headerResult.success ? dataIssue(header, []) : undefined;
  if (headerIssue !== undefined) issues.push(headerIssue);
  if (!Array.isArray(events)) {
    issues.push({ path: 'events', message: events === undefined ? 'is required' : 'expected a list of events' });
    return fail(issues);
  }

  const loaded: SessionEvent[] = new Array<SessionEvent>(events.length);
  // The events with a value, noted while each is read (see valued-events.ts).
  const valued = new ValuedEventsNote();
  let sorted = true;
  let previous = -Infinity;
  for (let index = 0; index < events.length; index++) {
    const event: unknown = events[index];
    const time = eventTime(event);
    if (time === undefined) {
      if (issues.length < MAX_REPORTED_ISSUES) issues.push(...eventIssues(event, index, quote));
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
    if (lastEventHadValue()) valued.add(loaded[index] as SessionEvent);
  }
  if (issues.length > MAX_REPORTED_ISSUES) {
    const hidden = issues.length - MAX_REPORTED_ISSUES;
    issues.length = MAX_REPORTED_ISSUES;
    issues.push({ path: '', message: `... and ${hidden} more problem(s)` });
  }
  if (issues.length > 0 || !headerResult.success) return fail(issues);
  const checked = withProtoKeys(headerInput, headerResult.data) as Omit<Session, 'events'>;
  const session = withEvents(checked, loaded, sorted, valued);
  return { success: true, session, fileOrder: loaded };
}


/**
 * Validates a session fixture (see docs/fixtures.md) and returns it with events sorted by
 * timestamp (stably); an event's index is its position in that order. Each event gains `time`,
 * its timestamp in epoch milliseconds. A string is parsed as JSON text (a leading byte order mark
 * is allowed); any other value is taken as the parsed fixture and is not changed. Every value must
 * be JSON data: a number JSON cannot hold (1e400, read as Infinity; NaN), a function, a symbol, a
 * bigint, a Map, a Set or a class's instance is refused by path (a valid Date is kept, shown as its
 * ISO text). Keys named `__proto__` are kept as own fields, never as prototypes.
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

// What prepare takes on trust, checked where a JavaScript caller's object would otherwise give a
// normal-looking, wrong prompt: a session read with JSON.parse instead of parseSession (its events
// have no `time`, so every one falls outside the slice), a session built in code whose events are
// not in time order (slices are found by binary search), a profile whose slice, event or context
// settings are of the wrong kind (`mode: 'last'` acting as FIRST, `include_types: 'click'` as a set
// of letters), a privacy rules document where compiled rules go. A profile the quick check vouches
// for is checked once per object, a list of events once per list (never one the loader sorted).

import { compiledRulesProblem } from '../privacy/compiled-rules-problem.js';
import { SLICE_MODES } from '../profile/profile-terms.js';
import type { Profile } from '../profile/profile-schema.js';
import { quickCheckProfile } from '../profile/quick-check-profile.js';
import type { Session } from '../session/session-schema.js';
import { isKnownSorted, noteSortedEvents } from '../session/sorted-events.js';

/**
 * The profile or session given to `prepare` is not one it can prepare from: the message names
 * the field and how to get a valid one.
 *
 * @category Pipeline
 */
export class PrepareInputError extends TypeError {
  readonly code = 'invalid_input';
  constructor(message: string) {
    super(message);
    this.name = 'PrepareInputError';
  }
}

const vouched = new WeakSet<object>();

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isTimestamp = (value: unknown): boolean => typeof value === 'string' && !Number.isNaN(Date.parse(value));

/** The problems of the settings prepare reads, for a profile the quick check could not vouch for. */
function profileProblems(profile: unknown): string[] {
  if (!isObject(profile)) return [`the profile is ${profile === null ? 'null' : typeof profile}, not an object`];
  const problems: string[] = [];
  const section = (name: string): Record<string, unknown> | undefined => {
    const value = profile[name];
    if (value === undefined) return undefined;
    if (!isObject(value)) problems.push(`${name}: expected an object, got ${JSON.stringify(value) ?? typeof value}`);
    return isObject(value) ? value : undefined;
  };
  const list = (owner: Record<string, unknown> | undefined, name: string, path: string): void => {
    const value = owner?.[name];
    if (value !== undefined && !(Array.isArray(value) && value.every((item) => typeof item === 'string'))) problems.push(`${path}: expected a list of names, got ${JSON.stringify(value)}`);
  };
  const slice = section('slice');
  if (slice !== undefined) {
    const { mode, event_limit: limit, start_timestamp: start, end_timestamp: end } = slice;
    if (mode !== undefined && !(SLICE_MODES as readonly unknown[]).includes(mode)) problems.push(`slice.mode: expected ${SLICE_MODES.join(', ')}, got ${JSON.stringify(mode)}`);
    if (limit !== undefined && !(Number.isSafeInteger(limit) && (limit as number) >= 0)) problems.push(`slice.event_limit: expected a whole number of at least 0, got ${String(limit)}`);
    if (start !== undefined && !isTimestamp(start)) problems.push('slice.start_timestamp: expected an ISO 8601 string');
    if (end !== undefined && !isTimestamp(end)) problems.push('slice.end_timestamp: expected an ISO 8601 string');
    if (mode === 'TIMESTAMP' && start === undefined) problems.push('slice.mode: TIMESTAMP needs slice.start_timestamp');
  }
  const events = section('events');
  list(events, 'include_types', 'events.include_types');
  list(events, 'exclude_types', 'events.exclude_types');
  const context = section('context');
  list(context, 'include', 'context.include');
  list(context, 'exclude', 'context.exclude');
  const llm = section('llm');
  for (const name of ['pre_prompt', 'post_prompt']) {
    if (llm?.[name] !== undefined && typeof llm[name] !== 'string') problems.push(`llm.${name}: expected text, got ${typeof llm[name]}`);
  }
  return problems;
}

/** A time as a message shows it: its ISO text when it is a date. */
const shownTime = (time: number): string => (Math.abs(time) <= 8.64e15 ? new Date(time).toISOString() : String(time));

/**
 * The first event of `events` without a time, or earlier than the one before it; undefined when
 * they are in time order. One pass: called once per list.
 */
function orderProblem(events: readonly unknown[]): string | undefined {
  let previous = -Infinity;
  for (let index = 0; index < events.length; index++) {
    const time: unknown = (events[index] as { time?: unknown } | null | undefined)?.time;
    if (typeof time !== 'number' || !Number.isFinite(time)) {
      return `events[${index}] of the session has no time (epoch milliseconds): read the session with parseSession or loadSession, which add it`;
    }
    if (time < previous) {
      return `events[${index}] of the session is out of time order: its time (${shownTime(time)}) is before that of events[${index - 1}] (${shownTime(previous)}); a session's events must be sorted by time, as parseSession and loadSession return them: sort them by time (stably) or read the session with parseSession`;
    }
    previous = time;
  }
  return undefined;
}

/** Throws {@link PrepareInputError} for a profile, session or privacy rules prepare would render wrongly. */
export function checkPrepareInputs(profile: Profile, session: Session, privacy?: unknown): void {
  if (!vouched.has(profile as object)) {
    if (!isObject(profile) || quickCheckProfile(profile) === undefined) {
      const problems = profileProblems(profile);
      if (problems.length > 0) {
        throw new PrepareInputError(`prepare: the profile is not valid: ${problems.join('; ')} (check a profile object with checkProfile, or read YAML with parseProfile or loadProfile)`);
      }
    }
    vouched.add(profile);
  }
  const events = (session as { events?: unknown } | null)?.events;
  if (!Array.isArray(events)) throw new PrepareInputError('prepare: the session has no events list: read it with parseSession or loadSession');
  for (const at of [0, events.length - 1]) {
    const event = events[at] as { time?: unknown } | undefined;
    if (event !== undefined && typeof event.time !== 'number') {
      throw new PrepareInputError(`prepare: events[${at}] of the session has no time: a session read with JSON.parse is not a parsed session; read it with parseSession or loadSession`);
    }
  }
  // A list the loader sorted (or one checked before) costs nothing here: a slice of a million events stays a slice's work.
  if (!isKnownSorted(events)) {
    const problem = orderProblem(events);
    if (problem !== undefined) throw new PrepareInputError(`prepare: ${problem}`);
    noteSortedEvents(events as Session['events']);
  }
  if (privacy !== undefined) {
    const problem = compiledRulesProblem(privacy);
    if (problem !== undefined) throw new PrepareInputError(`prepare: options.privacy: ${problem}`);
  }
}

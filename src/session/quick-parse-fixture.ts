// Loading a valid session fixture without zod. `recap run` should not pay for loading zod, which
// costs more than the rest of the command; parse-session.ts (zod) stays the definition and words
// every problem. What this accepts, the full parse accepts too, with the same session, key order
// included: a property test holds the two together. It may refuse what the full parse accepts.

import { dataProblemAt } from './data-problem.js';
import { eventTime, isObject, lastEventHadValue, withEvents } from './event-time.js';
import { timestampProblem } from './iso-timestamp.js';
import type { Session, SessionEvent } from './session-schema.js';
import { ValuedEventsNote } from './valued-events.js';

type Plain = Record<string, unknown>;
type Header = Omit<Session, 'events'>;

/** Thrown inside the check to give up; never leaves this module. */
const NOT_VOUCHED = Symbol('not vouched');
const giveUp = (): never => {
  throw NOT_VOUCHED;
};

/** A plain object of data without `__proto__` keys or undefined values. */
function plain(value: unknown): Plain {
  if (!isObject(value)) return giveUp();
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return giveUp();
  if (Object.hasOwn(value, '__proto__')) return giveUp();
  for (const key of Object.keys(value)) if (value[key] === undefined) giveUp();
  return value;
}

const string = (value: unknown): string => (typeof value === 'string' ? value : giveUp());
const size = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : giveUp());
const record = (value: unknown): Plain => ({ ...plain(value) });

/**
 * A loose object as zod returns it: the known `fields` first, in their order, read through their
 * checks; then the other keys as they were.
 */
function loose(value: unknown, fields: Readonly<Record<string, (field: unknown) => unknown>>): Plain {
  const source = plain(value);
  const result: Plain = {};
  for (const [key, read] of Object.entries(fields)) if (Object.hasOwn(source, key)) result[key] = read(source[key]);
  for (const key of Object.keys(source)) if (!Object.hasOwn(fields, key)) result[key] = source[key];
  return result;
}

const USER = { id: string, uid: string, display_name: string, email: string, properties: record };
const ORG = { id: string, name: string, properties: record };
const LOCATION = { country: string, region: string, city: string };
// A viewport with fields besides width and height (`dpr`) is left to the schema, which keeps them.
const viewport = (value: unknown): Plain => {
  const source = plain(value);
  if (Object.keys(source).some((key) => key !== 'width' && key !== 'height')) giveUp();
  return { width: size(source.width), height: size(source.height) };
};
const DEVICE = { type: string, browser: string, os: string, viewport };

/** The fixture's fields besides `events` (with `events: []` where the schema puts it). */
function header(fields: Plain): Header {
  const id = string(fields.id);
  if (!/^[^:]+:.+$/.test(id)) giveUp();
  for (const key of Object.keys(fields)) if (dataProblemAt(fields[key]) !== undefined) giveUp();
  return loose(
    { ...fields, events: [] },
    {
      id: string,
      created_time: (value) => (typeof value === 'string' && timestampProblem(value) === undefined ? value : giveUp()),
      user: (value) => loose(value, USER),
      org: (value) => loose(value, ORG),
      location: (value) => loose(value, LOCATION),
      device: (value) => loose(value, DEVICE),
      events: (value) => value,
    },
  ) as unknown as Header;
}

/** A fixture that loaded: the session, and its events in the order of the file. */
export interface QuickFixture {
  readonly session: Session;
  readonly fileOrder: readonly SessionEvent[];
}

/**
 * The session of a fixture (its JSON text, or the value it parses to) when every part of it is
 * valid and plainly shaped; `undefined` when the full parse must decide. Events parsed here from
 * text get `time` in place; a caller's events are copied.
 */
export function quickParseFixture(input: unknown): QuickFixture | undefined {
  let data = input;
  const owned = typeof input === 'string';
  if (owned) {
    try {
      data = JSON.parse(input.charCodeAt(0) === 0xfeff ? input.slice(1) : input);
    } catch {
      return undefined;
    }
  }
  if (!isObject(data) || !Array.isArray(data.events)) return undefined;
  const { events, ...fields } = data as Plain & { events: unknown[] };
  let checked: Header;
  try {
    checked = header(fields);
  } catch (error) {
    if (error === NOT_VOUCHED) return undefined;
    throw error;
  }
  const times = new Float64Array(events.length);
  // The events with a value, noted while each is read (see valued-events.ts).
  const valued = new ValuedEventsNote();
  let sorted = true;
  for (let index = 0; index < events.length; index++) {
    const time = eventTime(events[index]);
    if (time === undefined) return undefined;
    if (lastEventHadValue()) valued.add(events[index] as SessionEvent);
    if (index > 0 && time < (times[index - 1] as number)) sorted = false;
    times[index] = time;
  }
  const fileOrder = new Array<SessionEvent>(events.length);
  for (let index = 0; index < events.length; index++) {
    const event = events[index] as SessionEvent & { time: number };
    if (owned) {
      event.time = times[index] as number;
      fileOrder[index] = event;
    } else {
      fileOrder[index] = { ...event, time: times[index] as number };
    }
  }
  return { session: withEvents(checked, fileOrder, sorted, valued), fileOrder };
}

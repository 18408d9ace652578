// Parsing a new version of a fixture file by what changed since the last one. An editor's save
// changes a few characters of a file that may hold 50,000 events; parsing all of them again costs
// a JSON.parse of megabytes and the garbage of a whole new session. When the change lies inside
// the events list, only the events it touches are parsed again; when it lies outside, only the
// rest of the file. Anything else, or any doubt, is a full parse, whose answer this always equals.

import { dataProblemAt } from './data-problem.js';
import { eventTime, withEvents } from './event-time.js';
import { parseFixture, type ParseSessionOptions } from './parse-session.js';
import { withProtoKeys } from './proto-keys.js';
import type { SessionFixtureError } from './session-error.js';
import { sessionFixtureSchema, type Session, type SessionEvent } from './session-schema.js';

/**
 * Where the events list and each event lie in a fixture's text (offsets into the text): what
 * {@link parseFixtureText} keeps in {@link FixtureText.layout} to parse a later version by
 * difference. Callers have no need to read or build one.
 *
 * @category Sessions
 */
export interface FixtureLayout {
  /** The `[` and `]` of the events list. */
  readonly open: number;
  readonly close: number;
  /** Each event's value, in file order: from its first character to just after its last. */
  readonly starts: Int32Array;
  readonly ends: Int32Array;
}

/**
 * A valid fixture text, kept so that a later version of the file can be parsed by difference
 * (pass it back to {@link parseFixtureText} as `previous`).
 *
 * @category Sessions
 */
export interface FixtureText {
  /** The text as parsed. */
  readonly text: string;
  /** The session it holds, as {@link parseSession} returns it. */
  readonly session: Session;
  /** The events in the order of the file (the session's are in time order). */
  readonly fileOrder: readonly SessionEvent[];
  /** Found the first time a later version needs it; undefined until then. */
  layout?: FixtureLayout | null;
}

/**
 * What {@link parseFixtureText} returns: the parsed text, or the error {@link parseSession} would throw.
 *
 * @category Sessions
 */
export type FixtureTextResult = { readonly success: true; readonly fixture: FixtureText } | { readonly success: false; readonly error: SessionFixtureError };

/**
 * Parses `text` as a session fixture, as {@link safeParseSession} does, reusing what `previous`
 * (the last valid version of the same file) already parsed: for an editor that saves a file again
 * and again, only what changed is parsed. The answer is always the one a full parse gives.
 *
 * @param text - The fixture's JSON text.
 * @param previous - The result for an earlier version of the same file, if any.
 * @param options - `source`: the file name used in messages.
 * @category Sessions
 */
export function parseFixtureText(text: string, previous?: FixtureText, options: ParseSessionOptions = {}): FixtureTextResult {
  if (previous !== undefined) {
    if (text === previous.text) return { success: true, fixture: previous };
    const reused = reparse(previous, text);
    if (reused !== undefined) return { success: true, fixture: reused };
  }
  const result = parseFixture(text, options);
  if (!result.success) return result;
  return { success: true, fixture: { text, session: result.session, fileOrder: result.fileOrder } };
}

// Comparing slices compares their characters natively; a slice of a flat string copies nothing.
const CHUNK = 4096;

function commonPrefix(a: string, b: string, limit: number): number {
  let at = 0;
  while (at + CHUNK <= limit && a.slice(at, at + CHUNK) === b.slice(at, at + CHUNK)) at += CHUNK;
  while (at < limit && a.charCodeAt(at) === b.charCodeAt(at)) at++;
  return at;
}

function commonSuffix(a: string, b: string, limit: number): number {
  let length = 0;
  while (length + CHUNK <= limit && a.slice(a.length - length - CHUNK, a.length - length) === b.slice(b.length - length - CHUNK, b.length - length)) length += CHUNK;
  while (length < limit && a.charCodeAt(a.length - length - 1) === b.charCodeAt(b.length - length - 1)) length++;
  return length;
}

function reparse(previous: FixtureText, text: string): FixtureText | undefined {
  const old = previous.text;
  const shortest = Math.min(old.length, text.length);
  const prefix = commonPrefix(old, text, shortest);
  const suffix = commonSuffix(old, text, shortest - prefix);
  // The change: old[prefix, oldEnd) became text[prefix, oldEnd + delta).
  const oldEnd = old.length - suffix;
  const delta = text.length - old.length;
  // A change over most of the file (another session saved in its place) would parse most events
  // again anyway: parse it whole, without first scanning the old text for its layout.
  if (Math.max(oldEnd, oldEnd + delta) - prefix > Math.max(old.length, text.length) / 2) return undefined;
  if (previous.layout === undefined) previous.layout = scanLayout(old) ?? null;
  const layout = previous.layout;
  if (layout === null) return undefined;
  if (oldEnd <= layout.open || prefix > layout.close) return outsideEvents(previous, layout, text, oldEnd <= layout.open ? delta : 0);
  if (prefix > layout.open && oldEnd <= layout.close) return insideEvents(previous, layout, text, prefix, oldEnd, delta);
  return undefined;
}

/** The change is outside the events list: parse the rest of the file, with the list left empty. */
function outsideEvents(previous: FixtureText, layout: FixtureLayout, text: string, shift: number): FixtureText | undefined {
  const open = layout.open + shift;
  const close = layout.close + shift;
  const rest = `${text.slice(0, open)}[]${text.slice(close + 1)}`;
  // The list must still be the one `events` list of the object, where it was.
  const restLayout = scanLayout(rest);
  if (restLayout === undefined || restLayout.open !== open || restLayout.starts.length !== 0) return undefined;
  let data: unknown;
  try {
    data = JSON.parse(rest.charCodeAt(0) === 0xfeff ? rest.slice(1) : rest);
  } catch {
    return undefined;
  }
  const header = sessionFixtureSchema.safeParse(data);
  // What zod's refinements cannot see (below a `__proto__` key zod passes over) is left to the full parse.
  if (!header.success || Object.values(data as Record<string, unknown>).some((value) => dataProblemAt(value) !== undefined)) return undefined;
  const { events: _, ...fields } = withProtoKeys(data as Record<string, unknown>, header.data);
  const session = { ...fields, events: previous.session.events } as Session;
  const moved = shift === 0 ? layout : { open, close, starts: layout.starts.map((at) => at + shift), ends: layout.ends.map((at) => at + shift) };
  return { text, session, fileOrder: previous.fileOrder, layout: moved };
}

/** The first index whose value is at least `target` in an ascending list, or its length. */
function lowerBound(values: Int32Array, target: number): number {
  let low = 0;
  let high = values.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((values[middle] as number) < target) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * The change is inside the events list: parse again the events it touches (with the separators
 * around them), keep every other event as it was.
 */
function insideEvents(previous: FixtureText, layout: FixtureLayout, text: string, from: number, to: number, delta: number): FixtureText | undefined {
  const count = layout.starts.length;
  // Events first..last touch the change; the span runs from the end of the event before to the
  // start of the event after (or to the brackets), so it holds whole events and their commas.
  const first = lowerBound(layout.ends, from);
  const last = lowerBound(layout.starts, to + 1) - 1;
  const spanStart = first === 0 ? layout.open + 1 : (layout.ends[first - 1] as number);
  const spanEnd = last === count - 1 ? layout.close : (layout.starts[last + 1] as number);
  // `{}` stands for the event before and the one after (objects, like them): the span parses as
  // a list between them exactly when it reads as whole events and commas there in the file.
  const head = first === 0 ? '[' : '[{}';
  const tail = last === count - 1 ? ']' : '{}]';
  const wrapped = `${head}${text.slice(spanStart, spanEnd + delta)}${tail}`;
  let parsed: unknown;
  try {
    parsed = JSON.parse(wrapped);
  } catch {
    return undefined;
  }
  if (!Array.isArray(parsed)) return undefined;
  const inserted = parsed.slice(first === 0 ? 0 : 1, last === count - 1 ? parsed.length : parsed.length - 1);
  for (const event of inserted) {
    const time = eventTime(event);
    // A problem is reported by a full parse, with its index in the file.
    if (time === undefined) return undefined;
    (event as { time: number }).time = time;
  }
  const wrappedLayout = scanElements(wrapped, 0);
  if (wrappedLayout === undefined) return undefined;

  const kept = first;
  const after = count - 1 - last;
  const total = kept + inserted.length + after;
  const fileOrder = new Array<SessionEvent>(total);
  const starts = new Int32Array(total);
  const ends = new Int32Array(total);
  for (let index = 0; index < kept; index++) {
    fileOrder[index] = previous.fileOrder[index] as SessionEvent;
    starts[index] = layout.starts[index] as number;
    ends[index] = layout.ends[index] as number;
  }
  const offset = spanStart - head.length;
  const skipped = first === 0 ? 0 : 1;
  for (let index = 0; index < inserted.length; index++) {
    fileOrder[kept + index] = inserted[index] as SessionEvent;
    starts[kept + index] = (wrappedLayout.starts[skipped + index] as number) + offset;
    ends[kept + index] = (wrappedLayout.ends[skipped + index] as number) + offset;
  }
  for (let index = 0; index < after; index++) {
    const from = last + 1 + index;
    fileOrder[kept + inserted.length + index] = previous.fileOrder[from] as SessionEvent;
    starts[kept + inserted.length + index] = (layout.starts[from] as number) + delta;
    ends[kept + inserted.length + index] = (layout.ends[from] as number) + delta;
  }
  let sorted = true;
  for (let index = 1; index < total && sorted; index++) sorted = (fileOrder[index - 1] as SessionEvent).time <= (fileOrder[index] as SessionEvent).time;
  const { events: _, ...header } = previous.session;
  return { text, session: withEvents(header, fileOrder, sorted), fileOrder, layout: { open: layout.open, close: layout.close + delta, starts, ends } };
}

// A scanner of JSON structure that trusts its input to be valid JSON (it has just been parsed):
// it finds where values start and end, skipping strings with indexOf.

const isSpace = (code: number): boolean => code === 32 || code === 10 || code === 13 || code === 9;

function skipSpace(text: string, at: number): number {
  while (at < text.length && isSpace(text.charCodeAt(at))) at++;
  return at;
}

/** Just after the string that opens at `at`, or -1. */
function skipString(text: string, at: number): number {
  let quote = at;
  for (;;) {
    quote = text.indexOf('"', quote + 1);
    if (quote < 0) return -1;
    let backslashes = 0;
    while (text.charCodeAt(quote - 1 - backslashes) === 92) backslashes++;
    if (backslashes % 2 === 0) return quote + 1;
  }
}

/** Just after the value that starts at `at`, or -1. */
function skipValue(text: string, at: number): number {
  const code = text.charCodeAt(at);
  if (code === 34) return skipString(text, at);
  if (code !== 123 && code !== 91) {
    // A number, true, false or null: up to the next delimiter.
    while (at < text.length) {
      const next = text.charCodeAt(at);
      if (next === 44 || next === 93 || next === 125 || isSpace(next)) break;
      at++;
    }
    return at;
  }
  let depth = 0;
  while (at < text.length) {
    const next = text.charCodeAt(at);
    if (next === 34) {
      at = skipString(text, at);
      if (at < 0) return -1;
      continue;
    }
    if (next === 123 || next === 91) depth++;
    else if (next === 125 || next === 93) {
      depth--;
      if (depth === 0) return at + 1;
    }
    at++;
  }
  return -1;
}

/** The elements of the list whose `[` is at `open`. */
function scanElements(text: string, open: number): { close: number; starts: Int32Array; ends: Int32Array } | undefined {
  const starts: number[] = [];
  const ends: number[] = [];
  let at = skipSpace(text, open + 1);
  if (text.charCodeAt(at) === 93) return { close: at, starts: new Int32Array(0), ends: new Int32Array(0) };
  for (;;) {
    starts.push(at);
    at = skipValue(text, at);
    if (at < 0) return undefined;
    ends.push(at);
    at = skipSpace(text, at);
    const next = text.charCodeAt(at);
    if (next === 93) return { close: at, starts: Int32Array.from(starts), ends: Int32Array.from(ends) };
    if (next !== 44) return undefined;
    at = skipSpace(text, at + 1);
  }
}

/** Where the events list of a fixture text lies; undefined when it cannot be told for sure. */
function scanLayout(text: string): FixtureLayout | undefined {
  let at = skipSpace(text, text.charCodeAt(0) === 0xfeff ? 1 : 0);
  if (text.charCodeAt(at) !== 123) return undefined;
  at = skipSpace(text, at + 1);
  let found: FixtureLayout | undefined;
  while (text.charCodeAt(at) === 34) {
    const keyEnd = skipString(text, at);
    if (keyEnd < 0) return undefined;
    const key = text.slice(at + 1, keyEnd - 1);
    // A key written with escapes could still read "events": leave it to a full parse.
    if (key.includes('\\')) return undefined;
    at = skipSpace(text, keyEnd);
    if (text.charCodeAt(at) !== 58) return undefined;
    at = skipSpace(text, at + 1);
    if (key === 'events') {
      // A second `events` key (JSON.parse keeps the last) or a list that is not one: no shortcut.
      if (found !== undefined || text.charCodeAt(at) !== 91) return undefined;
      const elements = scanElements(text, at);
      if (elements === undefined) return undefined;
      found = { open: at, ...elements };
      at = elements.close + 1;
    } else {
      at = skipValue(text, at);
      if (at < 0) return undefined;
    }
    at = skipSpace(text, at);
    if (text.charCodeAt(at) === 44) at = skipSpace(text, at + 1);
    else break;
  }
  if (text.charCodeAt(at) !== 125) return undefined;
  return found;
}

// Streams an rrweb recording and hands over one event at a time, so that memory follows the largest
// event (a full snapshot), not the file. Accepts a JSON array of events, `{ "events": [...] }` and
// `{ "snapshot_data_by_window_id": { "<window>": [...] } }`.

import { createHash } from 'node:crypto';
import Parser from 'stream-json/Parser.js';
import { isWritableInstant } from '../session/iso-timestamp.js';
import { formatJsonPath } from '../session/json-path.js';
import { formatImportWarning, type ImportWarnings } from './import-warnings.js';
import { jsonSyntaxError, keepTail } from './json-syntax-error.js';
import { RrwebImportError } from './rrweb-import-error.js';
import { utf8Decoder, utf8Problem } from './utf8-problem.js';
import type { EventPosition, RrwebEvent } from './rrweb-vocabulary.js';

/** The shape a recording came in. */
export type RecordingShape = 'array' | 'events' | 'windows';

export interface RecordingSummary {
  readonly shape: RecordingShape;
  /** Events handed over (entries that were not rrweb events are not counted). */
  readonly events: number;
  readonly bytes: number;
  /** SHA-256 of the file's bytes, hex. */
  readonly digest: string;
}

type Role = 'root-object' | 'windows' | 'events' | 'skip' | 'event';
type Container = unknown[] | Record<string, unknown>;

interface Frame {
  readonly role: Role;
  readonly isArray: boolean;
  /** The key being read (objects) or the index of the next element (arrays). */
  key: string | number;
  readonly window?: string | undefined;
  /** The value being assembled, for frames inside an event. */
  readonly value?: Container | undefined;
}

interface Token {
  readonly name: string;
  readonly value?: string;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

class NotARecording extends Error {}

const WRITE_SIZE = 1024;


/** Turns stream-json tokens into events; knows where it is for error messages. */
class TokenConsumer {
  readonly frames: Frame[] = [];
  shape: RecordingShape | undefined;
  delivered = 0;

  #eventsDepth = -1;

  constructor(
    private readonly onEvent: (event: RrwebEvent, position: EventPosition) => void,
    private readonly warnings: ImportWarnings,
  ) {}

  /** `events[41].data.positions` — where the last token was read. */
  path(): string {
    const keys = this.frames.map((frame) => frame.key);
    if (keys.at(-1) === '') keys.pop(); // an object opened, no key read yet
    return formatJsonPath(keys);
  }

  /** The event being read, if any. */
  eventIndex(): EventPosition | undefined {
    const events = this.frames[this.#eventsDepth];
    if (events === undefined || events.role !== 'events' || this.frames.length <= this.#eventsDepth + 1) return undefined;
    return { index: events.key as number, window: events.window };
  }

  token(token: Token): void {
    switch (token.name) {
      case 'startObject':
        return this.#open(false);
      case 'startArray':
        return this.#open(true);
      case 'endObject':
      case 'endArray':
        return this.#close();
      case 'keyValue': {
        const top = this.frames.at(-1);
        if (top !== undefined) top.key = token.value ?? '';
        return;
      }
      case 'stringValue':
        return this.#primitive(token.value ?? '');
      case 'numberValue':
        return this.#primitive(Number(token.value));
      case 'nullValue':
        return this.#primitive(null);
      case 'trueValue':
        return this.#primitive(true);
      case 'falseValue':
        return this.#primitive(false);
      default:
        return;
    }
  }

  #roleOfChild(isArray: boolean): { role: Role; window?: string | undefined } {
    const parent = this.frames.at(-1);
    if (parent === undefined) {
      this.shape = isArray ? 'array' : undefined;
      return { role: isArray ? 'events' : 'root-object' };
    }
    switch (parent.role) {
      case 'root-object':
        // Both lists (or one twice) would be read in turn: every event of a tool that writes both, twice.
        if ((parent.key === 'events' || parent.key === 'snapshot_data_by_window_id') && this.shape !== undefined) throw new NotARecording(this.#twoLists(parent.key));
        if (parent.key === 'events') {
          if (!isArray) throw new NotARecording('"events" should be a list of rrweb events');
          this.shape = 'events';
          return { role: 'events' };
        }
        if (parent.key === 'snapshot_data_by_window_id') {
          if (isArray) throw new NotARecording('"snapshot_data_by_window_id" should be an object of window ids');
          this.shape = 'windows';
          return { role: 'windows' };
        }
        return { role: 'skip' };
      case 'windows':
        if (!isArray) throw new NotARecording(`snapshot_data_by_window_id[${JSON.stringify(parent.key)}] should be a list of rrweb events`);
        return { role: 'events', window: String(parent.key) };
      case 'events':
      case 'event':
        return { role: 'event' };
      default:
        return { role: 'skip' };
    }
  }

  #twoLists(key: string): string {
    const first = this.shape === 'events' ? 'events' : 'snapshot_data_by_window_id';
    if (first === key) return `"${key}" appears twice in the object: keep one`;
    return `the object holds both "events" and "snapshot_data_by_window_id", so it is unclear which to import: keep one of them`;
  }

  #open(isArray: boolean): void {
    const { role, window } = this.#roleOfChild(isArray);
    const value: Container | undefined = role === 'event' ? (isArray ? [] : {}) : undefined;
    if (role === 'events') this.#eventsDepth = this.frames.length;
    this.frames.push({ role, isArray, key: isArray ? 0 : '', window, value });
  }

  #close(): void {
    const frame = this.frames.pop();
    if (frame === undefined) return;
    if (frame.role === 'event') this.#primitive(frame.value, true);
  }

  /** Stores a value in its container (or hands over a finished event); `nested` for closed containers. */
  #primitive(value: unknown, nested = false): void {
    const parent = this.frames.at(-1);
    if (parent === undefined) {
      if (!nested) throw new NotARecording('expected a JSON array of rrweb events or an object holding them');
      return;
    }
    if (parent.role === 'event') {
      const container = parent.value!;
      if (Array.isArray(container)) container.push(value);
      else if (parent.key !== '__proto__') container[parent.key as string] = value;
      else this.warnings.add('proto-key', 'keys named "__proto__" dropped (they cannot be kept safely)', this.eventIndex());
    } else if (parent.role === 'events') {
      this.#deliver(value, { index: parent.key as number, window: parent.window });
    } else if (parent.role === 'root-object' && (parent.key === 'events' || parent.key === 'snapshot_data_by_window_id')) {
      throw new NotARecording(`"${parent.key}" should be ${parent.key === 'events' ? 'a list of rrweb events' : 'an object of window ids'}`);
    } else if (parent.role === 'windows') {
      throw new NotARecording(`snapshot_data_by_window_id[${JSON.stringify(parent.key)}] should be a list of rrweb events`);
    }
    if (parent.isArray) parent.key = (parent.key as number) + 1;
  }

  #deliver(value: unknown, position: EventPosition): void {
    // A fixture's timestamps are ISO 8601 with four-digit years: an event outside them has no date to write.
    if (!isObject(value) || typeof value.type !== 'number' || typeof value.timestamp !== 'number' || !isWritableInstant(value.timestamp)) {
      this.warnings.add('invalid-event', 'entries that are not rrweb events (an object with a numeric type and a timestamp in milliseconds) skipped', position);
      return;
    }
    this.delivered++;
    this.onEvent(value as unknown as RrwebEvent, position);
  }

}

/** Waits until `stream` can take more input, or has failed. */
function drained(stream: NodeJS.WritableStream & NodeJS.EventEmitter): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('close', done);
  });
}

/**
 * Reads `input` (the bytes of a recording) and calls `onEvent` for each rrweb event, in file order.
 * Throws {@link RrwebImportError} naming `source` and the position for invalid JSON, a truncated
 * file or a value that is not a recording; entries that are not events become counted warnings.
 */
export async function readRecording(
  input: AsyncIterable<Buffer | string>,
  source: string,
  onEvent: (event: RrwebEvent, position: EventPosition) => void,
  warnings: ImportWarnings,
): Promise<RecordingSummary> {
  const consumer = new TokenConsumer(onEvent, warnings);
  const tokenizer = new Parser({ packValues: true, streamValues: false });
  const hash = createHash('sha256');
  let bytes = 0;
  let bytesBefore = 0;
  let tail: Buffer = Buffer.alloc(0);
  let failure: unknown;
  let ending = false;
  let failedAtEnd = false;
  let fromTokenizer = true;
  const decoder = utf8Decoder();
  let notUtf8: string | undefined;
  const fail = (error: unknown) => {
    if (failure !== undefined) return;
    failure = error;
    failedAtEnd = ending;
  };
  tokenizer.on('data', (token: Token) => {
    if (failure !== undefined) return;
    try {
      consumer.token(token);
    } catch (error) {
      fail(error);
      fromTokenizer = false;
      tokenizer.destroy();
    }
  });
  tokenizer.on('error', fail);
  const closed = new Promise<void>((resolve) => tokenizer.on('close', resolve));

  try {
    for await (const chunk of input) {
      if (failure !== undefined) break;
      const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      hash.update(buffer);
      tail = keepTail(tail, buffer);
      // Small writes locate a syntax error to within WRITE_SIZE bytes (and tokenize no slower).
      for (let offset = 0; offset < buffer.length && failure === undefined; offset += WRITE_SIZE) {
        const piece = buffer.subarray(offset, offset + WRITE_SIZE);
        bytesBefore = bytes;
        bytes += piece.length;
        // Checked before the tokenizer reads the piece, so that the message says where it starts.
        notUtf8 ??= utf8Problem(decoder, piece, { from: bytesBefore, to: bytes }, () => where(consumer));
        const ready = tokenizer.write(piece);
        // A syntax error marks the stream as errored at once; its 'error' event comes a tick later.
        if (tokenizer.errored !== null) fail(tokenizer.errored);
        else if (!ready) await drained(tokenizer);
      }
    }
  } catch (error) {
    tokenizer.destroy();
    throw new RrwebImportError('unreadable', source, `cannot read the recording: ${(error as Error).message}`, { cause: error });
  }
  if (bytes === 0) {
    tokenizer.destroy();
    throw new RrwebImportError('invalid_json', source, 'the file is empty (0 bytes): it holds no recording');
  }
  if (failure === undefined) {
    ending = true;
    tokenizer.end();
  }
  await closed;
  notUtf8 ??= utf8Problem(decoder, undefined, { from: bytesBefore, to: bytes }, () => where(consumer));

  if (failure !== undefined) {
    // An error thrown while deriving events is a bug here, not a fault of the recording.
    if (!fromTokenizer && !(failure instanceof NotARecording)) throw failure;
    throw describeFailure(failure, consumer, source, { bytes, bytesBefore, atEnd: failedAtEnd, tail });
  }
  // The tokenizer decodes as it goes and turns bytes that are not UTF-8 into U+FFFD; a syntax
  // error found anywhere is the better message, so this one comes after it.
  if (notUtf8 !== undefined) throw new RrwebImportError('invalid_json', source, notUtf8);
  if (consumer.shape === undefined) {
    throw new RrwebImportError(
      'not_a_recording',
      source,
      'not an rrweb recording: expected a JSON array of events, an object with "events", or one with "snapshot_data_by_window_id"',
    );
  }
  if (consumer.delivered === 0) {
    // Say why every entry was skipped: the warnings are not printed for a recording that fails.
    const skipped = warnings.list().map(formatImportWarning);
    throw new RrwebImportError('not_a_recording', source, `the recording holds no rrweb events${skipped.length === 0 ? '' : `: ${skipped.join('; ')}`}`);
  }
  return { shape: consumer.shape, events: consumer.delivered, bytes, digest: hash.digest('hex') };
}

/** ` after [49].timestamp, inside event #49`: where the consumer is, or empty. */
function where(consumer: TokenConsumer): string {
  const path = consumer.path();
  const event = consumer.eventIndex();
  const inside = event === undefined ? '' : `, inside ${event.window === undefined ? '' : `window "${event.window}" `}event #${event.index}`;
  return `${path === '' ? '' : ` after ${path}`}${inside}`;
}

function describeFailure(
  failure: unknown,
  consumer: TokenConsumer,
  source: string,
  place: { bytes: number; bytesBefore: number; atEnd: boolean; tail: Buffer },
): RrwebImportError {
  if (failure instanceof NotARecording) return new RrwebImportError('not_a_recording', source, `not an rrweb recording: ${failure.message}`);
  return jsonSyntaxError(failure, source, { ...place, context: where(consumer) });
}

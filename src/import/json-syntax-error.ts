// Words a JSON syntax error of a recording the way its cause calls for: a file cut off in the middle
// of a value ("the JSON ends early"), or a bad token ("not valid JSON near bytes …").

import { RrwebImportError } from './rrweb-import-error.js';

/**
 * Bytes at the end of the input that the tokenizer may still hold, unread, when the input ends:
 * stream-json waits for up to 16 characters (at most 4 bytes each) before it decides that text
 * which does not start a value is not a value, and for up to 5 after a backslash in a string.
 */
const HELD_BYTES = 64;

/** A literal begun where a value may start (after `[`, `,`, `:`, whitespace or at the start), cut off. */
const CUT_LITERAL = /(?:^|[\s[,:])(?:t|tr|tru|f|fa|fal|fals|n|nu|nul)$/;
/** A string escape begun and cut off: `\`, `\u`, `\u0`, `\u00`, `\u00e`. */
const CUT_ESCAPE = /\\(?:u[0-9a-fA-F]{0,3})?$/;

/** The last {@link HELD_BYTES} bytes of `kept` followed by `piece`: the end of the input read so far. */
export function keepTail(kept: Buffer, piece: Buffer): Buffer {
  if (piece.length >= HELD_BYTES) return Buffer.from(piece.subarray(piece.length - HELD_BYTES));
  const joined = Buffer.concat([kept, piece]);
  return joined.length > HELD_BYTES ? joined.subarray(joined.length - HELD_BYTES) : joined;
}

/**
 * Whether an error the tokenizer raised once the input ended means the input stops inside a value.
 * Mostly it had read everything and wanted more; but with these two messages it was holding text
 * it had not placed yet, and that text is either the start of a literal or an escape (cut off) or a
 * bad token that happens to sit near the end (`x]`, a stray byte, a raw line break in a string).
 * A bad token followed, within those few characters, by a cut-off literal counts as cut off.
 */
function endsInsideValue(message: string, tail: Buffer): boolean {
  // 64 bytes are at least 16 characters, so `^` in CUT_LITERAL can only match the input's start.
  if (message === 'Parser cannot parse input: expected a value') return CUT_LITERAL.test(tail.toString('utf8'));
  if (message === 'Parser cannot parse input: escaped characters') return CUT_ESCAPE.test(tail.toString('utf8'));
  return true;
}

/** Where the tokenizer failed, in bytes of the input, and what it had read so far. */
export interface SyntaxErrorPlace {
  /** Bytes written to the tokenizer, including the piece it failed on. */
  readonly bytes: number;
  /** Bytes written before the piece it failed on. */
  readonly bytesBefore: number;
  /** The failure came when the input ended, not while a piece was written. */
  readonly atEnd: boolean;
  /** The last bytes of the input (see {@link keepTail}). */
  readonly tail: Buffer;
  /** ` after [49].timestamp, inside event #49`, or empty. */
  readonly context: string;
}

/** The import error for a tokenizer failure: truncated only when the input ends inside a value. */
export function jsonSyntaxError(failure: unknown, source: string, place: SyntaxErrorPlace): RrwebImportError {
  const message = failure instanceof Error ? failure.message : String(failure);
  const reason = message.replace(/^Parser (cannot parse input: |has )/, '');
  const { bytes, context } = place;
  if (place.atEnd && endsInsideValue(message, place.tail)) {
    return new RrwebImportError(
      'invalid_json',
      source,
      `the JSON ends early at byte ${bytes.toLocaleString('en')}${context}: the recording looks truncated (${reason})`,
      { cause: failure },
    );
  }
  // At the end, the bad token is in the text the tokenizer held, which may reach into earlier pieces.
  const from = place.atEnd ? Math.max(0, bytes - HELD_BYTES) : place.bytesBefore;
  return new RrwebImportError('invalid_json', source, `not valid JSON near bytes ${from.toLocaleString('en')}–${bytes.toLocaleString('en')}${context}: ${reason}`, {
    cause: failure,
  });
}

// A recording's bytes must be UTF-8 (JSON is): the tokenizer would quietly turn other bytes into
// U+FFFD, so they are checked beside it, piece by piece, and named with where they are.

import { TextDecoder } from 'node:util';

/** A decoder that throws on bytes that are not UTF-8, for {@link utf8Problem}. */
export function utf8Decoder(): TextDecoder {
  return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
}

/**
 * Why `piece` (or the end of the input, without one) is not UTF-8, or undefined when it is.
 * `context` says where the piece starts (` after [7].data.text, inside event #7`); it is asked only on a failure.
 */
export function utf8Problem(decoder: TextDecoder, piece: Buffer | undefined, bytes: { from: number; to: number }, context: () => string): string | undefined {
  try {
    if (piece === undefined) decoder.decode();
    else decoder.decode(piece, { stream: true });
    return undefined;
  } catch {
    return `not UTF-8 text near bytes ${bytes.from.toLocaleString('en')}–${bytes.to.toLocaleString('en')}${context()}: save the recording as UTF-8`;
  }
}

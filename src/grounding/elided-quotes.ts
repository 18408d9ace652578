// A quote with words left out in its middle, marked by an ellipsis ("Your session will … in 0:52",
// "We've e-mailed a link … works for 7 days."): the model kept the words around the cut. It is
// supported by an event one of whose texts holds each piece, as whole words and in order,
// whatever punctuation parts the words (looseText). An ellipsis that ends a quote is a cut of its
// own (see uncut in normal-text.ts); one that starts it leaves the rest a quote as any other.

import type { SessionEvent } from '../session/session-schema.js';
import type { Checker, Side } from './checker.js';
import { eventTexts } from './event-strings.js';
import { indexOfWords, looseText } from './normal-text.js';

/** An ellipsis with words on both sides. */
const INNER_ELLIPSIS = /(?<=\S)\s*(?:…|\.\.\.)\s*(?=\S)/;

/** The pieces of a quote cut in its middle, or undefined when no ellipsis has words on both sides. */
export function elidedPieces(quote: string): string[] | undefined {
  const trimmed = quote.trim().replace(/(?:…|\.\.\.)$/, '');
  if (!INNER_ELLIPSIS.test(trimmed)) return undefined;
  const pieces = trimmed.split(INNER_ELLIPSIS).map(looseText).filter((piece) => piece !== '');
  return pieces.length < 2 ? undefined : pieces;
}

/** Whether `text` holds each of `pieces` as whole words, in order. */
function holdsInOrder(text: string, pieces: readonly string[]): boolean {
  let from = 0;
  for (const piece of pieces) {
    const found = indexOfWords(text, piece, from);
    if (found === -1) return false;
    from = found + piece.length;
  }
  return true;
}

/** Whether one of `event`'s texts holds the pieces in order. */
export function holdsPieces(event: SessionEvent, pieces: readonly string[]): boolean {
  return eventTexts(event).some((text) => holdsInOrder(looseText(text), pieces));
}

/** The session index of an event on `side` with a text that holds the pieces in order (read one event at a time: such quotes are rare). */
export function elidedQuoteEvent(checker: Checker, side: Side, pieces: readonly string[]): number | undefined {
  // Every piece must be somewhere on this side first: most elided quotes are found at once or not at all.
  if (pieces.some((piece) => checker.textLoose(side, piece) === undefined)) return undefined;
  for (let index = 0; index < checker.total; index++) {
    const event = side === 'kept' ? checker.keptEvent(index) : checker.droppedEvent(index);
    if (event !== undefined && holdsPieces(event, pieces)) return index;
  }
  return undefined;
}

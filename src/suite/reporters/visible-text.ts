// Text of a `recap test` report made safe to show on a terminal or in a CI log. Case names,
// assertion messages and diffs quote recorded pages and model answers: their control characters
// would recolour or retitle the terminal, and bidi controls would show text in another order than
// it is (`invoice\u202efdp.exe` reads as "invoiceexe.pdf").

import { printable } from '../../session/printable.js';

/** The bidi embedding, override and isolate controls (the "Trojan Source" characters). */
const BIDI_CONTROL = /[\u202a-\u202e\u2066-\u2069]/g;

/**
 * `text` with control characters (but line breaks and tabs) and bidi controls as `\uXXXX` escapes.
 *
 * @param text - a case name, message, diff or answer.
 */
export function visibleText(text: string): string {
  return printable(text).replace(BIDI_CONTROL, (character) => `\\u${character.charCodeAt(0).toString(16)}`);
}

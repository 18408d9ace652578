// Text safe to print on a terminal. Recorded page text, and so prompts, answers and messages that
// quote it, may hold control characters: written raw, they would recolour the terminal, move its
// cursor, retitle its window (`ESC ] 0 ;`) or write its clipboard (OSC 52). Bidi embedding,
// override and isolate controls would show text in another order than it is
// (`invoice\u202efdp.exe` reads as "invoiceexe.pdf").

// Control characters other than line breaks and tabs, and the bidi controls.
const HIDDEN = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;
const HAS_HIDDEN = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

/**
 * `text` with each control character (but line breaks and tabs) and each bidi control as its
 * `\uXXXX` escape; the same string when it has none.
 *
 * @param text - a label, a file name, a message, a model's answer.
 */
export function printable(text: string): string {
  if (!HAS_HIDDEN.test(text)) return text;
  return text.replace(HIDDEN, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

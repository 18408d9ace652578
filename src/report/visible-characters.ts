// Text of the Markdown report made safe to print and to render. Labels, file names and the model's
// summary quote recorded pages: their control characters would retitle or recolour the terminal
// the report is printed on (`ESC ] 0 ;`, OSC 52 writes the clipboard), and bidi controls would
// show them in another order than they are (`invoice\u202efdp.exe` reads as "invoiceexe.pdf").

/** C0 controls but tab and line breaks, DEL, C1, and the bidi embedding, override and isolate controls. */
// eslint-disable-next-line no-control-regex
const HIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/**
 * `text` with each control and bidi control character as its `\uXXXX` escape, as `recap run`
 * prints them; tabs and line breaks stay.
 *
 * @param text - a label, a file name, a model's answer.
 */
export function showHiddenCharacters(text: string): string {
  return text.replace(HIDDEN, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

// JSON that is safe to print on a terminal. JSON.stringify escapes C0 controls (ESC is written
// \u001b) but writes DEL, the C1 controls and the bidi controls as they are: recorded page text
// in a prompt, an answer or a log line could then reach the terminal as `\u009b2J` (CSI: clear
// the screen), `\u009d0;title\u009c` (OSC: retitle it) or `invoice\u202efdp.exe` (shown
// reversed). Each is written as its \u escape instead: the same JSON value, read back.

const HIDDEN = /[\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/**
 * `JSON.stringify(value, null, space)` with DEL, C1 and bidi control characters as `\uXXXX`
 * escapes. They occur only inside strings (JSON's own syntax is ASCII), so the text parses to the
 * same value.
 *
 * @param value - what to print.
 * @param space - indentation, as for `JSON.stringify`.
 */
export function terminalJson(value: unknown, space?: number): string {
  const text = JSON.stringify(value, null, space);
  return text.replace(HIDDEN, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

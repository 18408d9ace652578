// Text safe to draw on the terminal. Recorded page text, and so the prompts, answers, file names
// and messages that carry it, may hold control characters: drawn raw, they would retitle the
// terminal (`ESC ] 0 ;`), write its clipboard (OSC 52), recolour it or move its cursor, a
// backspace would rub out what came before it, and a bidi control would show text in another
// order than it is. Each is drawn as its `\u` escape instead, as `recap run` prints them.

import type { Segment, StyledLine } from './styled-line.js';

/** Control characters other than the line break and the tab, and the bidi controls (as src/session/printable.ts; the studio uses only the public API). */
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;
const HAS_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

/** `text` with each control character (but line breaks and tabs) and bidi control as its `\uXXXX` escape; the same string when it has none. */
export function printable(text: string): string {
  if (!HAS_CONTROL.test(text)) return text;
  return text.replace(CONTROL, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * The line with each segment made printable on its own: styles stay where they were, since any
 * offset into the line (a placeholder, a claim) was found before the escapes lengthened it.
 */
export function printableLine(line: StyledLine): StyledLine {
  let changed = false;
  const parts = line.map((part): Segment => {
    const text = printable(part.text);
    if (text === part.text) return part;
    changed = true;
    return { text, style: part.style };
  });
  return changed ? parts : line;
}

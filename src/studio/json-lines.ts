// A JSON value pretty-printed as styled lines: keys, strings, numbers and literals told apart.

import { segment, type Segment, type StyledLine } from './styled-line.js';

const TOKEN = /("(?:[^"\\]|\\.)*")(\s*:)?|(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)|\b(true|false|null)\b/g;

function styleLine(text: string): StyledLine {
  const parts: Segment[] = [];
  let last = 0;
  for (const match of text.matchAll(TOKEN)) {
    const at = match.index;
    if (at > last) parts.push(segment(text.slice(last, at)));
    if (match[1] !== undefined) {
      parts.push(segment(match[1], match[2] === undefined ? 'string' : 'key'));
      if (match[2] !== undefined) parts.push(segment(match[2]));
    } else if (match[3] !== undefined) {
      parts.push(segment(match[3], 'number'));
    } else {
      parts.push(segment(match[0], 'literal'));
    }
    last = at + match[0].length;
  }
  if (last < text.length) parts.push(segment(text.slice(last)));
  return parts;
}

/** Two-space indented JSON, one styled line per line of text. */
export function jsonLines(value: unknown): StyledLine[] {
  return (JSON.stringify(value, null, 2) ?? 'undefined').split('\n').map(styleLine);
}

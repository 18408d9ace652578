// A line of text as styled segments: what the panes build and the renderer draws, free of Ink.

/** The roles a piece of text can play; the theme turns each into terminal attributes. */
export type SegmentStyle =
  | 'plain'
  | 'dim'
  | 'strong'
  | 'heading'
  | 'accent'
  | 'ok'
  | 'warn'
  | 'error'
  | 'added'
  | 'removed'
  | 'key'
  | 'string'
  | 'number'
  | 'literal'
  /** A placeholder privacy rules put in place of what they replaced (`[email]`). */
  | 'redacted'
  /** A claim of the answer that the session does not hold: invented (docs/grounding.md). */
  | 'unsupported'
  /** A claim true of the session that the profile left out of the prompt. */
  | 'dropped';

export interface Segment {
  readonly text: string;
  readonly style: SegmentStyle;
}

/** One logical line; the renderer may wrap or truncate it. */
export type StyledLine = readonly Segment[];

export function segment(text: string, style: SegmentStyle = 'plain'): Segment {
  return { text, style };
}

/** A line holding one segment. */
export function plainLine(text: string, style: SegmentStyle = 'plain'): StyledLine {
  return [{ text, style }];
}

/** The first `columns` characters and the rest, styles kept: a gutter and its text. */
export function splitLine(line: StyledLine, columns: number): [StyledLine, StyledLine] {
  const head: Segment[] = [];
  const tail: Segment[] = [];
  let left = columns;
  for (const part of line) {
    if (left <= 0) tail.push(part);
    else if (part.text.length <= left) {
      head.push(part);
      left -= part.text.length;
    } else {
      head.push({ text: part.text.slice(0, left), style: part.style });
      tail.push({ text: part.text.slice(left), style: part.style });
      left = 0;
    }
  }
  return [head, tail];
}

/** The text of a line without its styles. */
export function lineText(line: StyledLine): string {
  let text = '';
  for (const part of line) text += part.text;
  return text;
}

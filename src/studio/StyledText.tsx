// Draws one StyledLine: each segment with its theme attributes, control characters as escapes,
// and of a line longer than its room only the part its rows show.

import { Text } from 'ink';
import { ownCopy } from './own-copy.js';
import { markPlaceholders } from './placeholder-marks.js';
import { printableLine } from './printable.js';
import type { StyledLine } from './styled-line.js';
import { useTheme } from './theme-context.js';
import { visiblePart, type TextRoom } from './visible-part.js';

export interface StyledTextProps {
  readonly line: StyledLine;
  /** `truncate-end` keeps it on one row (lists); `wrap` lets long lines flow (prompts, answers). */
  readonly wrap?: 'wrap' | 'truncate-end';
  /**
   * With `wrap`: the columns and rows the line has on screen. A longer line is cut to the part
   * they show, so that Ink does not wrap megabytes on every frame to draw a few rows of them.
   */
  readonly room?: TextRoom | undefined;
  /** Placeholders of privacy rules to mark (placeholder-marks.ts), looked for in the part shown. */
  readonly placeholders?: RegExp | undefined;
}

export function StyledText({ line, wrap = 'truncate-end', room, placeholders }: StyledTextProps) {
  const theme = useTheme();
  // An empty Text has no height; a space keeps blank lines visible.
  if (line.length === 0 || line.every((part) => part.text === '')) return <Text> </Text>;
  const part = room === undefined || wrap !== 'wrap' ? line : visiblePart(line, room);
  // Escaped segment by segment, after the marks were placed: a mark found at an offset of the
  // recorded text stays on the characters it marks.
  const shown = printableLine(markPlaceholders(part, placeholders));
  // Ink keeps every text it draws in caches that are never emptied; handed a slice of a prompt,
  // they would keep every prompt of megabytes shown since the studio started (own-copy.ts).
  return (
    <Text wrap={wrap}>
      {shown.map((segment, index) => (
        <Text key={index} {...theme.text(segment.style)}>
          {ownCopy(segment.text)}
        </Text>
      ))}
    </Text>
  );
}

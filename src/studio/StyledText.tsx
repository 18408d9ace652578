// Draws one StyledLine: each segment with its theme attributes.

import { Text } from 'ink';
import { ownCopy } from './own-copy.js';
import type { StyledLine } from './styled-line.js';
import { useTheme } from './theme-context.js';

export interface StyledTextProps {
  readonly line: StyledLine;
  /** `truncate-end` keeps it on one row (lists); `wrap` lets long lines flow (prompts, answers). */
  readonly wrap?: 'wrap' | 'truncate-end';
}

export function StyledText({ line, wrap = 'truncate-end' }: StyledTextProps) {
  const theme = useTheme();
  // An empty Text has no height; a space keeps blank lines visible.
  if (line.length === 0 || line.every((part) => part.text === '')) return <Text> </Text>;
  // Ink keeps every text it draws in caches that are never emptied; handed a slice of a prompt,
  // they would keep every prompt of megabytes shown since the studio started (own-copy.ts).
  return (
    <Text wrap={wrap}>
      {line.map((part, index) => (
        <Text key={index} {...theme.text(part.style)}>
          {ownCopy(part.text)}
        </Text>
      ))}
    </Text>
  );
}

// A window onto a long list of lines: only the lines from `top` that can fit are drawn, and the
// box clips whatever wrapping pushes past its height.

import { Box } from 'ink';
import { splitLine, type StyledLine } from './styled-line.js';
import { StyledText } from './StyledText.js';

export interface LinesViewProps {
  readonly lines: readonly StyledLine[];
  readonly top: number;
  readonly rows: number;
  readonly wrap?: 'wrap' | 'truncate-end';
  /** Columns at the start of each line kept out of the wrapped text (`+ ` and `- ` in diffs). */
  readonly gutter?: number;
  /** Show the end of the lines from `top` rather than their start (a last line taller than the view). */
  readonly anchorBottom?: boolean;
}

export function LinesView({ lines, top, rows, wrap = 'wrap', gutter = 0, anchorBottom = false }: LinesViewProps) {
  const first = Math.min(Math.max(0, top), Math.max(0, lines.length - 1));
  const visible = lines.slice(first, first + Math.max(0, rows));
  return (
    <Box flexDirection="column" width="100%" height={rows} overflow="hidden" flexShrink={0} justifyContent={anchorBottom ? 'flex-end' : 'flex-start'}>
      {visible.map((line, index) => {
        if (gutter === 0) {
          return (
            <Box key={first + index} flexShrink={0}>
              <StyledText line={line} wrap={wrap} />
            </Box>
          );
        }
        const [head, tail] = splitLine(line, gutter);
        return (
          <Box key={first + index} flexShrink={0}>
            <Box width={gutter} flexShrink={0}>
              <StyledText line={head} wrap="truncate-end" />
            </Box>
            <Box flexGrow={1} flexShrink={1}>
              <StyledText line={tail} wrap={wrap} />
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}

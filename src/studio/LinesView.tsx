// A window onto a long list of lines: only the lines from `top` that can fit are drawn, and the
// box clips whatever wrapping pushes past its height. Given its columns, it hands Ink no more of
// a long line than its rows show.

import { Box } from 'ink';
import { splitLine, type StyledLine } from './styled-line.js';
import { StyledText } from './StyledText.js';
import { lineText, wrappedRows } from './wrapped-rows.js';

export interface LinesViewProps {
  readonly lines: readonly StyledLine[];
  readonly top: number;
  readonly rows: number;
  /** The view's width: lines that wrap are measured and cut to it. Without it, whole lines are drawn. */
  readonly columns?: number;
  readonly wrap?: 'wrap' | 'truncate-end';
  /** Columns at the start of each line kept out of the wrapped text (`+ ` and `- ` in diffs). */
  readonly gutter?: number;
  /** Show the end of the lines from `top` rather than their start (a last line taller than the view). */
  readonly anchorBottom?: boolean;
}

export function LinesView({ lines, top, rows, columns, wrap = 'wrap', gutter = 0, anchorBottom = false }: LinesViewProps) {
  const first = Math.min(Math.max(0, top), Math.max(0, lines.length - 1));
  const visible: { readonly line: StyledLine; readonly rows: number }[] = [];
  let used = 0;
  for (let index = first; index < lines.length && used < rows; index++) {
    const line = lines[index] ?? [];
    visible.push({ line, rows: rows - used });
    used += columns === undefined || wrap !== 'wrap' ? 1 : wrappedRows(lineText(line).slice(gutter), columns - gutter, rows - used);
  }
  const room = (budget: number) =>
    columns === undefined ? undefined : { columns: columns - gutter, rows: budget, from: anchorBottom ? ('end' as const) : ('start' as const) };
  return (
    <Box flexDirection="column" width="100%" height={rows} overflow="hidden" flexShrink={0} justifyContent={anchorBottom ? 'flex-end' : 'flex-start'}>
      {visible.map(({ line, rows: budget }, offset) => {
        const key = first + offset;
        if (gutter === 0) {
          return (
            <Box key={key} flexShrink={0}>
              <StyledText line={line} wrap={wrap} room={room(budget)} />
            </Box>
          );
        }
        const [head, tail] = splitLine(line, gutter);
        return (
          <Box key={key} flexShrink={0}>
            <Box width={gutter} flexShrink={0}>
              <StyledText line={head} wrap="truncate-end" />
            </Box>
            <Box flexGrow={1} flexShrink={1}>
              <StyledText line={tail} wrap={wrap} room={room(budget)} />
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}

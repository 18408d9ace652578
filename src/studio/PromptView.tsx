// The lines of a prompt on screen, the session block set apart by a rule down its left side and
// the placeholders of privacy rules marked. Only what the rows show is handed to Ink: the lines
// from the top that fit, a line longer than the view cut to the part its rows show.

import { Box } from 'ink';
import { promptSection, type PromptLines, type PromptSection } from './prompt-lines.js';
import { segment, type SegmentStyle } from './styled-line.js';
import { StyledText } from './StyledText.js';
import { useTheme } from './theme-context.js';
import { wrappedRows } from './wrapped-rows.js';

export interface PromptViewProps {
  readonly prompt: PromptLines;
  readonly top: number;
  readonly rows: number;
  /** Columns of the text, after the rule or the indent. */
  readonly columns: number;
  /** Show the end of the lines from `top` rather than their start (a last line taller than the view). */
  readonly anchorBottom?: boolean;
  /** The workspace's placeholder pattern: matches are drawn in the `redacted` style. */
  readonly placeholders?: RegExp | undefined;
}

/** A line on screen and the rows it may fill. */
interface ShownLine {
  readonly text: string;
  readonly rows: number;
}

interface Group {
  readonly section: PromptSection;
  readonly first: number;
  readonly lines: ShownLine[];
}

/** Consecutive visible lines of the same section, so each session run gets one border. */
function groups(prompt: PromptLines, first: number, rows: number, columns: number): Group[] {
  const result: Group[] = [];
  let used = 0;
  for (let index = first; index < prompt.lines.length && used < rows; index++) {
    const section = promptSection(prompt, index);
    const text = prompt.lines[index] ?? '';
    const line = { text, rows: rows - used };
    used += wrappedRows(text, columns, rows - used);
    const last = result.at(-1);
    if (last?.section === section) last.lines.push(line);
    else result.push({ section, first: index, lines: [line] });
  }
  return result;
}

export function PromptView({ prompt, top, rows, columns, anchorBottom = false, placeholders }: PromptViewProps) {
  const theme = useTheme();
  const first = Math.min(Math.max(0, top), Math.max(0, prompt.lines.length - 1));
  const from = anchorBottom ? 'end' : 'start';
  const draw = (line: ShownLine, style: SegmentStyle, index: number) => (
    <StyledText key={index} line={[segment(line.text, style)]} wrap="wrap" room={{ columns, rows: line.rows, from }} placeholders={placeholders} />
  );
  return (
    <Box flexDirection="column" height={rows} overflow="hidden" flexShrink={0} justifyContent={anchorBottom ? 'flex-end' : 'flex-start'}>
      {groups(prompt, first, rows, columns).map((group) =>
        group.section === 'session' ? (
          <Box
            key={group.first}
            flexDirection="column"
            flexShrink={0}
            borderStyle="bold"
            borderTop={false}
            borderRight={false}
            borderBottom={false}
            borderColor={theme.borderColor}
            paddingLeft={1}
          >
            {group.lines.map((line, offset) => {
              const index = group.first + offset;
              const tag = index === prompt.sessionStart || index === prompt.sessionEnd;
              return draw(line, tag ? 'accent' : 'plain', index);
            })}
          </Box>
        ) : (
          <Box key={group.first} flexDirection="column" flexShrink={0} paddingLeft={2}>
            {group.lines.map((line, offset) => draw(line, 'plain', group.first + offset))}
          </Box>
        ),
      )}
    </Box>
  );
}

// The lines of a prompt on screen, the session block set apart by a rule down its left side and
// the placeholders of privacy rules marked.

import { Box, Text } from 'ink';
import { ownCopy } from './own-copy.js';
import { markPlaceholders } from './placeholder-marks.js';
import { promptSection, type PromptLines, type PromptSection } from './prompt-lines.js';
import { segment, type SegmentStyle } from './styled-line.js';
import { StyledText } from './StyledText.js';
import { useTheme } from './theme-context.js';

export interface PromptViewProps {
  readonly prompt: PromptLines;
  readonly top: number;
  readonly rows: number;
  /** Show the end of the lines from `top` rather than their start (a last line taller than the view). */
  readonly anchorBottom?: boolean;
  /** The workspace's placeholder pattern: matches are drawn in the `redacted` style. */
  readonly placeholders?: RegExp | undefined;
}

interface Group {
  readonly section: PromptSection;
  readonly first: number;
  readonly lines: string[];
}

/**
 * Consecutive visible lines of the same section, so each session run gets one border. Each line is
 * a copy: a line is a slice of its prompt, and Ink remembers every text it draws (own-copy.ts).
 */
function groups(prompt: PromptLines, first: number, count: number): Group[] {
  const result: Group[] = [];
  const end = Math.min(prompt.lines.length, first + count);
  for (let index = first; index < end; index++) {
    const section = promptSection(prompt, index);
    const line = ownCopy(prompt.lines[index] ?? '');
    const last = result.at(-1);
    if (last?.section === section) last.lines.push(line);
    else result.push({ section, first: index, lines: [line] });
  }
  return result;
}

export function PromptView({ prompt, top, rows, anchorBottom = false, placeholders }: PromptViewProps) {
  const theme = useTheme();
  const first = Math.min(Math.max(0, top), Math.max(0, prompt.lines.length - 1));
  const draw = (line: string, style: SegmentStyle, index: number) => {
    const whole = [segment(line, style)];
    const marked = markPlaceholders(whole, placeholders);
    if (marked !== whole) return <StyledText key={index} line={marked} wrap="wrap" />;
    return (
      <Text key={index} wrap="wrap" {...theme.text(style)}>
        {line === '' ? ' ' : line}
      </Text>
    );
  };
  return (
    <Box flexDirection="column" height={rows} overflow="hidden" flexShrink={0} justifyContent={anchorBottom ? 'flex-end' : 'flex-start'}>
      {groups(prompt, first, rows).map((group) =>
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

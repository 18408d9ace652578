// The lines of a prompt on screen, the session block set apart by a rule down its left side.

import { Box, Text } from 'ink';
import { ownCopy } from './own-copy.js';
import { promptSection, type PromptLines, type PromptSection } from './prompt-lines.js';
import { useTheme } from './theme-context.js';

export interface PromptViewProps {
  readonly prompt: PromptLines;
  readonly top: number;
  readonly rows: number;
  /** Show the end of the lines from `top` rather than their start (a last line taller than the view). */
  readonly anchorBottom?: boolean;
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

export function PromptView({ prompt, top, rows, anchorBottom = false }: PromptViewProps) {
  const theme = useTheme();
  const first = Math.min(Math.max(0, top), Math.max(0, prompt.lines.length - 1));
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
              return (
                <Text key={index} wrap="wrap" {...theme.text(tag ? 'accent' : 'plain')}>
                  {line === '' ? ' ' : line}
                </Text>
              );
            })}
          </Box>
        ) : (
          <Box key={group.first} flexDirection="column" flexShrink={0} paddingLeft={2}>
            {group.lines.map((line, offset) => (
              <Text key={group.first + offset} wrap="wrap">
                {line === '' ? ' ' : line}
              </Text>
            ))}
          </Box>
        ),
      )}
    </Box>
  );
}

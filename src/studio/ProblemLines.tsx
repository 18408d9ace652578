// The problems of the latest save (`file:line:col field: message`), above the status bar.

import { Box } from 'ink';
import { segment } from './styled-line.js';
import { StyledText } from './StyledText.js';

export function ProblemLines({ problems, rows }: { readonly problems: readonly string[]; readonly rows: number }) {
  if (rows === 0) return null;
  return (
    <Box flexDirection="column" height={rows} overflow="hidden" flexShrink={0}>
      {problems.map((problem, index) => {
        const warning = problem.includes(' warning: ');
        return (
          <Box key={index} flexShrink={0}>
            <StyledText wrap="wrap" line={[segment(warning ? '⚠ ' : '✗ ', warning ? 'warn' : 'error'), segment(problem, warning ? 'warn' : 'plain')]} />
          </Box>
        );
      })}
    </Box>
  );
}

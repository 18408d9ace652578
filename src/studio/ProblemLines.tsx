// The problems of the latest save (`file:line:col field: message`), above the status bar. When
// they need more rows than there are, each gets one row and a last row says how many are not shown.

import { Box } from 'ink';
import { segment, type StyledLine } from './styled-line.js';
import { StyledText } from './StyledText.js';

const problemLine = (problem: string): StyledLine => {
  const warning = problem.includes(' warning: ');
  return [segment(warning ? '⚠ ' : '✗ ', warning ? 'warn' : 'error'), segment(problem, warning ? 'warn' : 'plain')];
};

export function ProblemLines({ problems, rows, width }: { readonly problems: readonly string[]; readonly rows: number; readonly width: number }) {
  if (rows === 0) return null;
  const needed = problems.reduce((sum, problem) => sum + Math.max(1, Math.ceil((problem.length + 2) / width)), 0);
  const fits = needed <= rows;
  // When they do not all fit, each shown problem gets one row and the last row counts the rest.
  const shown = fits || problems.length <= rows ? problems.slice(0, rows) : problems.slice(0, rows - 1);
  const hidden = problems.length - shown.length;
  return (
    <Box flexDirection="column" height={rows} overflow="hidden" flexShrink={0}>
      {shown.map((problem, index) => (
        <Box key={index} flexShrink={0}>
          <StyledText wrap={fits ? 'wrap' : 'truncate-end'} line={problemLine(problem)} />
        </Box>
      ))}
      {hidden > 0 ? <StyledText wrap="truncate-end" line={[segment(`  … and ${hidden} more (recap validate lists them all)`, 'dim')]} /> : null}
    </Box>
  );
}

// Prompt: the exact prompt the model receives, with its size and token count.

import { Box } from 'ink';
import { formatCount } from './format-count.js';
import { clampScrollTop } from './scroll-top.js';
import { segment } from './styled-line.js';
import { PROMPT_HEADER_ROWS } from './studio-layout.js';
import type { Workspace } from './studio-state.js';
import { PromptView } from './PromptView.js';
import { StyledText } from './StyledText.js';

export interface PromptPaneProps {
  readonly workspace: Workspace;
  /** `~1,234 tokens (estimate)` or `1,201 tokens (counted)`. */
  readonly tokensLabel: string;
  readonly top: number;
  readonly rows: number;
}

export function PromptPane({ workspace, tokensLabel, top, rows }: PromptPaneProps) {
  const prompt = workspace.promptLines;
  const listRows = Math.max(1, rows - PROMPT_HEADER_ROWS);
  const first = clampScrollTop(top, { rows: listRows, lines: prompt.lines.length });
  const last = Math.min(prompt.lines.length, first + listRows);
  const header = [
    segment(`${formatCount(prompt.lines.length)} lines · ${formatCount(workspace.prepared.prompt.length)} chars · ${tokensLabel}`, 'dim'),
    segment(` · lines ${formatCount(first + 1)}–${formatCount(last)}`, 'dim'),
  ];
  return (
    <Box flexDirection="column" height={rows} flexShrink={0}>
      <StyledText line={header} />
      <PromptView prompt={prompt} top={first} rows={listRows} />
    </Box>
  );
}

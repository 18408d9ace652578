// Prompt: the exact prompt the model receives, with its size and token count.

import { Box } from 'ink';
import { formatCount } from './format-count.js';
import { segment } from './styled-line.js';
import { PROMPT_HEADER_ROWS, PROMPT_TEXT_INDENT } from './studio-layout.js';
import type { Workspace } from './studio-state.js';
import { PromptView } from './PromptView.js';
import { StyledText } from './StyledText.js';
import { wrappedRows } from './wrapped-rows.js';

export interface PromptPaneProps {
  readonly workspace: Workspace;
  /** `~1,234 tokens (estimate)` or `1,201 tokens (counted)`. */
  readonly tokensLabel: string;
  /** The first line shown, already kept within the prompt (see pane-viewport.ts). */
  readonly top: number;
  readonly rows: number;
  readonly width: number;
  readonly anchorBottom?: boolean;
}

/** The number of the last line whose start is on screen when the view starts at `first`. */
function lastShown(lines: readonly string[], first: number, rows: number, columns: number): number {
  let used = 0;
  let index = first;
  while (index < lines.length && used < rows) used += wrappedRows(lines[index++] || ' ', columns, rows - used);
  return index;
}

export function PromptPane({ workspace, tokensLabel, top, rows, width, anchorBottom = false }: PromptPaneProps) {
  const prompt = workspace.promptLines;
  const listRows = Math.max(1, rows - PROMPT_HEADER_ROWS);
  const first = Math.min(Math.max(0, top), Math.max(0, prompt.lines.length - 1));
  const columns = width - PROMPT_TEXT_INDENT;
  const last = Math.max(first + 1, Math.min(prompt.lines.length, lastShown(prompt.lines, first, listRows, columns)));
  const header = [
    segment(`${formatCount(prompt.lines.length)} lines · ${formatCount(workspace.prepared.prompt.length)} chars · ${tokensLabel}`, 'dim'),
    segment(` · lines ${formatCount(first + 1)}–${formatCount(last)}`, 'dim'),
  ];
  return (
    <Box flexDirection="column" height={rows} flexShrink={0}>
      <StyledText line={header} />
      <PromptView prompt={prompt} top={first} rows={listRows} columns={columns} anchorBottom={anchorBottom} placeholders={workspace.placeholders} />
    </Box>
  );
}

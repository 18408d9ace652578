// `c`: two profiles on the same session, side by side when there is room (one above the other
// when not): their prompts, or their latest answers.

import { Box, Text } from 'ink';
import { formatCount } from './format-count.js';
import { LinesView } from './LinesView.js';
import { PromptView } from './PromptView.js';
import { printable } from './printable.js';
import type { StyledLine } from './styled-line.js';
import { compareContentRows, compareSideWidth, PROMPT_TEXT_INDENT } from './studio-layout.js';
import type { CompareSection, FileSlot, Workspace } from './studio-state.js';
import { useTheme } from './theme-context.js';

export interface CompareSide {
  readonly label: 'A' | 'B';
  readonly slot: FileSlot<unknown> | undefined;
  readonly workspace: Workspace | undefined;
  /** responseLines() of the side's latest run, or empty. */
  readonly answer: readonly StyledLine[];
  readonly running: boolean;
  /** The side's first line: the shared scroll position, stopped at the side's own end. */
  readonly top: number;
  /** The side's last line is taller than the view and scrolled to: show its end. */
  readonly anchorBottom: boolean;
}

export interface ComparePaneProps {
  readonly session: string | undefined;
  readonly a: CompareSide;
  readonly b: CompareSide;
  readonly section: CompareSection;
  /** Rows for the whole comparison, header included. */
  readonly rows: number;
  /** Columns for the whole comparison. */
  readonly width: number;
  readonly sideBySide: boolean;
}

function Side({ side, section, rows, width }: { side: CompareSide; section: CompareSection; rows: number; width: number }) {
  const theme = useTheme();
  const name = printable(side.slot?.path.split('/').at(-1) ?? '—');
  const workspace = side.workspace;
  const facts =
    workspace === undefined
      ? side.slot?.status === 'invalid'
        ? ' ✗ invalid'
        : ' …'
      : ` ~${formatCount(workspace.prepared.tokens.prompt)} tokens · kept ${formatCount(workspace.prepared.events.kept.length)}/${formatCount(workspace.prepared.events.total)}`;
  let body;
  if (workspace === undefined) body = <Text dimColor>{printable(side.slot?.problems[0] ?? 'loading…')}</Text>;
  else if (section === 'prompt') body = <PromptView prompt={workspace.promptLines} top={side.top} rows={rows} columns={width - PROMPT_TEXT_INDENT} anchorBottom={side.anchorBottom} placeholders={workspace.placeholders} />;
  else if (side.answer.length === 0) body = <Text dimColor>{side.running ? 'running…' : 'no run yet: press r to run both'}</Text>;
  else body = <LinesView lines={side.answer} top={side.top} rows={rows} columns={width} anchorBottom={side.anchorBottom} />;
  return (
    <Box flexDirection="column" width={width} height={rows + 1} flexShrink={0} overflow="hidden">
      <Text wrap="truncate-end">
        <Text inverse bold>{` ${side.label} `}</Text>
        <Text bold {...theme.text('accent')}>{` ${name}`}</Text>
        <Text dimColor>{facts}</Text>
        {side.running ? <Text {...theme.text('accent')}> running…</Text> : null}
      </Text>
      {body}
    </Box>
  );
}

export function ComparePane({ session, a, b, section, rows, width, sideBySide }: ComparePaneProps) {
  const theme = useTheme();
  const content = compareContentRows(rows, sideBySide);
  const sideWidth = compareSideWidth(width, sideBySide);
  return (
    <Box flexDirection="column" height={rows} flexShrink={0}>
      <Text wrap="truncate-end">
        <Text bold {...theme.text('heading')}>Compare</Text>
        <Text dimColor>{` on ${printable(session?.split('/').at(-1) ?? '—')} · `}</Text>
        <Text bold={section === 'prompt'} inverse={section === 'prompt'}>{section === 'prompt' ? '[prompts]' : ' prompts '}</Text>
        <Text bold={section === 'answer'} inverse={section === 'answer'}>{section === 'answer' ? '[answers]' : ' answers '}</Text>
      </Text>
      <Box flexDirection={sideBySide ? 'row' : 'column'} height={rows - 1} gap={sideBySide ? 1 : 0}>
        <Side side={a} section={section} rows={content} width={sideWidth} />
        <Side side={b} section={section} rows={content} width={sideWidth} />
      </Box>
    </Box>
  );
}

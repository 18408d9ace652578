// Report: the latest run of the profile over all sessions (`A`), its progress line on top (a spinner
// while it runs), then the report's lines; before any run, what `A` would do.

import { Box, Text } from 'ink';
import Spinner from 'ink-spinner';
import { allSessionsOutcome, allSessionsProgress } from './all-sessions-progress.js';
import { LinesView } from './LinesView.js';
import { printable } from './printable.js';
import type { SegmentStyle, StyledLine } from './styled-line.js';
import { REPORT_HEADER_ROWS } from './studio-layout.js';
import type { AllSessionsRun } from './studio-state.js';
import { useTheme } from './theme-context.js';

export interface ReportPaneProps {
  readonly run: AllSessionsRun | undefined;
  /** reportLines() of the run; empty when there is none. */
  readonly lines: readonly StyledLine[];
  /** What `A` would run, for the text shown before the first run. */
  readonly profile: string | undefined;
  readonly sessionsFolder: string;
  readonly sessions: number;
  readonly modelLabel: string;
  /** Sessions summarized at once. */
  readonly concurrency: number;
  /** The first line shown, already kept within the lines (see pane-viewport.ts). */
  readonly top: number;
  readonly rows: number;
  /** Columns of the pane. */
  readonly width: number;
  readonly anchorBottom?: boolean;
}

function endMark(run: AllSessionsRun): { readonly mark: string; readonly style: SegmentStyle } {
  if (run.status === 'finished') return run.failed === 0 ? { mark: '✓', style: 'ok' } : { mark: '⚠', style: 'warn' };
  return { mark: '✗', style: run.status === 'stopped' ? 'error' : 'warn' };
}

export function ReportPane({ run, lines, profile, sessionsFolder, sessions, modelLabel, concurrency, top, rows, width, anchorBottom = false }: ReportPaneProps) {
  const theme = useTheme();
  if (run === undefined) {
    return (
      <Box flexDirection="column">
        <Text>No run over all sessions yet.</Text>
        <Text dimColor>
          {`Press A to run ${printable(profile ?? 'the profile')} over the ${sessions} session files of ${printable(sessionsFolder)} with ${printable(modelLabel)}, ` +
            `${concurrency} at a time: the totals, the patterns and every failure show here. ` +
            'Results stay in memory; recap run --output keeps them.'}
        </Text>
      </Box>
    );
  }
  const outcome = allSessionsOutcome(run);
  const ended = outcome === undefined ? undefined : endMark(run);
  return (
    <Box flexDirection="column" height={rows} flexShrink={0}>
      <Text wrap="truncate-end">
        {ended === undefined ? (
          <Text {...theme.text('accent')}>
            <Spinner type="dots" />
          </Text>
        ) : (
          <Text {...theme.text(ended.style)}>{ended.mark}</Text>
        )}
        {` ${allSessionsProgress(run)}`}
        {ended === undefined ? <Text dimColor> · A or Esc cancels</Text> : <Text {...theme.text(ended.style)}>{` · ${outcome}`}</Text>}
      </Text>
      <LinesView lines={lines} top={top} rows={Math.max(1, rows - REPORT_HEADER_ROWS)} columns={width} anchorBottom={anchorBottom} />
    </Box>
  );
}

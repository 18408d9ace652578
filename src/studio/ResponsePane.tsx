// Response: the latest run's answer for this profile and session, or a spinner while one runs.

import { Box, Text } from 'ink';
import Spinner from 'ink-spinner';
import { LinesView } from './LinesView.js';
import { printable } from './printable.js';
import type { StyledLine } from './styled-line.js';
import { responseListRows } from './studio-layout.js';
import { useTheme } from './theme-context.js';

export interface ResponsePaneProps {
  /** responseLines() of the latest run; empty when there is none. */
  readonly lines: readonly StyledLine[];
  readonly running: boolean;
  /** `gemini/gemini-2.5-flash`. */
  readonly modelLabel: string;
  /** The model is the extractive summariser, not a language model. */
  readonly ruleBased: boolean;
  /** The first line shown, already kept within the answer (see pane-viewport.ts). */
  readonly top: number;
  readonly rows: number;
  /** Columns of the pane. */
  readonly width: number;
  readonly anchorBottom?: boolean;
}

export function ResponsePane({ lines, running, modelLabel, ruleBased, top, rows, width, anchorBottom = false }: ResponsePaneProps) {
  const theme = useTheme();
  const listRows = responseListRows(rows, running);
  return (
    <Box flexDirection="column" height={rows} flexShrink={0}>
      {running && (
        <Text wrap="truncate-end">
          <Text {...theme.text('accent')}>
            <Spinner type="dots" />
          </Text>
          {` running ${printable(modelLabel)}… `}
          <Text dimColor>Esc cancels</Text>
        </Text>
      )}
      {lines.length === 0 ? (
        running ? null : (
          <Box flexDirection="column">
            <Text>No run yet for this profile and session.</Text>
            <Text dimColor>{`Press r to run ${printable(modelLabel)}${ruleBased ? ' (rule-based, not a language model)' : ''}; the answer, its schema check, tokens and latency show here.`}</Text>
          </Box>
        )
      ) : (
        <LinesView lines={lines} top={top} rows={listRows} columns={width} anchorBottom={anchorBottom} />
      )}
    </Box>
  );
}

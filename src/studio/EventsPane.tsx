// Events: a bar of the whole session, the counts per fate, then one row per event on screen,
// kept ones marked and dropped ones with their reason.

import { Box, Text } from 'ink';
import { useMemo } from 'react';
import { clockTime, FATE_LABELS, visibleEventRows, type EventRow } from './event-rows.js';
import { formatCount } from './format-count.js';
import { markPlaceholders } from './placeholder-marks.js';
import { clampScrollTop } from './scroll-top.js';
import { sessionBar } from './session-bar.js';
import { EVENTS_HEADER_ROWS } from './studio-layout.js';
import { segment, type StyledLine } from './styled-line.js';
import type { Workspace } from './studio-state.js';
import { StyledText } from './StyledText.js';
import { useTheme } from './theme-context.js';

export interface EventsPaneProps {
  readonly workspace: Workspace;
  readonly top: number;
  readonly rows: number;
  readonly width: number;
  /** The event `f` went to (an event the answer cites), marked `▶` in place of its fate mark. */
  readonly selected?: number | undefined;
}

const FATE_WIDTH = 17;

function rowLine(row: EventRow, indexWidth: number, width: number, placeholders: RegExp | undefined, selected: boolean): StyledLine {
  const kept = row.fate === 'kept';
  const fate = FATE_LABELS[row.fate].padEnd(FATE_WIDTH);
  const prefix = `${String(row.index).padStart(indexWidth)} ${row.time.slice(0, 12)} `;
  // Measuring text is the costly part of an Ink frame: hand it no more than fits (plus one
  // character, so Ink still marks the cut with …).
  const room = Math.max(1, width - 2 - prefix.length - fate.length - row.label.length + 1);
  const detail = row.detail === '' ? '' : `  ${row.detail}`.slice(0, room);
  const texts = markPlaceholders([segment(row.label, kept ? 'strong' : 'dim'), segment(detail, kept ? 'plain' : 'dim')], placeholders);
  const mark = selected ? segment('▶ ', 'accent') : segment(kept ? '● ' : '· ', kept ? 'ok' : 'dim');
  return [mark, segment(prefix, 'dim'), segment(fate, kept ? 'ok' : 'warn'), ...texts];
}

function countsLine(workspace: Workspace, first: number, shown: number): StyledLine {
  const { counts } = workspace.explanation;
  const total = workspace.session.events.length;
  const dropped = (['filtered-by-type', 'outside-window', 'over-limit'] as const)
    .filter((fate) => counts[fate] > 0)
    .map((fate) => `${FATE_LABELS[fate]} ${formatCount(counts[fate])}`);
  const range = total === 0 ? 'no events' : `rows ${formatCount(first + 1)}–${formatCount(first + shown)}`;
  return [
    segment(`kept ${formatCount(counts.kept)} of ${formatCount(total)}`, 'ok'),
    segment(` · ${range}`, 'dim'),
    segment(dropped.length === 0 ? '' : ` · dropped: ${dropped.join(', ')}`, 'dim'),
  ];
}

export function EventsPane({ workspace, top, rows, width, selected }: EventsPaneProps) {
  const theme = useTheme();
  const { session, explanation } = workspace;
  const total = session.events.length;
  const listRows = Math.max(1, rows - EVENTS_HEADER_ROWS);
  const first = clampScrollTop(top, { rows: listRows, lines: total });
  const barWidth = Math.max(10, width - 21);
  // One pass over every event, so only when the session, the profile or the width changes.
  const bar = useMemo(() => sessionBar(session.events, explanation.fate, barWidth), [session, explanation, barWidth]);
  const eventRows = visibleEventRows(session, explanation, first, listRows);
  const indexWidth = Math.max(3, String(Math.max(0, total - 1)).length);
  return (
    <Box flexDirection="column" height={rows} flexShrink={0}>
      <Text wrap="truncate-end">
        <Text dimColor>{clockTime(session.events[0]?.time ?? NaN).slice(0, 8)} ▕</Text>
        <Text {...theme.text('ok')}>{bar}</Text>
        <Text dimColor>▏{clockTime(session.events.at(-1)?.time ?? NaN).slice(0, 8)}</Text>
      </Text>
      <StyledText line={countsLine(workspace, first, eventRows.length)} />
      {eventRows.map((row) => (
        <StyledText key={row.index} line={rowLine(row, indexWidth, width, workspace.placeholders, row.index === selected)} />
      ))}
    </Box>
  );
}

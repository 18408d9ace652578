// The bottom lines: with privacy rules, what they replaced; the profile's validation state, the
// model, the prompt's tokens and the kept events; then a notice, the progress of a run over all
// sessions, or the main keys.

import { Box, Text } from 'ink';
import { formatCount } from './format-count.js';
import { segment, type Segment, type StyledLine } from './styled-line.js';
import type { FileSlot, Notice } from './studio-state.js';
import { StyledText } from './StyledText.js';

export interface StatusBarProps {
  readonly profile: FileSlot<unknown> | undefined;
  readonly session: FileSlot<unknown> | undefined;
  readonly modelLabel: string;
  readonly modelUnavailable: boolean;
  /** Undefined while nothing is prepared. */
  readonly tokensLabel: string | undefined;
  readonly kept: { readonly kept: number; readonly total: number } | undefined;
  readonly notice: Notice | undefined;
  readonly comparing: boolean;
  /** privacySummary(): shown above the status line when a rules file applies. */
  readonly privacy?: StyledLine | undefined;
  /** `all sessions: 37/120 done, …` while a run over all sessions goes: in place of the keys. */
  readonly progress?: string | undefined;
  /** Columns for the line; when it is too long, its labels take their short forms. */
  readonly width?: number;
}

/** How much the line gives up to fit: nothing, the long forms of its labels, the last-good note too. */
type Compaction = 0 | 1 | 2;

function validation(profile: FileSlot<unknown> | undefined, session: FileSlot<unknown> | undefined, compaction: Compaction): Segment[] {
  if (profile === undefined || profile.status === 'loading') return [segment('… loading', 'dim')];
  const lastGood = [', last good shown', ' (last good)', ''][compaction];
  const parts: Segment[] = [];
  if (profile.status === 'valid') parts.push(segment('✓ valid', 'ok'));
  else parts.push(segment(`✗ invalid${profile.value === undefined ? '' : lastGood}`, 'error'));
  if (profile.warnings.length > 0) parts.push(segment(` ⚠ ${profile.warnings.length}`, 'warn'));
  if (session?.status === 'invalid') parts.push(segment(` ✗ session invalid${session.value === undefined ? '' : lastGood}`, 'error'));
  return parts;
}

function statusLine(props: StatusBarProps, compaction: Compaction): Segment[] {
  const separator = segment(' │ ', 'dim');
  const line: Segment[] = [...validation(props.profile, props.session, compaction), separator, segment(props.modelLabel, props.modelUnavailable ? 'error' : 'plain')];
  if (props.tokensLabel !== undefined) line.push(separator, segment(compaction > 0 ? props.tokensLabel.replace(/ \(estimate[^)]*\)/, ' (est.)') : props.tokensLabel));
  if (props.kept !== undefined) line.push(separator, segment(`kept ${formatCount(props.kept.kept)}/${formatCount(props.kept.total)}`));
  return line;
}

const MAIN_KEYS = 'Tab/1-6 panes · p/s pick · r run · A all · e edit · c compare · ? help · q quit';
const COMPARE_KEYS = 'Tab prompts/answers · ↑↓ scroll · r run both · s session · c/Esc close · q quit';

export function StatusBar(props: StatusBarProps) {
  // The kept count is the last item: shorter labels first, so that it stays on screen.
  const fits = (line: Segment[]) => props.width === undefined || line.reduce((length, part) => length + part.text.length, 0) <= props.width;
  const full = statusLine(props, 0);
  const short = fits(full) ? full : statusLine(props, 1);
  const line = fits(short) ? short : statusLine(props, 2);
  return (
    <Box flexDirection="column" flexShrink={0}>
      {props.privacy === undefined ? null : <StyledText line={props.privacy} />}
      <StyledText line={line} />
      {props.notice === undefined && props.progress !== undefined ? (
        <StyledText line={[segment(props.progress, 'accent'), segment(' · A or Esc cancels', 'dim')]} />
      ) : props.notice === undefined ? (
        <Text dimColor wrap="truncate-end">
          {props.comparing ? COMPARE_KEYS : MAIN_KEYS}
        </Text>
      ) : (
        <StyledText line={[segment(props.notice.text, props.notice.tone === 'error' ? 'error' : 'accent')]} />
      )}
    </Box>
  );
}

// The two bottom lines: the profile's validation state, the model, the prompt's tokens and the
// kept events; then a notice or the main keys.

import { Box, Text } from 'ink';
import { formatCount } from './format-count.js';
import { segment, type Segment } from './styled-line.js';
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
}

function validation(profile: FileSlot<unknown> | undefined, session: FileSlot<unknown> | undefined): Segment[] {
  if (profile === undefined || profile.status === 'loading') return [segment('… loading', 'dim')];
  const parts: Segment[] = [];
  if (profile.status === 'valid') parts.push(segment('✓ valid', 'ok'));
  else parts.push(segment(`✗ invalid${profile.value === undefined ? '' : ', last good shown'}`, 'error'));
  if (profile.warnings.length > 0) parts.push(segment(` ⚠ ${profile.warnings.length}`, 'warn'));
  if (session?.status === 'invalid') parts.push(segment(` ✗ session invalid${session.value === undefined ? '' : ', last good shown'}`, 'error'));
  return parts;
}

const MAIN_KEYS = 'Tab/1-5 panes · p/s pick · r run · e edit · c compare · ? help · q quit';
const COMPARE_KEYS = 'Tab prompts/answers · ↑↓ scroll · r run both · s session · c/Esc close · q quit';

export function StatusBar(props: StatusBarProps) {
  const separator = segment(' │ ', 'dim');
  const line: Segment[] = [
    ...validation(props.profile, props.session),
    separator,
    segment(props.modelLabel, props.modelUnavailable ? 'error' : 'plain'),
  ];
  if (props.tokensLabel !== undefined) line.push(separator, segment(props.tokensLabel));
  if (props.kept !== undefined) line.push(separator, segment(`kept ${formatCount(props.kept.kept)}/${formatCount(props.kept.total)}`));
  return (
    <Box flexDirection="column" flexShrink={0}>
      <StyledText line={line} />
      {props.notice === undefined ? (
        <Text dimColor wrap="truncate-end">
          {props.comparing ? COMPARE_KEYS : MAIN_KEYS}
        </Text>
      ) : (
        <StyledText line={[segment(props.notice.text, props.notice.tone === 'error' ? 'error' : 'accent')]} />
      )}
    </Box>
  );
}

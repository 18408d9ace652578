// The list shown by p, s and c: choose a profile, a session, or the profile to compare with.

import { Box, Text } from 'ink';
import { FileList } from './FileList.js';
import type { PickerTarget, StudioFile } from './studio-state.js';

const TITLES: Readonly<Record<PickerTarget, string>> = {
  profile: 'Pick a profile',
  session: 'Pick a session',
  compare: 'Compare with which profile?',
};

export interface PickerProps {
  readonly target: PickerTarget;
  readonly files: readonly StudioFile[];
  readonly selected: string | undefined;
  readonly index: number;
  readonly rows: number;
}

export function Picker({ target, files, selected, index, rows }: PickerProps) {
  return (
    <Box flexDirection="column" height={rows} flexShrink={0}>
      <Text wrap="truncate-end">
        <Text bold>{TITLES[target]}</Text>
        <Text dimColor>{'  ↑↓ move · Enter choose · Esc close'}</Text>
      </Text>
      <FileList files={files} selected={selected} highlighted={index} rows={rows - 1} />
    </Box>
  );
}

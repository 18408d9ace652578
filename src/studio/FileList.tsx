// A list of profile or session files: the selected one marked, the highlighted one inverted,
// scrolled so the highlighted one stays in view.

import { Box, Text } from 'ink';
import { printable } from './printable.js';
import type { StudioFile } from './studio-state.js';
import { useTheme } from './theme-context.js';

export interface FileListProps {
  /** Shown above the list when given. */
  readonly title?: string | undefined;
  readonly files: readonly StudioFile[];
  /** Path of the file in use. */
  readonly selected: string | undefined;
  /** Index of the row the cursor is on (pickers), if any. */
  readonly highlighted?: number | undefined;
  /** Marks the selected file as invalid. */
  readonly invalid?: boolean;
  readonly rows: number;
}

export function FileList({ title, files, selected, highlighted, invalid = false, rows }: FileListProps) {
  const theme = useTheme();
  const listRows = Math.max(1, rows - (title === undefined ? 0 : 1));
  const anchor = highlighted ?? Math.max(0, files.findIndex((file) => file.path === selected));
  const first = Math.max(0, Math.min(anchor - Math.floor(listRows / 2), files.length - listRows));
  return (
    <Box flexDirection="column" height={rows} flexShrink={0}>
      {title === undefined ? null : <Text bold>{title}</Text>}
      {files.slice(first, first + listRows).map((file, offset) => {
        const index = first + offset;
        const current = file.path === selected;
        const mark = current ? (invalid ? '✗' : '▸') : ' ';
        return (
          <Text key={file.path} wrap="truncate-end" inverse={index === highlighted} {...(current ? theme.text(invalid ? 'error' : 'accent') : {})}>
            {` ${mark} ${printable(file.name)}`}
          </Text>
        );
      })}
    </Box>
  );
}

// `?`: the key table, from the same bindings the keyboard goes through.

import { Box, Text } from 'ink';
import { helpRows } from './key-bindings.js';
import { useTheme } from './theme-context.js';

export function HelpOverlay({ rows }: { readonly rows: number }) {
  const theme = useTheme();
  const table = helpRows();
  const width = Math.max(...table.map((row) => row.keys.length));
  return (
    <Box flexDirection="column" height={rows} overflow="hidden" flexShrink={0}>
      <Text bold>Keys <Text dimColor>(? or Esc closes)</Text></Text>
      {table.map((row) => (
        <Text key={row.keys} wrap="truncate-end">
          <Text {...theme.text('key')}>{`  ${row.keys.padEnd(width)}  `}</Text>
          {row.description}
        </Text>
      ))}
    </Box>
  );
}

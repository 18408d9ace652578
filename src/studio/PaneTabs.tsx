// The pane tabs, 1 to 5; the active one inverted and bracketed.

import { Text } from 'ink';
import { PANES, PANE_TITLES, type PaneName } from './studio-state.js';

export function PaneTabs({ active, running }: { readonly active: PaneName; readonly running: boolean }) {
  return (
    <Text wrap="truncate-end">
      {PANES.map((pane, index) => (
        // Brackets as well as inverse: the active pane must show in plain text and under NO_COLOR.
        <Text key={pane} inverse={pane === active} bold={pane === active}>
          {`${pane === active ? '[' : ' '}${index + 1} ${PANE_TITLES[pane]}${pane === 'response' && running ? ' …' : ''}${pane === active ? ']' : ' '}`}
        </Text>
      ))}
    </Text>
  );
}

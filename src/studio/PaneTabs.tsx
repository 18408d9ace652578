// The pane tabs, 1 to 6; the active one inverted and bracketed, a busy one (a run under way) with `…`.

import { Text } from 'ink';
import { PANES, PANE_TITLES, type PaneName } from './studio-state.js';

export function PaneTabs({ active, busy }: { readonly active: PaneName; readonly busy: readonly PaneName[] }) {
  return (
    <Text wrap="truncate-end">
      {PANES.map((pane, index) => (
        // Brackets as well as inverse: the active pane must show in plain text and under NO_COLOR.
        <Text key={pane} inverse={pane === active} bold={pane === active}>
          {`${pane === active ? '[' : ' '}${index + 1} ${PANE_TITLES[pane]}${busy.includes(pane) ? ' …' : ''}${pane === active ? ']' : ' '}`}
        </Text>
      ))}
    </Text>
  );
}

// The scrollable extent of what is on screen: how many rows the view shows and how many lines
// there are, so scroll commands stop at the ends.

import type { Viewport } from './scroll-top.js';
import { compareContentRows, EVENTS_HEADER_ROWS, PROMPT_HEADER_ROWS, responseListRows, type StudioLayout } from './studio-layout.js';
import type { StudioState } from './studio-state.js';

/** Line counts of the panes built from lists (Studio.tsx builds them). */
export interface PaneLineCounts {
  readonly context: number;
  readonly response: number;
  readonly diff: number;
  /** The compared answers, A and B. */
  readonly compareAnswers: number;
}

export function paneViewport(state: StudioState, layout: StudioLayout, counts: PaneLineCounts): Viewport {
  const rows = layout.paneRows;
  const workspace = state.workspace;
  if (state.compare !== undefined) {
    const prompts = Math.max(workspace?.promptLines.lines.length ?? 0, state.compare.workspace?.promptLines.lines.length ?? 0);
    return {
      rows: compareContentRows(rows + 1, layout.sideBySide),
      lines: state.compare.section === 'prompt' ? prompts : counts.compareAnswers,
    };
  }
  switch (state.pane) {
    case 'events':
      return { rows: rows - EVENTS_HEADER_ROWS, lines: workspace?.session.events.length ?? 0 };
    case 'prompt':
      return { rows: rows - PROMPT_HEADER_ROWS, lines: workspace?.promptLines.lines.length ?? 0 };
    case 'context':
      return { rows, lines: counts.context };
    case 'response':
      return { rows: responseListRows(rows, state.running.length > 0), lines: counts.response };
    case 'diff':
      return { rows, lines: counts.diff };
  }
}

// The scrollable extent of what is on screen: how many rows the view shows, how many lines there
// are, and (for panes whose lines wrap) the first line from which the last one is on screen, so
// scroll commands stop at the ends.

import type { PromptLines } from './prompt-lines.js';
import type { Viewport } from './scroll-top.js';
import type { StyledLine } from './styled-line.js';
import {
  compareContentRows,
  compareSideWidth,
  EVENTS_HEADER_ROWS,
  PROMPT_HEADER_ROWS,
  PROMPT_TEXT_INDENT,
  REPORT_HEADER_ROWS,
  responseListRows,
  type StudioLayout,
} from './studio-layout.js';
import type { StudioState } from './studio-state.js';
import { bottomOf, lineText, wrappedRows } from './wrapped-rows.js';

/** The panes built from lists (Studio.tsx builds them). */
export interface PaneLines {
  readonly context: readonly StyledLine[];
  readonly response: readonly StyledLine[];
  readonly diff: readonly StyledLine[];
  /** The latest run over all sessions; below its progress line. */
  readonly report: readonly StyledLine[];
  /** The compared answers, A and B. */
  readonly compareAnswers: readonly [readonly StyledLine[], readonly StyledLine[]];
}

/** Lines of text that wrap at `columns`, seen `rows` at a time. */
function wrapping(count: number, rows: number, textOf: (index: number) => string, columns: number): Viewport {
  // Beyond `rows` the height of a line does not matter: a line of megabytes is not measured whole.
  const bottom = bottomOf(count, rows, (index) => wrappedRows(textOf(index), columns, rows));
  return { rows, lines: count, maxTop: bottom.top, overflowsAtBottom: bottom.overflows };
}

const promptViewport = (prompt: PromptLines | undefined, rows: number, width: number): Viewport =>
  wrapping(prompt?.lines.length ?? 0, rows, (index) => prompt?.lines[index] || ' ', width - PROMPT_TEXT_INDENT);

const linesViewport = (lines: readonly StyledLine[], rows: number, width: number, gutter = 0): Viewport =>
  wrapping(lines.length, rows, (index) => lineText(lines[index] ?? []).slice(gutter), width - gutter);

/** Two views scrolled together: the bottom is where both have reached their ends. */
function together(a: Viewport, b: Viewport): Viewport {
  const aTop = a.maxTop ?? 0;
  const bTop = b.maxTop ?? 0;
  const lead = aTop >= bTop ? a : b;
  return { rows: a.rows, lines: Math.max(a.lines, b.lines), maxTop: Math.max(aTop, bTop), overflowsAtBottom: lead.overflowsAtBottom };
}

/** The compared sides' own extents, A then B; undefined when nothing is compared. */
export function compareViewports(state: StudioState, layout: StudioLayout, lines: PaneLines): readonly [Viewport, Viewport] | undefined {
  if (state.compare === undefined) return undefined;
  const contentRows = compareContentRows(layout.paneRows + 1, layout.sideBySide);
  const sideWidth = compareSideWidth(layout.mainWidth, layout.sideBySide);
  if (state.compare.section === 'prompt') {
    return [
      promptViewport(state.workspace?.promptLines, contentRows, sideWidth),
      promptViewport(state.compare.workspace?.promptLines, contentRows, sideWidth),
    ];
  }
  return [linesViewport(lines.compareAnswers[0], contentRows, sideWidth), linesViewport(lines.compareAnswers[1], contentRows, sideWidth)];
}

export function paneViewport(state: StudioState, layout: StudioLayout, lines: PaneLines): Viewport {
  const rows = layout.paneRows;
  const width = layout.mainWidth;
  const workspace = state.workspace;
  const sides = compareViewports(state, layout, lines);
  if (sides !== undefined) return together(...sides);
  switch (state.pane) {
    case 'events':
      // One row an event: the rows are cut to the width, never wrapped.
      return { rows: rows - EVENTS_HEADER_ROWS, lines: workspace?.session.events.length ?? 0 };
    case 'prompt':
      return promptViewport(workspace?.promptLines, rows - PROMPT_HEADER_ROWS, width);
    case 'context':
      return linesViewport(lines.context, rows, width);
    case 'response':
      return linesViewport(lines.response, responseListRows(rows, state.running.length > 0), width);
    case 'diff':
      return linesViewport(lines.diff, rows, width, 2);
    case 'report':
      return linesViewport(lines.report, Math.max(1, rows - REPORT_HEADER_ROWS), width);
  }
}

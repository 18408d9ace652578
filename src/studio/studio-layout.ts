// How the frame is divided for a terminal size: a sidebar with the file lists when wide, stacked
// otherwise; the rows left for the pane after the fixed lines and the problem lines.

export interface TerminalSize {
  readonly columns: number;
  readonly rows: number;
}

export interface StudioLayout {
  readonly width: number;
  /** Rows of the frame: one less than the terminal, so Ink never has to clear the screen. */
  readonly height: number;
  /** Width of the file lists beside the panes; 0 when the layout is stacked. */
  readonly sidebarWidth: number;
  readonly mainWidth: number;
  readonly problemRows: number;
  /** Rows of the status bar at the bottom: the status and key lines, and the privacy line. */
  readonly statusRows: number;
  /** Rows for a pane's own content, below the header and the tab line. */
  readonly paneRows: number;
  /** The comparison shows the two profiles side by side (else one above the other). */
  readonly sideBySide: boolean;
}

/** From this width on, the profile and session lists stay visible beside the panes. */
export const SIDEBAR_FROM_COLUMNS = 120;
export const SIDEBAR_WIDTH = 32;
/** From this width on, compared profiles sit side by side. */
export const SIDE_BY_SIDE_FROM_COLUMNS = 100;
export const MAX_PROBLEM_ROWS = 5;
/** The Events pane's bar and counts lines. */
export const EVENTS_HEADER_ROWS = 2;
/** The Prompt pane's size line. */
export const PROMPT_HEADER_ROWS = 1;
/** The Report pane's progress line. */
export const REPORT_HEADER_ROWS = 1;

/** Columns before a prompt line's text: the session block's rule and padding, or the indent of the prompts around it. */
export const PROMPT_TEXT_INDENT = 2;

/** Columns of each compared profile: whole columns (a fractional width makes Ink wrap a column wider than it clips it). */
export function compareSideWidth(width: number, sideBySide: boolean): number {
  return sideBySide ? Math.floor((width - 1) / 2) : width;
}

/** Rows each compared profile shows, below the comparison's header and the side's title. */
export function compareContentRows(rows: number, sideBySide: boolean): number {
  return Math.max(1, sideBySide ? rows - 2 : Math.floor((rows - 1) / 2) - 1);
}

/** Rows for the answer below the spinner line of a run in progress. */
export function responseListRows(rows: number, running: boolean): number {
  return Math.max(1, rows - (running ? 1 : 0));
}

/** Header, tab line, status bar, key line. */
const FIXED_ROWS = 4;

/**
 * `comparing`: the comparison needs the width more than the lists do, so they make way.
 * `privacyLine`: a privacy rules file applies, and its line takes a row above the status bar.
 */
export function studioLayout(
  size: TerminalSize,
  problems: readonly string[],
  options: { readonly comparing?: boolean; readonly privacyLine?: boolean } = {},
): StudioLayout {
  const width = Math.max(40, size.columns);
  const height = Math.max(12, size.rows - 1);
  const sidebarWidth = width >= SIDEBAR_FROM_COLUMNS && options.comparing !== true ? SIDEBAR_WIDTH : 0;
  const mainWidth = width - sidebarWidth;
  let problemRows = 0;
  for (const problem of problems) problemRows += Math.max(1, Math.ceil((problem.length + 2) / width));
  problemRows = Math.min(problemRows, MAX_PROBLEM_ROWS);
  const privacyRows = options.privacyLine === true ? 1 : 0;
  return {
    width,
    height,
    sidebarWidth,
    mainWidth,
    problemRows,
    statusRows: 2 + privacyRows,
    paneRows: Math.max(3, height - FIXED_ROWS - privacyRows - problemRows),
    sideBySide: mainWidth >= SIDE_BY_SIDE_FROM_COLUMNS,
  };
}

// Where a scrollable view starts after a scroll command, clamped to its content.

export type ScrollCommand = 'line-up' | 'line-down' | 'page-up' | 'page-down' | 'top' | 'bottom';

/** What the view can show (`rows`) and how much there is (`lines`). */
export interface Viewport {
  readonly rows: number;
  readonly lines: number;
}

/** The largest useful top: the last page ends with the last line. */
export function maxScrollTop(viewport: Viewport): number {
  return Math.max(0, viewport.lines - Math.max(1, viewport.rows));
}

export function clampScrollTop(top: number, viewport: Viewport): number {
  return Math.min(Math.max(0, top), maxScrollTop(viewport));
}

/** The new first line; a page keeps one line of the previous page in view. */
export function nextScrollTop(top: number, command: ScrollCommand, viewport: Viewport): number {
  const page = Math.max(1, viewport.rows - 1);
  const current = clampScrollTop(top, viewport);
  switch (command) {
    case 'line-up':
      return clampScrollTop(current - 1, viewport);
    case 'line-down':
      return clampScrollTop(current + 1, viewport);
    case 'page-up':
      return clampScrollTop(current - page, viewport);
    case 'page-down':
      return clampScrollTop(current + page, viewport);
    case 'top':
      return 0;
    case 'bottom':
      return maxScrollTop(viewport);
  }
}

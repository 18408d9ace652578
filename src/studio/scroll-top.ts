// Where a scrollable view starts after a scroll command, clamped to its content.

export type ScrollCommand = 'line-up' | 'line-down' | 'page-up' | 'page-down' | 'top' | 'bottom';

/** What the view can show (`rows`) and how much there is (`lines`). */
export interface Viewport {
  readonly rows: number;
  readonly lines: number;
  /** The largest useful top when lines wrap onto several rows (see wrapped-rows.ts); else one row a line. */
  readonly maxTop?: number;
  /** At `maxTop`, the last line alone is taller than the view: draw it anchored to the bottom. */
  readonly overflowsAtBottom?: boolean;
}

/** The largest useful top: the last page ends with the last line. */
export function maxScrollTop(viewport: Viewport): number {
  return viewport.maxTop ?? Math.max(0, viewport.lines - Math.max(1, viewport.rows));
}

/** True when the view at `top` should show its end rather than its start (a too tall last line). */
export function anchoredToBottom(top: number, viewport: Viewport): boolean {
  return viewport.overflowsAtBottom === true && clampScrollTop(top, viewport) >= maxScrollTop(viewport);
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

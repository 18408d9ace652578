// A chart of the HTML report with the sessions behind each bar listed under it.

import type { HistogramBin, SessionRef } from './report-data.js';
import { formatNumber } from './report-format.js';
import { renderBarSessions, type SessionHref } from './session-links-html.js';
import { renderBarChart, renderHistogram } from './svg-charts.js';

/** A bar of a bar chart and the sessions it stands for. */
export interface SessionBar {
  readonly label: string;
  readonly count: number;
  readonly sessions: readonly SessionRef[];
}

/**
 * A horizontal bar chart followed by each bar's session links; "none" when there are no bars.
 *
 * @param bars - the bars, in the order shown.
 * @param label - what the chart shows (its `aria-label`).
 * @param hrefFor - the link of a session.
 */
export function renderBarFigure(bars: readonly SessionBar[], label: string, hrefFor: SessionHref): string {
  if (bars.length === 0) return '<p class="muted">none</p>';
  return `<div class="figure">${renderBarChart(bars, label)}${renderBarSessions(bars, hrefFor)}</div>`;
}

/**
 * A histogram followed by each bin's session links; "none" when there are no bins.
 *
 * @param bins - the bins, lowest values first.
 * @param label - what the chart shows (its `aria-label`).
 * @param hrefFor - the link of a session.
 */
export function renderHistogramFigure(bins: readonly HistogramBin[], label: string, hrefFor: SessionHref): string {
  if (bins.length === 0) return '<p class="muted">none</p>';
  const bars = bins.map((bin) => ({ label: `${formatNumber(bin.from)} – ${formatNumber(bin.to)}`, sessions: bin.sessions }));
  return `<div class="figure">${renderHistogram(bins, label)}${renderBarSessions(bars, hrefFor)}</div>`;
}

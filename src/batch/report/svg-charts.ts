// The report's charts as inline SVG: a horizontal bar chart (one row per value) and a histogram
// (vertical bars over a number axis). Sized by `viewBox` and `width="100%"`, so they shrink to a
// phone's width; every bar is a `rect.bar` carrying its count in `data-count`.

import { escapeHtml } from './html-escape.js';
import { formatCount, formatNumber } from './report-format.js';

/** One bar: a label and the count it stands for. */
export interface ChartBar {
  readonly label: string;
  readonly count: number;
}

/** One histogram bar: values from `from` to `to`. */
export interface HistogramBar {
  readonly from: number;
  readonly to: number;
  readonly count: number;
}

/** Narrow enough that the text stays legible when a phone shrinks the chart to its width. */
const WIDTH = 440;
const ROW = 24;
const BAR_HEIGHT = 16;
const LABEL_WIDTH = 160;
const VALUE_WIDTH = 56;
/** Characters of a label that fit in LABEL_WIDTH at the chart's 14 px font. */
const LABEL_CHARACTERS = 20;

/**
 * A label cut to `limit` characters with a visible ellipsis. Counts code points, so an emoji is
 * never split in half.
 *
 * @param label - the full label.
 * @param limit - the most characters to keep, the ellipsis included.
 */
export function truncateLabel(label: string, limit: number = LABEL_CHARACTERS): string {
  const characters = Array.from(label.replace(/\s+/g, ' '));
  return characters.length <= limit ? characters.join('') : `${characters.slice(0, limit - 1).join('')}…`;
}

/** A coordinate to one decimal: enough for a chart, and no `0.30000000000000004` in the page. */
const round = (value: number) => Math.round(value * 10) / 10;

/** Width of a bar for `count` out of `max` in `span` units; at least 2 units when the count is not zero, so it stays visible. */
function barLength(count: number, max: number, span: number): number {
  if (count <= 0 || max <= 0) return 0;
  return Math.max(2, round((count / max) * span));
}

/**
 * A horizontal bar chart: each row a label (cut with an ellipsis when long, full in the row's
 * `<title>`), a bar and its count.
 *
 * @param bars - the rows, in the order shown.
 * @param label - what the chart shows, for screen readers (`aria-label`).
 * @returns an `<svg class="chart">` element.
 */
export function renderBarChart(bars: readonly ChartBar[], label: string): string {
  const height = bars.length * ROW + 8;
  const span = WIDTH - LABEL_WIDTH - VALUE_WIDTH;
  const max = Math.max(0, ...bars.map((bar) => bar.count));
  const rows = bars.map((bar, index) => {
    const y = 4 + index * ROW;
    const length = barLength(bar.count, max, span);
    const textY = y + ROW / 2 + 1;
    return [
      `<g class="chart-row"><title>${escapeHtml(`${bar.label}: ${formatCount(bar.count)}`)}</title>`,
      `<text class="chart-label" x="0" y="${textY}" dominant-baseline="middle">${escapeHtml(truncateLabel(bar.label))}</text>`,
      `<rect class="bar" data-count="${bar.count}" x="${LABEL_WIDTH}" y="${y + (ROW - BAR_HEIGHT) / 2}" width="${length}" height="${BAR_HEIGHT}"></rect>`,
      `<text class="chart-value" x="${LABEL_WIDTH + length + 6}" y="${textY}" dominant-baseline="middle">${formatCount(bar.count)}</text></g>`,
    ].join('');
  });
  return `<svg class="chart bar-chart" role="img" aria-label="${escapeHtml(label)}" viewBox="0 0 ${WIDTH} ${height}" width="100%" preserveAspectRatio="xMinYMin meet">${rows.join('')}</svg>`;
}

const PLOT_TOP = 20;
const PLOT_HEIGHT = 160;
const AXIS_SPACE = 30;
const SIDE = 22;
/** The most axis labels that fit side by side across the chart. */
const MAX_TICKS = 8;

/** Which of the `count + 1` bin edges get a label: evenly spaced, the last edge always. */
function labelledEdges(binCount: number): readonly number[] {
  const step = Math.ceil((binCount + 1) / MAX_TICKS);
  const edges: number[] = [];
  for (let edge = 0; edge < binCount; edge += step) {
    if (binCount - edge >= step) edges.push(edge);
  }
  edges.push(binCount);
  return edges;
}

/**
 * A histogram: vertical bars side by side, their count above, the bins' edges (`from`, and the
 * last bin's `to`) labelled under the axis.
 *
 * @param bins - the bins, lowest values first.
 * @param label - what the chart shows, for screen readers (`aria-label`).
 * @returns an `<svg class="chart">` element.
 */
export function renderHistogram(bins: readonly HistogramBar[], label: string): string {
  const height = PLOT_TOP + PLOT_HEIGHT + AXIS_SPACE;
  const baseline = PLOT_TOP + PLOT_HEIGHT;
  const slot = (WIDTH - 2 * SIDE) / Math.max(1, bins.length);
  const max = Math.max(0, ...bins.map((bin) => bin.count));
  const bars = bins.map((bin, index) => {
    const x = round(SIDE + index * slot);
    const length = barLength(bin.count, max, PLOT_HEIGHT);
    const range = `${formatNumber(bin.from)} – ${formatNumber(bin.to)}`;
    const value = bin.count > 0 ? `<text class="chart-value" x="${round(x + slot / 2)}" y="${round(baseline - length - 4)}" text-anchor="middle">${formatCount(bin.count)}</text>` : '';
    return [
      `<g class="chart-row"><title>${escapeHtml(`${range}: ${formatCount(bin.count)}`)}</title>`,
      `<rect class="bar" data-count="${bin.count}" x="${round(x + 1)}" y="${round(baseline - length)}" width="${round(Math.max(1, slot - 2))}" height="${length}"></rect>`,
      `${value}</g>`,
    ].join('');
  });
  const edges = labelledEdges(bins.length).map((edge) => {
    const value = edge < bins.length ? bins[edge]?.from : bins[bins.length - 1]?.to;
    if (value === undefined) return '';
    const x = round(SIDE + edge * slot);
    return `<line class="axis" x1="${x}" y1="${baseline}" x2="${x}" y2="${baseline + 4}"></line><text class="chart-axis" x="${x}" y="${baseline + 18}" text-anchor="middle">${escapeHtml(formatNumber(value))}</text>`;
  });
  const axis = `<line class="axis" x1="${SIDE}" y1="${baseline}" x2="${WIDTH - SIDE}" y2="${baseline}"></line>`;
  return `<svg class="chart histogram" role="img" aria-label="${escapeHtml(label)}" viewBox="0 0 ${WIDTH} ${height}" width="100%" preserveAspectRatio="xMinYMin meet">${bars.join('')}${axis}${edges.join('')}</svg>`;
}

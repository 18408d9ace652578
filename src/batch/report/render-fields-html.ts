// The "Responses" section of the HTML report: one chart per field of the structured responses.

import { renderBarFigure, renderHistogramFigure } from './chart-figure-html.js';
import { escapeHtml } from './html-escape.js';
import type { ReportField, ValueCount } from './report-data.js';
import { formatCount, formatNumber } from './report-format.js';
import type { SessionHref } from './session-links-html.js';

const valueBars = (values: readonly ValueCount[]) => values.map((item) => ({ label: item.value, count: item.count, sessions: item.sessions }));

/** One field: its path, how many sessions answered it, and its chart. */
function renderField(field: ReportField, hrefFor: SessionHref): string {
  const heading = `<h3><code>${escapeHtml(field.path)}</code></h3>`;
  const answered = `answered in ${formatCount(field.answered)} session${field.answered === 1 ? '' : 's'}`;
  switch (field.kind) {
    case 'enum':
      return `${heading}<p class="muted">${answered}</p>${renderBarFigure(valueBars(field.values), `${field.path}: count of each value`, hrefFor)}`;
    case 'text':
      return [
        heading,
        `<p class="muted">${answered}; ${formatCount(field.distinct)} distinct value${field.distinct === 1 ? '' : 's'}, the most frequent:</p>`,
        renderBarFigure(valueBars(field.top), `${field.path}: the most frequent values`, hrefFor),
      ].join('');
    case 'number':
      return [
        heading,
        `<p class="muted">${answered}; min ${escapeHtml(formatNumber(field.min))}, max ${escapeHtml(formatNumber(field.max))}, mean ${escapeHtml(formatNumber(field.mean))}</p>`,
        renderHistogramFigure(field.bins, `${field.path}: histogram of values from ${formatNumber(field.min)} to ${formatNumber(field.max)}`, hrefFor),
      ].join('');
  }
}

/**
 * The "Responses" section: each field's distribution, or a note when no response was structured.
 *
 * @param fields - the fields of the report, in order.
 * @param structured - sessions with a structured response.
 * @param hrefFor - the link of a session.
 */
export function renderFieldsSection(fields: readonly ReportField[], structured: number, hrefFor: SessionHref): string {
  const intro = `<p>${formatCount(structured)} session${structured === 1 ? '' : 's'} with a structured response.</p>`;
  const body = fields.length === 0 ? '<p class="muted">No structured fields to show.</p>' : fields.map((field) => renderField(field, hrefFor)).join('');
  return `<section id="responses"><h2>Responses</h2>${intro}${body}</section>`;
}

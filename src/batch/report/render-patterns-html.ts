// The "Patterns" section of the HTML report: what recurs in the sessions' events, one table per
// kind, each row linking to the sessions it happened in.

import { escapeHtml } from './html-escape.js';
import { PATTERN_KINDS, type Pattern, type PatternKind, type ReportData } from './report-data.js';
import { formatCount } from './report-format.js';
import { PATTERN_TITLES } from './render-report-markdown.js';
import { PATTERN_LINK_LIMIT, renderSessionLinks, type SessionHref } from './session-links-html.js';

/** What the label column holds, for each kind. */
const LABEL_COLUMNS: Readonly<Record<PatternKind, string>> = {
  rage_clicks: 'Element',
  dead_clicks: 'Element',
  error_clicks: 'Element',
  failing_requests: 'Request',
  console_errors: 'Message',
  exit_pages: 'Page',
};

/** One kind's table, or the sentence saying nothing recurs. */
function renderKind(kind: PatternKind, patterns: readonly Pattern[], minSessions: number, hrefFor: SessionHref): string {
  const heading = `<h3>${PATTERN_TITLES[kind]}</h3>`;
  if (patterns.length === 0) return `${heading}<p class="muted">none recurs in ≥ ${formatCount(minSessions)} sessions</p>`;
  const column = LABEL_COLUMNS[kind];
  const rows = patterns.map((pattern) =>
    [
      '<tr>',
      `<td data-label="${column}"><code>${escapeHtml(pattern.label)}</code></td>`,
      `<td class="number" data-label="Count">${formatCount(pattern.count)}</td>`,
      `<td class="number" data-label="Sessions">${formatCount(pattern.sessions.length)}</td>`,
      `<td data-label="Links">${renderSessionLinks(pattern.sessions, hrefFor, PATTERN_LINK_LIMIT)}</td>`,
      '</tr>',
    ].join(''),
  );
  const head = `<thead><tr><th>${column}</th><th class="number">Count</th><th class="number">Sessions</th><th>Links</th></tr></thead>`;
  return `${heading}<table class="patterns">${head}<tbody>${rows.join('')}</tbody></table>`;
}

/**
 * The "Patterns" section: each of {@link PATTERN_KINDS}, in order.
 *
 * @param data - the report.
 * @param hrefFor - the link of a session.
 */
export function renderPatternsSection(data: ReportData, hrefFor: SessionHref): string {
  const intro = `<p>Found in the events of ${formatCount(data.read)} session${data.read === 1 ? '' : 's'}, not in the model's answers; shown when they recur in at least ${formatCount(data.minSessions)} sessions (exit pages: all).</p>`;
  const kinds = PATTERN_KINDS.map((kind) => renderKind(kind, data.patterns[kind], data.minSessions, hrefFor));
  return `<section id="patterns"><h2>Patterns</h2>${intro}${kinds.join('')}</section>`;
}

// `recap report --html`: the report as one self-contained HTML page. Inline CSS and inline SVG
// charts only (no script, nothing the browser fetches), so it can be mailed, archived and printed.

import { renderBarFigure } from './chart-figure-html.js';
import { escapeHtml } from './html-escape.js';
import type { GroundingDistribution, ReportData, SessionRef } from './report-data.js';
import { formatCount, formatDuration, formatNumber, formatUsd } from './report-format.js';
import { REPORT_HTML_STYLE } from './report-html-style.js';
import { renderFieldsSection } from './render-fields-html.js';
import { renderPatternsSection } from './render-patterns-html.js';
import { setupLabels, type ReportSetup } from './report-setups.js';
import type { SessionHref } from './session-links-html.js';

/**
 * What the HTML page shows besides the report's data.
 *
 * @category Reports
 */
export interface HtmlReportOptions {
  /** The page's title and heading, e.g. `recap report: profiles/friction-report.yaml`. */
  readonly title: string;
  /** The results files read, listed under the title. */
  readonly sources: readonly string[];
  /** The link of a session; the renderer escapes it (and refuses `javascript:` links). */
  readonly hrefFor: (ref: SessionRef) => string;
  /**
   * The `--summarize` output: `text` written by `model`, shown as plain text in paragraphs;
   * `unknownSessions` are session ids the text cites that are not in the results (a warning).
   */
  readonly summary?: { readonly text: string; readonly model: string; readonly unknownSessions: readonly string[] } | undefined;
}

const plural = (count: number, word: string) => `${formatCount(count)} ${word}${count === 1 ? '' : 's'}`;

function renderHeader(options: HtmlReportOptions, setups: readonly ReportSetup[]): string {
  const sources = options.sources.map((source) => `<li><code>${escapeHtml(source)}</code></li>`).join('');
  const list = options.sources.length === 0 ? '' : `<ul class="sources" aria-label="Results files">${sources}</ul>`;
  return `<header><h1>${escapeHtml(options.title)}</h1>${list}${renderSetups(setups)}</header>`;
}

/** `Made with profiles/a.yaml on gemini/gemini-2.5-flash`; several setups each with their sessions, and a warning that they are added up. */
function renderSetups(setups: readonly ReportSetup[]): string {
  if (setups.length === 0) return '';
  const labels = setupLabels(setups).map((label, index) => {
    const setup = setups[index] as ReportSetup;
    const named = `<code>${escapeHtml(setup.profile)}</code>${escapeHtml(label.slice(setup.profile.length))}`;
    return setups.length === 1 ? named : `${named} <span class="muted">(${plural(setup.sessions, 'session')})</span>`;
  });
  if (setups.length === 1) return `<p class="setups">Made with ${labels[0] ?? ''}</p>`;
  return `<p class="setups warning" role="note"><strong>${setups.length} setups, added up here:</strong> ${labels.join('; ')}</p>`;
}

function renderCost(cost: ReportData['totals']['cost']): string {
  if (cost.usd === null) return `unknown: ${escapeHtml(cost.unpriced.join(', '))} not in the price table`;
  const models = cost.models.length === 0 ? '' : `${escapeHtml(cost.models.join(', '))}; `;
  return `≈ ${formatUsd(cost.usd)} <span class="muted">(${models}price table estimate)</span>`;
}

function renderTotals(data: ReportData, hrefFor: SessionHref): string {
  const { totals } = data;
  const tokens = `${formatCount(totals.tokens.total)} <span class="muted">(prompt ${formatCount(totals.tokens.prompt)}, output ${formatCount(totals.tokens.output)}${totals.tokens.estimated ? '; estimated' : ''})</span>`;
  const facts = [
    ['Sessions', formatCount(totals.sessions)],
    ['OK', formatCount(totals.ok)],
    ['Failed', formatCount(totals.failed)],
    ...(totals.repaired > 0 ? [['Repaired', `${formatCount(totals.repaired)} <span class="muted">of the OK: their answers came after a repair request</span>`]] : []),
    ['Tokens', tokens],
    ['Cost', renderCost(totals.cost)],
    ['Model time', `${formatDuration(totals.ms.total)} in all, median ${formatDuration(totals.ms.median)} a session`],
  ].map(([term, value]) => `<dt>${term}</dt><dd>${value}</dd>`);
  const failures = totals.failures.map((item) => ({ label: item.value, count: item.count, sessions: item.sessions }));
  return [
    '<section id="totals"><h2>Totals</h2>',
    `<dl class="facts">${facts.join('')}</dl>`,
    '<h3>Failures by code</h3>',
    failures.length === 0 ? '<p class="muted">No failures.</p>' : renderBarFigure(failures, 'Failures by error code', hrefFor),
    '</section>',
  ].join('');
}

function renderGrounding(grounding: GroundingDistribution, hrefFor: SessionHref): string {
  const facts = [
    ['Scored', plural(grounding.scored, 'session')],
    ['Mean score', escapeHtml(formatNumber(grounding.mean))],
    ['Unsupported claims', formatCount(grounding.unsupported)],
    ['Dropped claims', `${formatCount(grounding.dropped)} <span class="muted">(true of the session, dropped by the profile)</span>`],
  ].map(([term, value]) => `<dt>${term}</dt><dd>${value}</dd>`);
  return [
    '<section id="grounding"><h2>Grounding</h2>',
    `<dl class="facts">${facts.join('')}</dl>`,
    renderBarFigure(grounding.buckets, 'Grounding scores: sessions in each bucket', hrefFor),
    '</section>',
  ].join('');
}

/** The model's text as escaped paragraphs: blank lines split paragraphs, single newlines break lines. */
function paragraphs(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '')
    .map((paragraph) => `<p>${paragraph.split('\n').map(escapeHtml).join('<br>')}</p>`)
    .join('');
}

function renderSummary(summary: NonNullable<HtmlReportOptions['summary']>): string {
  const warning =
    summary.unknownSessions.length === 0
      ? ''
      : `<p class="warning" role="note"><strong>Warning:</strong> the summary cites ${plural(summary.unknownSessions.length, 'session')} not in the results: ${summary.unknownSessions.map((id) => `<code>${escapeHtml(id)}</code>`).join(', ')}</p>`;
  return [
    '<section id="summary"><h2>Summary</h2>',
    `<p class="muted">Written by the model <code>${escapeHtml(summary.model)}</code> from the results; check it against the numbers below.</p>`,
    warning,
    `<div class="summary-text">${paragraphs(summary.text)}</div>`,
    '</section>',
  ].join('');
}

function renderUnread(unread: ReportData['unread']): string {
  const items = unread.map((item) => `<li><code>${escapeHtml(item.file)}</code>: ${escapeHtml(item.message)}</li>`);
  return `<section id="unread"><h2>Sessions not read for patterns</h2><ul>${items.join('')}</ul></section>`;
}

/**
 * The report as one self-contained HTML5 page: header, Totals, Grounding (when scored), Summary
 * (when given), Responses, Patterns, and the sessions not read for patterns (when any). Charts
 * are inline SVG (`svg.chart`, bars `rect.bar`); every piece of data is escaped; the same input
 * always gives the same page.
 *
 * @param data - what {@link buildReport} returned.
 * @param options - title, sources, session links and the optional model summary.
 * @returns the HTML document.
 *
 * @category Reports
 */
export function renderReportHtml(data: ReportData, options: HtmlReportOptions): string {
  const sections = [
    renderHeader(options, data.setups ?? []),
    renderTotals(data, options.hrefFor),
    data.grounding === undefined ? '' : renderGrounding(data.grounding, options.hrefFor),
    options.summary === undefined ? '' : renderSummary(options.summary),
    renderFieldsSection(data.fields, data.structured, options.hrefFor),
    renderPatternsSection(data, options.hrefFor),
    data.unread.length === 0 ? '' : renderUnread(data.unread),
  ];
  return [
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(options.title)}</title>`,
    `<style>${REPORT_HTML_STYLE}</style>`,
    '</head>',
    `<body><main>${sections.join('\n')}</main></body>`,
    '</html>',
    '',
  ].join('\n');
}

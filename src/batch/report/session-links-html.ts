// Links from the HTML report to the sessions behind its numbers: a short list of links, and the
// per-bar lists (`<details>`) shown under a chart.

import { escapeHref, escapeHtml } from './html-escape.js';
import type { SessionRef } from './report-data.js';
import { formatCount } from './report-format.js';

/**
 * The link of a session, built by the caller (a server URL, or a path to the fixture file).
 *
 * @category Reports
 */
export type SessionHref = (ref: SessionRef) => string;

/** One chart bar that stands for sessions. */
export interface BarSessions {
  readonly label: string;
  readonly sessions: readonly SessionRef[];
}

/** How many session links a chart bar lists before "and N more". */
export const BAR_LINK_LIMIT = 20;

/** How many session links a pattern's row lists before "and N more". */
export const PATTERN_LINK_LIMIT = 10;

/**
 * Links to the first `limit` sessions, comma separated, then "and N more".
 *
 * @param sessions - the sessions, in the order to show them.
 * @param hrefFor - the link of a session.
 * @param limit - the most links to show.
 * @returns a `<span class="links">`, empty when there are no sessions.
 */
export function renderSessionLinks(sessions: readonly SessionRef[], hrefFor: SessionHref, limit: number): string {
  const links = sessions
    .slice(0, limit)
    .map((ref) => `<a href="${escapeHref(hrefFor(ref))}" title="${escapeHtml(ref.file)}">${escapeHtml(ref.session_id)}</a>`);
  const rest = sessions.length - limit;
  const more = rest > 0 ? ` <span class="more">and ${formatCount(rest)} more</span>` : '';
  return `<span class="links">${links.join(', ')}${more}</span>`;
}

/**
 * Under a chart, one `<details>` per bar that has sessions: the bar's label and session count,
 * opening to the links (at most {@link BAR_LINK_LIMIT}).
 *
 * @param bars - the chart's bars, in the chart's order.
 * @param hrefFor - the link of a session.
 * @returns a `<div class="bar-sessions">`, or an empty string when no bar has sessions.
 */
export function renderBarSessions(bars: readonly BarSessions[], hrefFor: SessionHref): string {
  const items = bars
    .filter((bar) => bar.sessions.length > 0)
    .map((bar) => {
      const count = `${formatCount(bar.sessions.length)} session${bar.sessions.length === 1 ? '' : 's'}`;
      return `<details><summary>${escapeHtml(bar.label)} <span class="muted">· ${count}</span></summary>${renderSessionLinks(bar.sessions, hrefFor, BAR_LINK_LIMIT)}</details>`;
    });
  return items.length === 0 ? '' : `<div class="bar-sessions">${items.join('')}</div>`;
}

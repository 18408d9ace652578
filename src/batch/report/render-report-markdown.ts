// The report as Markdown (`recap report`'s default output): tables with the sessions behind each
// number as links.

import { isRefusedHref } from './html-escape.js';
import { formatCount, formatUsd } from './report-format.js';
import { setupLabels, type ReportSetup } from './report-setups.js';
import { printable } from '../../session/printable.js';
import { PATTERN_KINDS, type Pattern, type PatternKind, type ReportData, type ReportField, type SessionRef, type ValueCount } from './report-data.js';

/**
 * Options of {@link renderReportMarkdown}.
 *
 * @category Reports
 */
export interface MarkdownReportOptions {
  readonly title: string;
  /** The results files read. */
  readonly sources: readonly string[];
  /** The link of a session: its `app_url`, or its file relative to where the report is written. */
  readonly hrefFor: (ref: SessionRef) => string;
  /** `--summarize`: the model's text, the model, and cited session ids that are not in the results. */
  readonly summary?: { readonly text: string; readonly model: string; readonly unknownSessions: readonly string[] } | undefined;
}

/** The words of each pattern kind. */
export const PATTERN_TITLES: Readonly<Record<PatternKind, string>> = {
  rage_clicks: 'Rage-clicked elements',
  dead_clicks: 'Dead-clicked elements',
  error_clicks: 'Error clicks',
  failing_requests: 'Failing requests',
  console_errors: 'Console errors',
  exit_pages: 'Pages where sessions end',
};

const LINKS_SHOWN = 10;
const plural = (n: number, noun: string) => `${formatCount(n)} ${noun}${n === 1 ? '' : 's'}`;
const count = formatCount;

/** `&`, `<` and `>` as character references: no raw HTML, and no reference (`&#x202e;`) that a renderer would turn into a character. */
const escapeReferences = (text: string) => text.replace(/[&<>]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : '&gt;'));

/** Text safe inside a Markdown table cell. */
function cell(text: string): string {
  return printable(escapeReferences(text.replace(/\\/g, '\\\\').replace(/\|/g, '\\|')).replace(/[\r\n]+/g, ' ').replace(/([`*_[\]])/g, '\\$1'));
}

/**
 * A link target as a Markdown link destination inside a table cell. The link is a URL already
 * (`%` stays as it is); what would end the destination or the cell, and control and bidi
 * characters, are percent-encoded, `&` is written `&amp;` (a renderer reads `javascript&#58;` as
 * `javascript:`), and a link that is not `http:`, `https:` or a path becomes `#`: links come from
 * results files, which the reader did not write.
 */
function destination(href: string): string {
  if (isRefusedHref(href)) return '#';
  // eslint-disable-next-line no-control-regex
  const encoded = href.replace(/[\u0000-\u0020\u007f-\u009f\u202a-\u202e\u2066-\u2069()<>|`\\"'[\]]/g, (character) =>
    character > '\u007f' ? encodeURIComponent(character) : `%${character.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`,
  );
  return encoded.replace(/&/g, '&amp;');
}

/** Text as an inline code span on one line, whatever backticks it holds. */
function inlineCode(text: string): string {
  const flat = printable(text.replace(/[\r\n]+/g, ' '));
  const longest = Math.max(0, ...[...flat.matchAll(/`+/g)].map((run) => run[0].length));
  const fence = '`'.repeat(longest + 1);
  // CommonMark strips one space from each side, so a text that starts or ends with one (or a backtick) gets one.
  const pad = /^[` ]|[` ]$/.test(flat) ? ' ' : '';
  return `${fence}${pad}${flat}${pad}${fence}`;
}

function links(sessions: readonly SessionRef[], hrefFor: MarkdownReportOptions['hrefFor']): string {
  const shown = sessions.slice(0, LINKS_SHOWN).map((ref) => `[${cell(ref.session_id)}](${destination(hrefFor(ref))})`);
  const more = sessions.length - LINKS_SHOWN;
  return `${shown.join(', ')}${more > 0 ? ` and ${more} more` : ''}`;
}

/** `12.3 %`. */
const share = (part: number, whole: number) => (whole === 0 ? '–' : `${((part * 100) / whole).toFixed(1)} %`);

function valueTable(values: readonly ValueCount[], total: number, hrefFor: MarkdownReportOptions['hrefFor'], heading = 'value'): string[] {
  return [`| ${heading} | count | share | sessions |`, '|---|---:|---:|---|', ...values.map((value) => `| ${cell(value.value)} | ${count(value.count)} | ${share(value.count, total)} | ${links(value.sessions, hrefFor)} |`)];
}

function fieldLines(field: ReportField, hrefFor: MarkdownReportOptions['hrefFor']): string[] {
  const head = `### ${inlineCode(field.path)}`;
  if (field.kind === 'number') {
    if (field.bins.length === 0) return [head, '', `No numeric value in ${field.answered} answers.`];
    const total = field.bins.reduce((sum, bin) => sum + bin.count, 0);
    const rows = field.bins.map((bin, index) => {
      const range = bin.to - bin.from === 1 && Number.isInteger(bin.from) ? `${bin.from}` : `${round(bin.from)} – ${round(bin.to)}${index === field.bins.length - 1 ? '' : ' (excl.)'}`;
      return `| ${range} | ${count(bin.count)} | ${'█'.repeat(Math.round((bin.count * 20) / Math.max(1, total)))} | ${links(bin.sessions, hrefFor)} |`;
    });
    return [head, '', `Number: min ${round(field.min)}, max ${round(field.max)}, mean ${round(field.mean)}, in ${field.answered} answers.`, '', '| range | count | | sessions |', '|---|---:|---|---|', ...rows];
  }
  const total = (field.kind === 'enum' ? field.values : field.top).reduce((sum, value) => sum + value.count, 0);
  if (field.kind === 'enum') return [head, '', `Enum, in ${field.answered} answers.`, '', ...valueTable(field.values, total, hrefFor)];
  return [head, '', `Text, in ${field.answered} answers, ${count(field.distinct)} distinct; the most frequent:`, '', ...valueTable(field.top, total, hrefFor)];
}

/**
 * The model's text as a block quote of Markdown that is never HTML, a heading, a link or an
 * image: a session's content may have steered the model. Each line is quoted, so that what it
 * writes stays inside the quote rather than pose as the report's, and none starts with `::` (a
 * GitHub Actions workflow command when the report is printed in a CI step). `](`, `][` and `]:`
 * get a backslash (no inline link or image, no reference, no link definition), and so does a `#`,
 * `===` or `---` that would make a heading.
 */
function summaryQuote(text: string): string {
  const safe = printable(escapeReferences(text.trim().replace(/\r\n?/g, '\n'))).replace(/\](?=[(:[])/g, ']\\');
  return safe
    .split('\n')
    .map((line) => (line === '' ? '>' : `> ${line.replace(/^( {0,3})(#|[=-]+[ \t]*$)/, '$1\\$2')}`))
    .join('\n');
}

const round = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(2));

function patternLines(kind: PatternKind, patterns: readonly Pattern[], data: ReportData, hrefFor: MarkdownReportOptions['hrefFor']): string[] {
  const head = `### ${PATTERN_TITLES[kind]}`;
  if (patterns.length === 0) return [head, '', kind === 'exit_pages' ? 'No session has a page.' : `None recurs in ${data.minSessions} or more sessions.`];
  return [head, '', '| | times | sessions | |', '|---|---:|---:|---|', ...patterns.slice(0, 20).map((pattern) => `| ${cell(pattern.label)} | ${count(pattern.count)} | ${pattern.sessions.length} | ${links(pattern.sessions, hrefFor)} |`)];
}

/** `, made with `profiles/a.yaml` on gemini/gemini-2.5-flash` (each setup with its sessions when there are several), or nothing when the lines record none. */
function madeWith(data: ReportData): string {
  const setups = data.setups ?? [];
  if (setups.length === 0) return '';
  const labels = setupLabels(setups).map((label, index) => {
    const setup = setups[index] as ReportSetup;
    const named = `${inlineCode(setup.profile)}${cell(label.slice(setup.profile.length))}`;
    return setups.length === 1 ? named : `${named} (${plural(setup.sessions, 'session')})`;
  });
  return setups.length === 1 ? `, made with ${labels[0] ?? ''}` : `, made with ${setups.length} setups, added up here: ${labels.join('; ')}`;
}

/**
 * The report as Markdown: totals, grounding, the model's summary (with `--summarize`), the
 * responses' fields and the patterns.
 *
 * @category Reports
 */
export function renderReportMarkdown(data: ReportData, options: MarkdownReportOptions): string {
  const { totals } = data;
  const { hrefFor } = options;
  const lines = [`# ${cell(options.title)}`, '', `From ${options.sources.map(inlineCode).join(', ')}${madeWith(data)}.`, '', '## Totals', ''];
  lines.push(
    '| | |',
    '|---|---|',
    `| sessions | ${count(totals.sessions)} |`,
    `| ok | ${count(totals.ok)} |`,
    `| failed | ${count(totals.failed)}${totals.failures.length > 0 ? ` (${totals.failures.map((failure) => `${cell(failure.value)} ${failure.count}`).join(', ')})` : ''} |`,
    ...(totals.repaired > 0 ? [`| repaired | ${count(totals.repaired)} of the ok: their answers came after a repair request |`] : []),
    `| tokens | ${totals.tokens.estimated ? '~' : ''}${count(totals.tokens.total)} (${count(totals.tokens.prompt)} prompt + ${count(totals.tokens.output)} output${totals.tokens.estimated ? ', partly estimated' : ''}) |`,
    `| cost | ${totals.cost.usd === null ? `unknown: ${totals.cost.unpriced.map(cell).join(', ')} not in the price table` : `≈ ${formatUsd(totals.cost.usd)} (${totals.cost.models.map(cell).join(', ') || 'no model'}; price table estimate)`} |`,
    `| model time | ${count(Math.round(totals.ms.total / 1000))} s in all, median ${count(Math.round(totals.ms.median))} ms per session |`,
  );
  if (totals.failures.length > 0) lines.push('', '### Failures', '', ...valueTable(totals.failures, totals.failed, hrefFor, 'code'));
  if (data.grounding !== undefined) {
    const grounding = data.grounding;
    lines.push('', '## Grounding', '', `${plural(grounding.scored, 'grounded answer')}, mean score ${grounding.mean.toFixed(2)}; ${plural(grounding.unsupported, 'unsupported claim')}, ${plural(grounding.dropped, 'claim')} about events the profile dropped.`, '');
    lines.push(...valueTable(grounding.buckets.map((bucket) => ({ value: bucket.label, count: bucket.count, sessions: bucket.sessions })), grounding.scored, hrefFor, 'score'));
  }
  if (options.summary !== undefined) {
    lines.push('', '## Summary', '', `Written by ${cell(options.summary.model)} from the results below; every session it cites is checked against the results.`, '', summaryQuote(options.summary.text));
    if (options.summary.unknownSessions.length > 0) {
      lines.push('', `> **Warning:** the summary cites ${options.summary.unknownSessions.length} session(s) that are not in the results: ${options.summary.unknownSessions.map(inlineCode).join(', ')}.`);
    }
  }
  if (data.fields.length > 0) {
    lines.push('', '## Responses', '', `${plural(data.structured, 'structured response')}.`);
    for (const field of data.fields) lines.push('', ...fieldLines(field, hrefFor));
  }
  lines.push('', '## Patterns in the sessions', '', `Read from the events of ${data.read} sessions, not from the model's answers.`);
  for (const kind of PATTERN_KINDS) lines.push('', ...patternLines(kind, data.patterns[kind], data, hrefFor));
  if (data.unread.length > 0) {
    lines.push('', '### Sessions not read for patterns', '', ...data.unread.map((unread) => `- ${inlineCode(unread.file)}: ${cell(unread.message)}`));
  }
  return `${lines.join('\n')}\n`;
}

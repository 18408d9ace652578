// The Report pane's lines: the totals of the latest run over all sessions (`A`) as the report
// builder computed them, the grounding scores, the patterns that recur in the sessions' events,
// and every failed session with its code. Failures are never folded away.

import { PATTERN_KINDS, type PatternKind, type ReportData } from '../index.js';
import { formatCount, formatDuration } from './format-count.js';
import { plainLine, segment, type StyledLine } from './styled-line.js';
import type { AllSessionsRun } from './studio-state.js';

/** Patterns shown of each kind; `recap report` lists them all. */
export const PATTERNS_SHOWN = 3;

/** The report's pattern kinds in words. */
const PATTERN_TITLES: Readonly<Record<PatternKind, string>> = {
  rage_clicks: 'rage-clicked elements',
  dead_clicks: 'dead-clicked elements',
  error_clicks: 'error clicks',
  failing_requests: 'failing requests',
  console_errors: 'console errors',
  exit_pages: 'pages where sessions end',
};

const LABEL_WIDTH = 12;

const row = (label: string, value: string): StyledLine => [segment(label.padEnd(LABEL_WIDTH), 'dim'), segment(value)];

/** `1 session`, `12 sessions`. */
const counted = (count: number, noun: string): string => `${formatCount(count)} ${noun}${count === 1 ? '' : 's'}`;

/** `$0.0123`, `$4.56`: model calls are cheap. */
const usd = (value: number): string => (value > 0 && value < 0.01 ? `$${value.toFixed(4)}` : `$${value.toFixed(2)}`);

function totalsLines({ totals }: ReportData): StyledLine[] {
  const byCode = totals.failures.map((failure) => `${failure.value} ${formatCount(failure.count)}`).join(', ');
  const { tokens, cost } = totals;
  const estimated = tokens.estimated ? ', partly estimated' : '';
  return [
    [
      segment(counted(totals.sessions, 'session'), 'strong'),
      segment(`: ${formatCount(totals.ok)} ok, `),
      segment(`${formatCount(totals.failed)} failed${byCode === '' ? '' : ` (${byCode})`}`, totals.failed > 0 ? 'error' : 'plain'),
    ],
    row('model', cost.models.join(', ') || '–'),
    row('tokens', `${tokens.estimated ? '~' : ''}${formatCount(tokens.total)} (${formatCount(tokens.prompt)} prompt + ${formatCount(tokens.output)} output${estimated})`),
    row('cost', cost.usd === null ? `unknown (${cost.unpriced.join(', ')} not in the price table)` : `≈ ${usd(cost.usd)} (price table estimate)`),
    row('model time', `median ${formatDuration(totals.ms.median)} per session, ${formatDuration(totals.ms.total)} in all`),
  ];
}

function groundingLines({ grounding }: ReportData): StyledLine[] {
  if (grounding === undefined) return [row('grounding', '– no answer was grounded')];
  const width = Math.max(...grounding.buckets.map((bucket) => bucket.label.length));
  const claims = `${formatCount(grounding.unsupported)} unsupported, ${formatCount(grounding.dropped)} dropped claims`;
  return [
    row('grounding', `mean ${grounding.mean.toFixed(2)} over ${counted(grounding.scored, 'answer')}; ${claims}`),
    ...grounding.buckets.map((bucket): StyledLine => [
      segment(`${' '.repeat(LABEL_WIDTH)}${bucket.label.padEnd(width)}  `, 'dim'),
      segment(formatCount(bucket.count), bucket.count > 0 ? 'strong' : 'dim'),
    ]),
  ];
}

function patternLines(report: ReportData): StyledLine[] {
  const heading = plainLine(`Patterns in the sessions (in ${report.minSessions} or more; where sessions end: all)`, 'heading');
  const kinds = PATTERN_KINDS.filter((kind) => report.patterns[kind].length > 0);
  if (kinds.length === 0) return [heading, plainLine(`  none recurs in ${report.minSessions} or more sessions`, 'dim')];
  const lines = [heading];
  for (const kind of kinds) {
    const patterns = report.patterns[kind];
    lines.push(plainLine(`  ${PATTERN_TITLES[kind]}`, 'strong'));
    for (const pattern of patterns.slice(0, PATTERNS_SHOWN)) {
      lines.push([segment(`    ${counted(pattern.sessions.length, 'session').padStart(11)}  `, 'dim'), segment(pattern.label)]);
    }
    const more = patterns.length - PATTERNS_SHOWN;
    if (more > 0) lines.push(plainLine(`    … and ${formatCount(more)} more (recap report lists them all)`, 'dim'));
  }
  return lines;
}

function failureLines(run: AllSessionsRun): StyledLine[] {
  if (run.failures.length === 0) return [];
  const lines: StyledLine[] = [[], plainLine(`Failed sessions (${formatCount(run.failures.length)})`, 'heading')];
  for (const failure of run.failures) {
    const [first = '', ...rest] = failure.message.split('\n');
    lines.push([segment('  ✗ ', 'error'), segment(failure.file), segment(`  ${failure.code}`, 'error')]);
    lines.push(plainLine(`    ${first}${rest.length === 0 ? '' : ` (and ${counted(rest.length, 'more problem')})`}`, 'dim'));
  }
  return lines;
}

/** The pane below its progress line: what ran, the totals, grounding, patterns, failures. */
export function reportLines(run: AllSessionsRun): StyledLine[] {
  const lines: StyledLine[] = [[segment(run.profilePath, 'strong'), segment(` over ${run.sessionsFolder} (${counted(run.total, 'file')}), in memory only`, 'dim')]];
  if (run.status === 'stopped' && run.message !== undefined) lines.push(plainLine(`✗ stopped: ${run.message}`, 'error'));
  lines.push([]);
  const report = run.report;
  if (report === undefined) return [...lines, plainLine('waiting for the first session…', 'dim'), ...failureLines(run)];
  return [...lines, ...totalsLines(report), ...groundingLines(report), [], ...patternLines(report), ...failureLines(run)];
}

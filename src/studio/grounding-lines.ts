// Grounding in the Response pane: the score, each unsupported and dropped claim with why, and the
// claims' spans marked in a text answer (docs/grounding.md).

import type { RunGrounding } from './run-record.js';
import { segment, type SegmentStyle, type StyledLine } from './styled-line.js';

type Finding = RunGrounding['findings'][number];

const VERDICT_STYLES: Readonly<Record<'unsupported' | 'dropped', SegmentStyle>> = { unsupported: 'unsupported', dropped: 'dropped' };

/** `grounding 0.5 · 2 claims: 1 kept, 1 unsupported, 0 dropped`, then one line per claim not kept. */
export function groundingLines(report: RunGrounding): StyledLine[] {
  const total = report.findings.length;
  const kept = total - report.unsupported.length - report.dropped.length;
  const clean = report.unsupported.length === 0 && report.dropped.length === 0;
  const lines: StyledLine[] = [
    [
      segment('grounding ', 'dim'),
      segment(`${clean ? '✓' : '✗'} ${report.score}`, clean ? 'ok' : 'warn'),
      segment(
        total === 0
          ? ' · no checkable claim'
          : ` · ${total} claim${total === 1 ? '' : 's'}: ${kept} kept, ${report.unsupported.length} unsupported, ${report.dropped.length} dropped`,
        'dim',
      ),
    ],
  ];
  // The order of the answer, so the list reads alongside it.
  const listed = report.findings.filter((finding) => finding.verdict !== 'kept');
  for (const finding of listed) {
    const verdict = finding.verdict === 'dropped' ? 'dropped' : 'unsupported';
    lines.push([
      segment('  '),
      segment(verdict, VERDICT_STYLES[verdict]),
      segment(` ${finding.text}`),
      segment(` (${finding.kind} at ${finding.path}${finding.event === undefined ? '' : `, event #${finding.event}`})`, 'dim'),
      segment(`: ${finding.reason ?? verdict}`),
    ]);
  }
  return lines;
}

/** The `start..end` range of a claim in a text answer, when its path is one. */
function characterRange(path: string): [number, number] | undefined {
  const match = /^(\d+)\.\.(\d+)$/.exec(path);
  if (match === null) return undefined;
  return [Number(match[1]), Number(match[2])];
}

/** The lines of a text answer, each unsupported and dropped claim's characters in its role. */
export function markedAnswerLines(text: string, findings: readonly Finding[]): StyledLine[] {
  const styles: SegmentStyle[] = new Array<SegmentStyle>(text.length).fill('plain');
  for (const finding of findings) {
    if (finding.verdict === 'kept') continue;
    const range = characterRange(finding.path);
    if (range === undefined) continue;
    const [start, end] = range;
    for (let index = Math.max(0, start); index < Math.min(end, text.length); index++) styles[index] = VERDICT_STYLES[finding.verdict];
  }
  const lines: StyledLine[] = [];
  let offset = 0;
  for (const line of text.split('\n')) {
    const segments: ReturnType<typeof segment>[] = [];
    let from = 0;
    for (let index = 1; index <= line.length; index++) {
      if (index === line.length || styles[offset + index] !== styles[offset + from]) {
        segments.push(segment(line.slice(from, index), styles[offset + from] ?? 'plain'));
        from = index;
      }
    }
    lines.push(segments.length === 0 ? [segment('')] : segments);
    offset += line.length + 1;
  }
  return lines;
}

/** Session indexes the answer cites (findings with an event), in order, each once. */
export function citedEvents(report: RunGrounding | undefined): number[] {
  if (report === undefined) return [];
  const events = new Set<number>();
  for (const finding of report.findings) if (finding.event !== undefined) events.add(finding.event);
  return [...events].sort((a, b) => a - b);
}

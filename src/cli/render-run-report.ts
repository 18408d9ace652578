// The human-readable output of `recap run`: what was kept, the prompt, and the answer.

import type { SummaryModel } from '../models/summary-model.js';
import type { PreparedRequest, TokenCount } from '../pipeline/prepare.js';
import { describeRepair, type SummaryOutcome, type SummaryRepair } from '../summarize.js';
import type { GroundingFinding, GroundingReport } from '../grounding/grounding-report.js';
import { printable } from '../session/printable.js';

export interface RunReport {
  readonly profileFile: string;
  readonly sessionFile: string;
  readonly prepared: PreparedRequest;
  readonly model: SummaryModel;
  readonly tokens: TokenCount;
  readonly outcome?: SummaryOutcome;
  /** The privacy rules file applied, when there was one. */
  readonly privacyFile?: string | undefined;
  /** Whether that file holds no rule at all. */
  readonly privacyEmpty?: boolean | undefined;
}

/** `email 2, blocked 1 (privacy.yaml)`, `none matched (privacy.yaml)`, or `no rules, nothing redacted (privacy.yaml)`. */
function privacyLine(counts: Readonly<Record<string, number>>, file: string, empty: boolean): string {
  const matched = Object.entries(counts).filter(([, count]) => count > 0);
  const shown = empty ? 'no rules, nothing redacted' : matched.length === 0 ? 'none matched' : matched.map(([rule, count]) => `${rule} ${count}`).join(', ');
  return `privacy   ${shown} (${file})`;
}

function contextLine(prepared: PreparedRequest): string {
  const included = Object.keys(prepared.context.included);
  const excluded = Object.keys(prepared.context.excluded);
  const shown = included.length === 0 ? 'none' : included.join(', ');
  return excluded.length === 0 ? shown : `${shown} (excluded: ${excluded.join(', ')})`;
}

/** A header, then the prompt on a dry run or the result after a run; safe to print on a terminal. */
export function renderRunReport(report: RunReport): string {
  return printable(renderReportLines(report));
}

function renderReportLines(report: RunReport): string {
  const { prepared, model, tokens, outcome } = report;
  const lines = [
    `profile   ${report.profileFile}`,
    `session   ${report.sessionFile} (${prepared.sessionId})`,
    `events    ${prepared.events.kept.length} of ${prepared.events.total} kept (${prepared.events.matched} matched the type filter)`,
    `context   ${contextLine(prepared)}`,
    `tokens    ${tokens.method === 'count' ? '' : '~'}${tokens.prompt} (${tokens.method === 'count' ? 'counted by the vendor' : 'estimate'})`,
    `model     ${model.provider} / ${model.model}${model.kind === 'rule-based' ? ' (rule-based, not a language model)' : ''}`,
  ];
  if (report.privacyFile !== undefined) lines.push(privacyLine(prepared.privacy ?? {}, report.privacyFile, report.privacyEmpty === true));
  if (outcome === undefined) {
    lines.push('', '--- prompt ---', prepared.prompt, '--- end of prompt ---');
    return `${lines.join('\n')}\n`;
  }
  const usage = outcome.usage;
  lines.push(
    `answer    ${Math.round(outcome.latencyMs)} ms, ${outcome.attempts} attempt(s)${usage === undefined ? '' : `, ${usage.promptTokens} prompt + ${usage.outputTokens} output tokens`}`,
    ...outcome.repairs.map(repairLine),
    '',
  );
  const result = outcome.result;
  lines.push('summary' in result ? result.summary : JSON.stringify(result.response, null, 2));
  if (outcome.grounding !== undefined) lines.push('', ...groundingLines(outcome.grounding));
  return `${lines.join('\n')}\n`;
}

const repairLine = (repair: SummaryRepair) => `repaired  ${describeRepair(repair)}`;

const claimLine = (finding: GroundingFinding) => `  ${finding.kind.padEnd(8)} ${JSON.stringify(finding.text)} at ${finding.path}: ${finding.reason ?? finding.verdict}`;

/** The score, then every unsupported and dropped claim with why. */
function groundingLines(report: GroundingReport): string[] {
  const checked = report.findings.length;
  const lines = [`grounding ${report.score} (${checked - report.unsupported.length - report.dropped.length} of ${checked} claims supported by the prompt, ${report.unsupported.length} unsupported, ${report.dropped.length} dropped by the profile)`];
  if (report.unsupported.length > 0) lines.push('unsupported:', ...report.unsupported.map(claimLine));
  if (report.dropped.length > 0) lines.push('dropped:', ...report.dropped.map(claimLine));
  return lines;
}

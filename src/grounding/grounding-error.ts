// An answer that still claimed what the session does not support after its repair request, under
// a profile with `llm.grounding: require`.

import type { GroundingFinding, GroundingReport } from './grounding-report.js';

/** One line per claim: `"3 dead clicks" (count, 120..133): the session has no 3 dead-click`. */
export function describeClaims(findings: readonly GroundingFinding[]): string {
  return findings.map((finding) => `- ${JSON.stringify(finding.text)} (${finding.kind} at ${finding.path}): ${finding.reason ?? finding.verdict}`).join('\n');
}

/**
 * The model's answer kept unsupported claims after one repair request (`llm.grounding: require`).
 *
 * @category Grounding
 */
export class GroundingError extends Error {
  readonly code = 'grounding';
  /** The report of the repaired answer. */
  readonly report: GroundingReport;
  /** The repaired answer, verbatim. */
  readonly rawText: string;

  constructor(report: GroundingReport, rawText: string) {
    super(`the answer claims what the session does not support, even after one repair request:\n${describeClaims(report.unsupported)}`);
    this.name = 'GroundingError';
    this.report = report;
    this.rawText = rawText;
  }
}

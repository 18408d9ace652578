// An answer that still claimed what the session does not support after its repair request, under
// a profile with `llm.grounding: require`.

import type { FindingKind, GroundingFinding, GroundingReport } from './grounding-report.js';

/** One line per claim: `"3 dead clicks" (count, 120..133): the session has no 3 dead-click`. */
export function describeClaims(findings: readonly GroundingFinding[]): string {
  return findings.map((finding) => `- ${JSON.stringify(finding.text)} (${finding.kind} at ${finding.path}): ${finding.reason ?? finding.verdict}`).join('\n');
}

/** Why an unsupported claim of each kind is one, in words that hold nothing but the prompt's. */
const NOT_IN_PROMPT: Readonly<Record<FindingKind, string>> = {
  event: 'the session data shows no such event',
  url: 'no event of the session data has this URL',
  text: 'nothing in the session data holds this text',
  selector: 'no event of the session data has this selector',
  count: 'the events of the session data do not count up to this',
  duration: 'no events of the session data are this far apart',
};

/**
 * The claims for the model's repair request, one line each: what the answer said and where, and
 * that the session data does not support it. Not the reasons of {@link describeClaims}, which
 * may name what the prompt left out (the device of a context element the profile excludes, the
 * page or type of a dropped event, the session's number of events): the repair turn is part of
 * the model request, and nothing from a dropped event or an excluded element may reach it.
 */
export function describeClaimsForModel(findings: readonly GroundingFinding[]): string {
  return findings.map((finding) => `- ${JSON.stringify(finding.text)} (${finding.kind} at ${finding.path}): ${NOT_IN_PROMPT[finding.kind]}`).join('\n');
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

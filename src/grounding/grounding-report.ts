// What grounding finds in an answer and what it concludes (see docs/grounding.md).

/**
 * What the session says of a claim: `kept` (the model was shown it), `dropped` (true of the
 * session, but the profile left it out of the prompt: the model cannot have known it), or
 * `unsupported` (in neither: invented).
 *
 * @category Grounding
 */
export type GroundingVerdict = 'kept' | 'dropped' | 'unsupported';

/**
 * The kinds of claims grounding checks.
 *
 * @category Grounding
 */
export type FindingKind = 'event' | 'url' | 'text' | 'selector' | 'count' | 'duration';

/**
 * One checked claim of an answer.
 *
 * @category Grounding
 */
export interface GroundingFinding {
  readonly kind: FindingKind;
  /** The claim as the answer words it (`#12`, `3 dead clicks`, `"Apply coupon"`). */
  readonly text: string;
  /**
   * Where it is: the JSON path of a structured response's string (`evidence[1]`), or, in a text
   * answer, the claim's character range `start..end` (end exclusive).
   */
  readonly path: string;
  readonly verdict: GroundingVerdict;
  /** The event that supports it (the session index, as `#<index>` in the prompt), when one does. */
  readonly event?: number;
  /** Why the session does not support it as the prompt showed it, for `dropped` and `unsupported`. */
  readonly reason?: string;
}

/**
 * The findings of an answer and its score.
 *
 * @category Grounding
 */
export interface GroundingReport {
  /** Kept findings over all findings; 1 when there are none. */
  readonly score: number;
  readonly findings: readonly GroundingFinding[];
  /** The findings with verdict `unsupported`. */
  readonly unsupported: readonly GroundingFinding[];
  /** The findings with verdict `dropped`. */
  readonly dropped: readonly GroundingFinding[];
}

/** The report of `findings`. */
export function groundingReport(findings: readonly GroundingFinding[]): GroundingReport {
  const kept = findings.filter((finding) => finding.verdict === 'kept').length;
  return {
    score: findings.length === 0 ? 1 : Math.round((kept / findings.length) * 1000) / 1000,
    findings,
    unsupported: findings.filter((finding) => finding.verdict === 'unsupported'),
    dropped: findings.filter((finding) => finding.verdict === 'dropped'),
  };
}

// Whether the lines of a results file were made the way a resumed run would make them: the same
// profile content, privacy rules, provider and model. A moved profile with the same bytes is the
// same setup.

import type { LineRun, ResultLine } from './result-line.js';

/**
 * True when `a` and `b` summarize alike: same profile bytes, provider and model (the profile's path
 * may differ), and the same privacy rules (the same bytes, or none) when both record them.
 */
export function sameRun(a: LineRun, b: LineRun): boolean {
  const samePrivacy = a.privacy_sha256 === undefined || b.privacy_sha256 === undefined || a.privacy_sha256 === b.privacy_sha256;
  return a.profile_sha256 === b.profile_sha256 && a.provider === b.provider && a.model === b.model && samePrivacy;
}

/** The first line made with another setup than `run`; lines that record none (older recap) are accepted. */
export function lineOfOtherRun(lines: Iterable<ResultLine>, run: LineRun): ResultLine | undefined {
  for (const line of lines) if (line.run !== undefined && !sameRun(line.run, run)) return line;
  return undefined;
}

/** `profiles/plain-summary.yaml (sha256 3f2a9c0e1b7d…) on gemini/gemini-2.5-flash`, then `with privacy rules (sha256 …)` when it had some. */
export function describeRun(run: LineRun): string {
  const privacy = typeof run.privacy_sha256 === 'string' ? ` with privacy rules (sha256 ${run.privacy_sha256.slice(0, 12)}…)` : '';
  return `${run.profile} (sha256 ${run.profile_sha256.slice(0, 12)}…) on ${run.provider}/${run.model}${privacy}`;
}

// Whether the lines of a results file were made the way a resumed run would make them: the same
// profile content, provider and model. A moved profile with the same bytes is the same setup.

import type { LineRun, ResultLine } from './result-line.js';

/** True when `a` and `b` summarize alike: same profile bytes, provider and model (the profile's path may differ). */
export function sameRun(a: LineRun, b: LineRun): boolean {
  return a.profile_sha256 === b.profile_sha256 && a.provider === b.provider && a.model === b.model;
}

/** The first line made with another setup than `run`; lines that record none (older recap) are accepted. */
export function lineOfOtherRun(lines: Iterable<ResultLine>, run: LineRun): ResultLine | undefined {
  for (const line of lines) if (line.run !== undefined && !sameRun(line.run, run)) return line;
  return undefined;
}

/** `profiles/plain-summary.yaml (sha256 3f2a9c0e1b7d…) on gemini/gemini-2.5-flash` */
export function describeRun(run: LineRun): string {
  return `${run.profile} (sha256 ${run.profile_sha256.slice(0, 12)}…) on ${run.provider}/${run.model}`;
}

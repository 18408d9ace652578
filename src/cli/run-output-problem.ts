// Where `recap run --output` may append its results, checked before any session runs: never onto a
// file the run reads (a session, the profile, the privacy rules).

import path from 'node:path';
import { inputAt, type RunInput } from './report-output-problem.js';

/**
 * Why the results of a many-session run cannot go to `output` (as given, relative to `cwd`), or
 * undefined when they can. A file the run reads is refused however it is spelled (links are
 * followed), and also when it does not exist yet (a session named on the command line).
 */
export async function runOutputProblem(output: string, cwd: string, inputs: readonly RunInput[]): Promise<string | undefined> {
  const target = path.resolve(cwd, output);
  const input = inputs.find((candidate) => candidate.path === target) ?? (await inputAt(target, inputs));
  if (input !== undefined) return `is ${input.role}, which this run reads; the results would be appended to it (give another --output)`;
  return undefined;
}

// Where `recap run --output` may append its results, checked before any session runs: never onto a
// file the run reads (a session, the profile, the privacy rules), never into a missing folder; and
// the results file is never one of the run's sessions when a folder or glob happens to hold it.

import path from 'node:path';
import { inputAt, outputLocationProblem, realPathOf, type RunInput } from './report-output-problem.js';

/**
 * Why the results of a many-session run cannot go to `output` (as given, relative to `cwd`), or
 * undefined when they can. A file the run reads is refused however it is spelled (links are
 * followed), and also when it does not exist yet (a session named on the command line).
 */
export async function runOutputProblem(output: string, cwd: string, inputs: readonly RunInput[]): Promise<string | undefined> {
  const location = await outputLocationProblem(output, cwd, 'the results');
  if (location !== undefined) return location;
  const target = path.resolve(cwd, output);
  const input = inputs.find((candidate) => candidate.path === target) ?? (await inputAt(target, inputs));
  if (input !== undefined) return `is ${input.role}, which this run reads; the results would be appended to it (give another --output)`;
  return undefined;
}

/**
 * `files` without the results file `output` when a folder or a glob found it (a results file named
 * `.json` inside a session folder): it is the run's output, not a session. A file named on the
 * command line is kept, for {@link runOutputProblem} to refuse.
 */
export async function withoutOutput(files: readonly string[], output: string, sessionArgs: readonly string[], cwd: string): Promise<string[]> {
  const target = await realPathOf(path.resolve(cwd, output));
  const named = new Set(sessionArgs.map((arg) => path.resolve(cwd, arg)));
  const kept: string[] = [];
  for (const file of files) {
    const absolute = path.resolve(cwd, file);
    // Only a file of the same name can be the output (symbolic links followed); no need to resolve every file.
    const isOutput = path.basename(absolute) === path.basename(target) && (await realPathOf(absolute)) === target;
    if (!isOutput || named.has(absolute)) kept.push(file);
  }
  return kept;
}

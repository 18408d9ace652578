// What a many-session run finds in its --output before it appends: the sessions already done, those
// that failed, the session ids that have a result; refused when the file cannot be read or was
// made with another setup (docs/many-sessions.md#resuming).

import path from 'node:path';
import { describeRun } from '../batch/line-run.js';
import type { LineRun } from '../batch/result-line.js';
import { readResumeState, type ResumeState } from '../batch/read-resume-state.js';
import { ResultsFileError } from '../batch/results-file.js';
import { UsageError } from './usage-error.js';

export type { ResumeState } from '../batch/read-resume-state.js';

/**
 * Reads `output` (relative to `cwd`; missing reads as empty) for a run made with `run`, line by
 * line: what it keeps does not grow with the lines of the file, only with its sessions.
 *
 * @throws {@link UsageError} for a line that is not a result line, or lines made with another setup.
 */
export async function resumeResults(output: string, cwd: string, run: LineRun): Promise<ResumeState> {
  const state = await readResumeState(path.resolve(cwd, output), output, cwd, run).catch((error: unknown) => {
    // recap does not append to a file it cannot read: the user's file, not a failed session.
    if (!(error instanceof ResultsFileError)) throw error;
    throw new UsageError(`${error.message}\nhint: ${output} is not a results file recap can resume; fix or remove that line, or give another --output`);
  });
  const other = state.otherRun;
  if (other !== undefined) {
    // Resuming skips every session with a result: under another setup the file would mix two runs.
    throw new UsageError(
      `${output} holds results made with ${describeRun(other.run)} (${other.file} and maybe more); this run uses ${describeRun(run)}\n` +
        `hint: resuming only adds the sessions without a result; give another --output, or remove ${output} to start over`,
    );
  }
  return state;
}

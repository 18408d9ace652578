// What a many-session run finds in its --output before it appends: the sessions already done, those
// that failed, the session ids that have a result; refused when the file cannot be read or was
// made with another setup (docs/many-sessions.md#resuming).

import path from 'node:path';
import { lineFilePath, nameFrom } from '../batch/line-file-path.js';
import { describeRun, lineOfOtherRun } from '../batch/line-run.js';
import { isResultLine, type LineRun, type ResultLine } from '../batch/result-line.js';
import { readResultsFile, ResultsFileError, type ResultsFileContent } from '../batch/results-file.js';
import { UsageError } from './usage-error.js';

/** The state of a results file for a run that resumes it. */
export interface ResumeState {
  readonly existing: ResultsFileContent;
  /** Absolute paths of the files whose last line is a result. */
  readonly finished: ReadonlySet<string>;
  /** Absolute paths of the files whose last line is an error. */
  readonly failedBefore: ReadonlySet<string>;
  /** Session ids that have a result, with the file it came from (named from the run's folder). */
  readonly summarized: ReadonlyMap<string, string>;
}

/**
 * Reads `output` (relative to `cwd`; missing reads as empty) for a run made with `run`.
 *
 * @throws {@link UsageError} for a line that is not a result line, or lines made with another setup.
 */
export async function resumeResults(output: string, cwd: string, run: LineRun): Promise<ResumeState> {
  const resultsPath = path.resolve(cwd, output);
  const existing = await readResultsFile(resultsPath, output).catch((error: unknown) => {
    // recap does not append to a file it cannot read: the user's file, not a failed session.
    if (!(error instanceof ResultsFileError)) throw error;
    throw new UsageError(`${error.message}\nhint: ${output} is not a results file recap can resume; fix or remove that line, or give another --output`);
  });
  const other = lineOfOtherRun(existing.lines, run);
  if (other?.run !== undefined) {
    // Resuming skips every session with a result: under another setup the file would mix two runs.
    throw new UsageError(
      `${output} holds results made with ${describeRun(other.run)} (${other.file} and maybe more); this run uses ${describeRun(run)}\n` +
        `hint: resuming only adds the sessions without a result; give another --output, or remove ${output} to start over`,
    );
  }
  const finished = new Set<string>();
  const failedBefore = new Set<string>();
  // A session id that has a result is done, whichever file held it: met in another file, it is a duplicate.
  const summarized = new Map<string, string>();
  // The last line of each file wins, the file found where its run read it: a run made from
  // another folder names the same file otherwise (docs/many-sessions.md#resuming).
  const latest = new Map<string, ResultLine>();
  for (const line of existing.lines) latest.set(await lineFilePath(line, resultsPath, cwd), line);
  for (const [absolute, line] of latest) {
    (isResultLine(line) ? finished : failedBefore).add(absolute);
    if (isResultLine(line) && !summarized.has(line.session_id)) summarized.set(line.session_id, nameFrom(cwd, absolute));
  }
  return { existing, finished, failedBefore, summarized };
}

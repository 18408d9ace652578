// Where the session file of a results line is. `file` is relative to the folder its run ran in,
// which the line records (`run.cwd`, as a path from the results file's folder), so a run resumed
// or reported from another folder finds the same file. Lines that do not record it (older recap,
// the server's items) are looked for from here, else beside their results file.

import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { ResultLine } from './result-line.js';

const toPosix = (file: string) => file.split(path.sep).join('/');

/**
 * `cwd` as a path from the folder of `resultsFile` (both absolute, or `resultsFile` relative to
 * `cwd`): `.` when the results file is in `cwd`, `..` when it is in a folder below.
 */
export function runFolderFrom(resultsFile: string, cwd: string): string {
  return toPosix(path.relative(path.dirname(path.resolve(cwd, resultsFile)), cwd)) || '.';
}

/** What names a line's session file: its `file`, and the folder its run ran in (`run.cwd`). */
export type LineFileName = Pick<ResultLine, 'file'> & { readonly run?: { readonly cwd?: string | undefined } | undefined };

/** Where the session file of `line` was when its run wrote it, when the line records its run's folder. */
export function recordedFilePath(line: LineFileName, resultsFile: string): string | undefined {
  const folder = line.run?.cwd;
  return folder === undefined ? undefined : path.resolve(path.dirname(resultsFile), folder, line.file);
}

const isFile = async (candidate: string) => (await stat(candidate).catch(() => undefined))?.isFile() === true;

/**
 * The absolute path of the session file `line` names: where its run read it (when the line
 * records its run's folder), else as named from `cwd`, else beside `resultsFile`; the first of
 * these that is a file, else the first of them. Two lines name the same file exactly when their
 * paths are equal, whatever folder each run ran in.
 *
 * @param resultsFile - The absolute path of the results file that holds the line.
 * @param cwd - Where relative names are read from now.
 */
export async function lineFilePath(line: LineFileName, resultsFile: string, cwd: string): Promise<string> {
  const candidates = [recordedFilePath(line, resultsFile), path.resolve(cwd, line.file), path.resolve(path.dirname(resultsFile), line.file)].filter(
    (candidate): candidate is string => candidate !== undefined,
  );
  for (const candidate of candidates) if (await isFile(candidate)) return candidate;
  return candidates[0] as string;
}

/** `absolute` as a run from `cwd` would name it: relative, with `/`. */
export function nameFrom(cwd: string, absolute: string): string {
  return toPosix(path.relative(cwd, absolute)) || '.';
}

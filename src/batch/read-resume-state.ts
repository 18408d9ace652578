// What a resumed run needs of its results file (docs/many-sessions.md#resuming), read line by line:
// for each session file, whether its last line is a result or an error, and the session ids that
// have a result. It keeps a few fields per file, never the lines: resuming a file of 100,000 lines
// holds about what resuming one of 100 sessions does per session.

import { lineFilePath, nameFrom, type LineFileName } from './line-file-path.js';
import { sameRun } from './line-run.js';
import { isResultLine, type LineRun, type ResultLine } from './result-line.js';
import { scanResultLines, scanResultsFile, type ResultsFileEnd } from './scan-results-file.js';

/** The state of a results file for a run that resumes it. */
export interface ResumeState {
  /** Where the complete lines end, and a cut-off or unterminated last line. */
  readonly existing: ResultsFileEnd;
  /** Absolute paths of the files whose last line is a result. */
  readonly finished: ReadonlySet<string>;
  /** Absolute paths of the files whose last line is an error. */
  readonly failedBefore: ReadonlySet<string>;
  /** Session ids that have a result, with the file it came from (named from the run's folder). */
  readonly summarized: ReadonlyMap<string, string>;
  /** The first line made with another setup than the run's, when there is one: the file cannot be resumed by this run. */
  readonly otherRun?: { readonly file: string; readonly run: LineRun };
}

/** Options of {@link readResumeState}. */
export interface ResumeStateOptions {
  /** The file's bytes, instead of reading the results file (tests). */
  readonly chunks?: AsyncIterable<Uint8Array>;
  /** Where a line's session file is. Default {@link lineFilePath}. */
  readonly locate?: (line: LineFileName, resultsFile: string, cwd: string) => Promise<string>;
  /** Session files looked for at once. Default 16. */
  readonly concurrency?: number;
}

/** What is kept of the lines that name one session file the same way. */
interface NamedFile {
  readonly name: LineFileName;
  /** 1-based index among the result lines of the last line that names it. */
  last: number;
  result: boolean;
  sessionId: string | undefined;
}

/**
 * Reads the results file `resultsFile` (absolute; named `source` in errors; missing reads as
 * empty) for a run made with `run` from `cwd`. Each file name is looked for once, however many
 * lines name it.
 *
 * @throws {@link ResultsFileError} for a line that is not a result line.
 */
export async function readResumeState(resultsFile: string, source: string, cwd: string, run: LineRun, options: ResumeStateOptions = {}): Promise<ResumeState> {
  // Lines name a session file by `file` and the folder their run ran in: one entry per naming.
  const byName = new Map<string, NamedFile>();
  let otherRun: ResumeState['otherRun'];
  let index = 0;
  const visit = (line: ResultLine): void => {
    index++;
    if (otherRun === undefined && line.run !== undefined && !sameRun(line.run, run)) otherRun = { file: line.file, run: line.run };
    const folder = line.run?.cwd;
    const key = JSON.stringify([folder ?? null, line.file]);
    const sessionId = isResultLine(line) ? line.session_id : undefined;
    const result = sessionId !== undefined;
    const known = byName.get(key);
    if (known === undefined) byName.set(key, { name: folder === undefined ? { file: line.file } : { file: line.file, run: { cwd: folder } }, last: index, result, sessionId });
    else Object.assign(known, { last: index, result, sessionId });
  };
  const existing = options.chunks === undefined ? await scanResultsFile(resultsFile, visit, { source }) : await scanResultLines(options.chunks, source, visit);
  const finished = new Set<string>();
  const failedBefore = new Set<string>();
  const summarized = new Map<string, string>();
  if (otherRun !== undefined) return { existing, finished, failedBefore, summarized, otherRun };

  const named = [...byName.values()];
  const located = await locateAll(named, (entry) => (options.locate ?? lineFilePath)(entry.name, resultsFile, cwd), options.concurrency ?? 16);
  // The last line of each file wins, the file found where its run read it: a run made from
  // another folder names the same file otherwise. Files come in the order first named.
  const latest = new Map<string, NamedFile>();
  named.forEach((entry, at) => {
    const absolute = located[at] as string;
    const before = latest.get(absolute);
    if (before === undefined || entry.last > before.last) latest.set(absolute, entry);
  });
  for (const [absolute, entry] of latest) {
    (entry.result ? finished : failedBefore).add(absolute);
    // A session id that has a result is done, whichever file held it: met in another file, it is a duplicate.
    if (entry.sessionId !== undefined && !summarized.has(entry.sessionId)) summarized.set(entry.sessionId, nameFrom(cwd, absolute));
  }
  return { existing, finished, failedBefore, summarized };
}

/** `locate` of every item, at most `concurrency` at once, in the items' order. */
async function locateAll<Item>(items: readonly Item[], locate: (item: Item) => Promise<string>, concurrency: number): Promise<string[]> {
  const located = new Array<string>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const at = next++;
      located[at] = await locate(items[at] as Item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return located;
}

// Reading and appending a many-session results file (JSONL). Lines are written whole, one write
// each; a run killed mid-write leaves at most a cut-off last line, which the next run removes
// before it appends (and names), so the file always reads line by line.

import { open, truncate } from 'node:fs/promises';
import type { ResultLine } from './result-line.js';
import { parseResultLine, scanResultsFile, type ResultsFileEnd } from './scan-results-file.js';

export { ResultsFileError } from './scan-results-file.js';

/**
 * The lines of a results file, the state of each session (its last line), and a cut-off last
 * line when a run was killed while writing it.
 *
 * @category Many sessions
 */
export interface ResultsFileContent extends ResultsFileEnd {
  /** Every complete line, in file order. */
  readonly lines: readonly ResultLine[];
  /** The last line of each file, by file name: a later result replaces an earlier error. */
  readonly latest: ReadonlyMap<string, ResultLine>;
}

/**
 * Parses the text of a results file.
 *
 * @param text - The file's content.
 * @param source - The file name used in errors.
 * @throws {@link ResultsFileError} naming `source:line` for a complete line that is not a result line.
 * @category Many sessions
 */
export function parseResultsText(text: string, source: string): ResultsFileContent {
  const lines: ResultLine[] = [];
  const latest = new Map<string, ResultLine>();
  const add = (line: ResultLine | undefined): void => {
    if (line === undefined) return;
    lines.push(line);
    latest.set(line.file, line);
  };
  let start = 0;
  let number = 0;
  for (;;) {
    const end = text.indexOf('\n', start);
    if (end === -1) break;
    number++;
    add(parseResultLine(text.slice(start, end), number, source));
    start = end + 1;
  }
  const completeBytes = Buffer.byteLength(text.slice(0, start));
  const tail = text.slice(start).trim();
  if (tail === '') return { lines, latest, completeBytes };
  // A last line without its newline: whole JSON (an edited file) counts; anything else was cut off mid-write.
  try {
    JSON.parse(tail);
  } catch {
    return { lines, latest, completeBytes, cutOffLine: number + 1 };
  }
  add(parseResultLine(tail, number + 1, source));
  return { lines, latest, completeBytes: Buffer.byteLength(text), missingNewline: true };
}

/**
 * Reads a results file; a missing file reads as empty. The content holds every line (`recap run`
 * and `recap report` read the file line by line instead, keeping what they need of each).
 *
 * @category Many sessions
 */
export async function readResultsFile(file: string, source = file): Promise<ResultsFileContent> {
  const lines: ResultLine[] = [];
  const latest = new Map<string, ResultLine>();
  const visit = (line: ResultLine): void => {
    lines.push(line);
    latest.set(line.file, line);
  };
  const { completeBytes, cutOffLine, missingNewline } = await scanResultsFile(file, visit, { source });
  return { lines, latest, completeBytes, ...(cutOffLine === undefined ? {} : { cutOffLine }), ...(missingNewline === undefined ? {} : { missingNewline }) };
}

/** Appends lines to a results file, each in one write. */
export interface ResultsWriter {
  append(line: ResultLine): Promise<void>;
  close(): Promise<void>;
}

/**
 * Opens a results file for a run: removes a cut-off last line left by a killed run (it is
 * reported in `content.cutOffLine`; its session runs again), then appends.
 */
export async function openResultsForAppend(file: string, content: ResultsFileEnd): Promise<ResultsWriter> {
  if (content.cutOffLine !== undefined) await truncate(file, content.completeBytes);
  const handle = await open(file, 'a');
  if (content.missingNewline === true) await handle.write('\n');
  return {
    async append(line) {
      await handle.write(`${JSON.stringify(line)}\n`);
    },
    close: () => handle.close(),
  };
}

// Reading and appending a many-session results file (JSONL). Lines are written whole, one write
// each; a run killed mid-write leaves at most a cut-off last line, which the next run removes
// before it appends (and names), so the file always reads line by line.

import { isUtf8 } from 'node:buffer';
import { open, readFile, truncate } from 'node:fs/promises';
import { resultLineProblem, type ResultLine } from './result-line.js';

/**
 * A results file that cannot be used: a line in the middle that is not a result line.
 *
 * @category Many sessions
 */
export class ResultsFileError extends Error {
  readonly code = 'invalid_results';
  constructor(message: string) {
    super(message);
    this.name = 'ResultsFileError';
  }
}

/**
 * The lines of a results file, the state of each session (its last line), and a cut-off last
 * line when a run was killed while writing it.
 *
 * @category Many sessions
 */
export interface ResultsFileContent {
  /** Every complete line, in file order. */
  readonly lines: readonly ResultLine[];
  /** The last line of each file, by file name: a later result replaces an earlier error. */
  readonly latest: ReadonlyMap<string, ResultLine>;
  /** Byte length of the complete lines (where a cut-off line starts). */
  readonly completeBytes: number;
  /** The 1-based number of a last line cut off mid-write (not JSON, no newline), when there is one. */
  readonly cutOffLine?: number;
  /** The last line is whole but lacks its newline (an edited file): appending adds it first. */
  readonly missingNewline?: boolean;
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
  let start = 0;
  let number = 0;
  const add = (value: unknown, at: number): void => {
    const problem = resultLineProblem(value);
    if (problem !== undefined) throw new ResultsFileError(`${source}:${at}: not a result line: ${problem}`);
    const line = value as ResultLine;
    lines.push(line);
    latest.set(line.file, line);
  };
  for (;;) {
    const end = text.indexOf('\n', start);
    if (end === -1) break;
    number++;
    const raw = text.slice(start, end).trim();
    start = end + 1;
    if (raw === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch (error) {
      throw new ResultsFileError(`${source}:${number}: not JSON (${(error as Error).message})`);
    }
    add(value, number);
  }
  const completeBytes = Buffer.byteLength(text.slice(0, start));
  const tail = text.slice(start).trim();
  if (tail === '') return { lines, latest, completeBytes };
  // A last line without its newline: whole JSON (an edited file) counts; anything else was cut off mid-write.
  let value: unknown;
  try {
    value = JSON.parse(tail);
  } catch {
    return { lines, latest, completeBytes, cutOffLine: number + 1 };
  }
  add(value, number + 1);
  return { lines, latest, completeBytes: Buffer.byteLength(text), missingNewline: true };
}

/**
 * Reads a results file; a missing file reads as empty.
 *
 * @category Many sessions
 */
export async function readResultsFile(file: string, source = file): Promise<ResultsFileContent> {
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { lines: [], latest: new Map(), completeBytes: 0 };
    throw new ResultsFileError(`${source}: cannot read the results (${(error as Error).message})`);
  }
  // Decoding would turn such bytes into U+FFFD: the text would change, and the byte counts that
  // cut off an interrupted line would no longer match the file.
  const end = bytes.lastIndexOf(0x0a) + 1;
  const whole = bytes.subarray(0, end);
  if (!isUtf8(whole)) {
    const text = whole.toString('utf8');
    const line = text.slice(0, Math.max(0, text.indexOf('\uFFFD'))).split('\n').length;
    throw new ResultsFileError(`${source}:${line}: is not UTF-8 text; recap writes results files in UTF-8, so this line was changed by another program`);
  }
  if (!isUtf8(bytes.subarray(end))) {
    // A kill can cut the last line inside a character: that line is cut off, never a whole one.
    const content = parseResultsText(whole.toString('utf8'), source);
    return { ...content, cutOffLine: whole.toString('utf8').split('\n').length };
  }
  return parseResultsText(bytes.toString('utf8'), source);
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
export async function openResultsForAppend(file: string, content: ResultsFileContent): Promise<ResultsWriter> {
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

// Reads a results file line by line as its bytes come from the disk, handing each line over before
// reading on: a resumed run or a report keeps what it needs of each line, never the whole file, so
// a file of any size (past the 512 MB a JavaScript string can hold) reads in the memory of a line.

import { isUtf8 } from 'node:buffer';
import { open, type FileHandle } from 'node:fs/promises';
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
 * How a results file ends: where its complete lines end, and a last line cut off when a run was
 * killed while writing it, or one that lacks its newline.
 *
 * @category Many sessions
 */
export interface ResultsFileEnd {
  /** Byte length of the complete lines (where a cut-off line starts). */
  readonly completeBytes: number;
  /** The 1-based number of a last line cut off mid-write (not JSON, no newline), when there is one. */
  readonly cutOffLine?: number;
  /** The last line is whole but lacks its newline (an edited file): appending adds it first. */
  readonly missingNewline?: boolean;
}

/**
 * What {@link scanResultsFile} read: the end of the file and how many result lines it handed over.
 *
 * @category Many sessions
 */
export interface ResultsFileScan extends ResultsFileEnd {
  readonly lineCount: number;
}

/** Called with each result line and its 1-based line number, in file order; reading waits for what it returns. */
export type ResultLineVisitor = (line: ResultLine, number: number) => void | Promise<void>;

/**
 * The result line of the text of one line (trimmed), or undefined for a blank line.
 *
 * @throws {@link ResultsFileError} naming `source:number` for a line that is not a result line.
 */
export function parseResultLine(text: string, number: number, source: string): ResultLine | undefined {
  const raw = text.trim();
  if (raw === '') return undefined;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (error) {
    throw new ResultsFileError(`${source}:${number}: not JSON (${(error as Error).message})`);
  }
  const problem = resultLineProblem(value);
  if (problem !== undefined) throw new ResultsFileError(`${source}:${number}: not a result line: ${problem}`);
  return value as ResultLine;
}

const NEWLINE = 0x0a;

/**
 * Reads result lines from the bytes of a results file, chunk by chunk: a line is handed to `visit`
 * as soon as its newline is read, and the next chunk is asked for only once `visit` is done with
 * the lines of this one. A last line without its newline counts when it is whole JSON (an edited
 * file), else it was cut off mid-write and is named in `cutOffLine`.
 *
 * @throws {@link ResultsFileError} naming `source:line` for a complete line that is not a result line or not UTF-8.
 * @category Many sessions
 */
export async function scanResultLines(chunks: AsyncIterable<Uint8Array>, source: string, visit: ResultLineVisitor): Promise<ResultsFileScan> {
  let pending: Buffer[] = [];
  let number = 0;
  let lineCount = 0;
  let completeBytes = 0;
  const take = async (bytes: Buffer): Promise<void> => {
    number++;
    completeBytes += bytes.length + 1;
    // Decoding would turn such bytes into U+FFFD: the text would change, and the byte counts that
    // cut off an interrupted line would no longer match the file.
    if (!isUtf8(bytes)) throw new ResultsFileError(`${source}:${number}: is not UTF-8 text; recap writes results files in UTF-8, so this line was changed by another program`);
    const line = parseResultLine(bytes.toString('utf8'), number, source);
    if (line === undefined) return;
    lineCount++;
    await visit(line, number);
  };
  for await (const chunk of chunks) {
    const bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    let start = 0;
    for (let end = bytes.indexOf(NEWLINE, start); end !== -1; end = bytes.indexOf(NEWLINE, start)) {
      const piece = bytes.subarray(start, end);
      await take(pending.length === 0 ? piece : Buffer.concat([...pending, piece]));
      pending = [];
      start = end + 1;
    }
    if (start < bytes.length) pending.push(bytes.subarray(start));
  }
  const tail = Buffer.concat(pending);
  // A kill can cut the last line inside a character: that line is cut off, never a whole one.
  if (!isUtf8(tail)) return { lineCount, completeBytes, cutOffLine: number + 1 };
  const text = tail.toString('utf8');
  if (text.trim() === '') return { lineCount, completeBytes };
  try {
    JSON.parse(text);
  } catch {
    return { lineCount, completeBytes, cutOffLine: number + 1 };
  }
  // Whole JSON: read as any other line (and refused as one when it is not a result line).
  await visit(parseResultLine(text, number + 1, source) as ResultLine, number + 1);
  return { lineCount: lineCount + 1, completeBytes: completeBytes + tail.length, missingNewline: true };
}

/** The chunks of an open file, each read into a buffer of its own (a line handed over may still point into it). */
async function* chunksOf(handle: FileHandle, source: string, size: number): AsyncGenerator<Uint8Array> {
  for (;;) {
    const buffer = Buffer.allocUnsafe(size);
    const { bytesRead } = await handle.read(buffer, 0, size, null).catch((error: unknown) => {
      throw new ResultsFileError(`${source}: cannot read the results (${(error as Error).message})`);
    });
    if (bytesRead === 0) return;
    yield buffer.subarray(0, bytesRead);
  }
}

/**
 * {@link scanResultLines} over the file `file` (named `source` in errors); a missing file reads as
 * empty. What `visit` keeps is all the memory the read holds beyond one line.
 *
 * @category Many sessions
 */
export async function scanResultsFile(file: string, visit: ResultLineVisitor, options: { readonly source?: string; readonly chunkBytes?: number } = {}): Promise<ResultsFileScan> {
  const source = options.source ?? file;
  let handle: FileHandle;
  try {
    handle = await open(file, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { lineCount: 0, completeBytes: 0 };
    throw new ResultsFileError(`${source}: cannot read the results (${(error as Error).message})`);
  }
  try {
    return await scanResultLines(chunksOf(handle, source, options.chunkBytes ?? 1 << 20), source, visit);
  } finally {
    await handle.close();
  }
}

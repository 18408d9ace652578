// The fenced blocks of a documentation page, as the doc test runs them (conventions in
// docs/development.md): `sh` and `js` blocks run unless marked `no-run`; `exit=N` sets the status a
// block must end with; `#> ` lines of an sh block, and a `text` or `json` block right after a
// runnable block, are the output the page promises.

export const RUNNABLE_LANGUAGES = ['sh', 'js'] as const;
export type RunnableLanguage = (typeof RUNNABLE_LANGUAGES)[number];

/** Languages of a block that shows the output of the runnable block right before it. */
const OUTPUT_LANGUAGES = ['text', 'json'];

export interface ExpectedLine {
  readonly text: string;
  /** 1-based line of the page this expected line is written on. */
  readonly line: number;
}

export interface DocBlock {
  /** The page as named in test names and messages, e.g. `docs/cli.md`. */
  readonly page: string;
  /** 1-based line of the opening fence. */
  readonly line: number;
  readonly language: string;
  readonly attributes: readonly string[];
  readonly noRun: boolean;
  /** The status the block must end with (`exit=N`; default 0). */
  readonly exit: number;
  /** The block's text; for sh blocks without its `#> ` lines. */
  readonly code: string;
  readonly expected: readonly ExpectedLine[];
}

export class DocPageError extends Error {
  readonly code = 'doc_page_invalid';
}

interface Fence {
  readonly line: number;
  readonly language: string;
  readonly attributes: readonly string[];
  readonly lines: readonly { readonly text: string; readonly line: number }[];
  /** Only blank lines lie between the previous fence's end and this one's start. */
  readonly adjacentToPrevious: boolean;
}

const OPENING = /^(\s*)(`{3,}|~{3,})\s*([^`]*?)\s*$/;

function fencesOf(markdown: string, page: string): Fence[] {
  const lines = markdown.split(/\r?\n/);
  const fences: Fence[] = [];
  let lastEnd = -2;
  let index = 0;
  while (index < lines.length) {
    const opening = OPENING.exec(lines[index] as string);
    if (opening === null) {
      index += 1;
      continue;
    }
    const indent = (opening[1] as string).length;
    const marker = opening[2] as string;
    const [language = '', ...attributes] = (opening[3] as string).split(/\s+/).filter((word) => word !== '');
    const start = index;
    const body: { text: string; line: number }[] = [];
    index += 1;
    while (index < lines.length) {
      const text = lines[index] as string;
      const closing = /^\s*(`{3,}|~{3,})\s*$/.exec(text);
      if (closing !== null && (closing[1] as string)[0] === marker[0] && (closing[1] as string).length >= marker.length) break;
      body.push({ text: text.slice(Math.min(indent, text.length - text.trimStart().length)), line: index + 1 });
      index += 1;
    }
    if (index >= lines.length) throw new DocPageError(`${page}:${start + 1}: this fence is never closed`);
    const between = lines.slice(lastEnd + 1, start);
    fences.push({
      line: start + 1,
      language,
      attributes,
      lines: body,
      adjacentToPrevious: lastEnd >= 0 && between.every((text) => text.trim() === ''),
    });
    lastEnd = index;
    index += 1;
  }
  return fences;
}

function exitOf(attributes: readonly string[], where: string): number {
  let exit = 0;
  for (const attribute of attributes) {
    if (attribute === 'no-run') continue;
    const match = /^exit=(\d{1,3})$/.exec(attribute);
    if (match === null) throw new DocPageError(`${where}: unknown block attribute "${attribute}" (known: no-run, exit=N)`);
    exit = Number(match[1]);
  }
  return exit;
}

const EXPECTED_PREFIX = /^#>(?: |$)/;

/** Every fenced block of a page, in order, with the expected output attached to its runnable block. */
export function extractDocBlocks(markdown: string, page: string): DocBlock[] {
  const blocks: DocBlock[] = [];
  const fences = fencesOf(markdown, page);
  for (let index = 0; index < fences.length; index += 1) {
    const fence = fences[index] as Fence;
    const runnable = (RUNNABLE_LANGUAGES as readonly string[]).includes(fence.language);
    const where = `${page}:${fence.line}`;
    const exit = runnable ? exitOf(fence.attributes, where) : 0;
    const expected: ExpectedLine[] = [];
    let code = fence.lines.map((line) => line.text);
    if (fence.language === 'sh') {
      for (const line of fence.lines) {
        if (EXPECTED_PREFIX.test(line.text)) expected.push({ text: line.text.replace(EXPECTED_PREFIX, ''), line: line.line });
      }
      code = fence.lines.filter((line) => !EXPECTED_PREFIX.test(line.text)).map((line) => line.text);
    }
    const next = fences[index + 1];
    if (runnable && next !== undefined && next.adjacentToPrevious && OUTPUT_LANGUAGES.includes(next.language)) {
      expected.push(...next.lines.map((line) => ({ text: line.text, line: line.line })));
      index += 1;
    }
    blocks.push({
      page,
      line: fence.line,
      language: fence.language,
      attributes: fence.attributes,
      noRun: fence.attributes.includes('no-run'),
      exit,
      code: code.length === 0 ? '' : `${code.join('\n')}\n`,
      expected,
    });
  }
  return blocks;
}

export function isRunnable(block: DocBlock): block is DocBlock & { readonly language: RunnableLanguage } {
  return (RUNNABLE_LANGUAGES as readonly string[]).includes(block.language) && !block.noRun;
}

const ANY_TEXT = /\.\.\.|…/;

function patternOf(expected: string): RegExp {
  const pieces = expected.split(ANY_TEXT).map((piece) => piece.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${pieces.join('.*')}$`, 'u');
}

export interface MissingLine {
  readonly expected: ExpectedLine;
  /** The output line (1-based) the previous expected line matched; 0 when none had. */
  readonly after: number;
}

/**
 * The first expected line that the output does not show, in order, or undefined when every one is
 * there. Expected lines match whole output lines; `...` and `…` in them match any text; trailing
 * spaces are ignored; empty lines and lines that are only `...` match anything.
 */
export function findMissingLine(expected: readonly ExpectedLine[], output: string): MissingLine | undefined {
  const actual = output.split(/\r?\n/).map((line) => line.trimEnd());
  let position = 0;
  for (const line of expected) {
    const text = line.text.trimEnd();
    if (text.trim() === '' || /^\s*(\.\.\.|…)\s*$/.test(text)) continue;
    const pattern = patternOf(text);
    let found = -1;
    for (let index = position; index < actual.length; index += 1) {
      if (pattern.test(actual[index] as string)) {
        found = index;
        break;
      }
    }
    if (found < 0) return { expected: line, after: position };
    position = found + 1;
  }
  return undefined;
}

export interface BlockOutcome {
  /** The exit status, or undefined when the block was killed (timeout). */
  readonly status: number | undefined;
  readonly output: string;
  readonly timedOutAfterMs?: number;
}

/** Why a block's run does not keep the page's promise, or undefined when it does. */
export function blockFailure(block: DocBlock, outcome: BlockOutcome): string | undefined {
  const where = `${block.page}:${block.line}`;
  const tail = `\n--- output ---\n${outcome.output}${outcome.output.endsWith('\n') || outcome.output === '' ? '' : '\n'}--- end of output ---`;
  if (outcome.timedOutAfterMs !== undefined) return `${where}: timed out after ${outcome.timedOutAfterMs / 1000} s${tail}`;
  if (outcome.status !== block.exit) return `${where}: exit ${outcome.status ?? 'by a signal'}, expected ${block.exit}${tail}`;
  const missing = findMissingLine(block.expected, outcome.output);
  if (missing !== undefined) {
    return `${where}: expected output line "${missing.expected.text.trimEnd()}" (${block.page}:${missing.expected.line}) not found (after line ${missing.after} of the output)${tail}`;
  }
  return undefined;
}

// Markdown tables of a text answer read by their columns: a column of event numbers written
// without `#` (`| # | What | … |` over `| 42 | … |`, `| 20–22 | … |`) cites those events, and a
// column of counts (`| Signal | Count |`, `| … | Taps |`) says how many events of its row's type,
// or clicks on its row's element, there were:
//
//   | # | What happened | Taps |        | Signal    | Count | Events   |
//   |---|---|---|                       |---|---|---|
//   | 74, 77 | "Generate Pix code" | 2 | | Dead taps | 1     | #56      |

import { matchesOf, type Ranges } from './claim-ranges.js';
import type { Claim } from './claim.js';
import { countTopics, noneTopic } from './count-topics.js';

/** A cell of a row: its text without the emphasis or code marks around it, and where that text is in the answer. */
interface Cell {
  readonly text: string;
  readonly start: number;
  readonly end: number;
}

/** A table: its header's cells (lower case), and its rows' cells. */
interface Table {
  readonly header: readonly string[];
  readonly rows: readonly (readonly Cell[])[];
}

const TABLE_ROW = /^[ \t]*\|.*\|[ \t]*$/;
const TABLE_RULE = /^[ \t]*\|?(?:[ \t]*:?-{3,}:?[ \t]*\|)+[ \t]*(?::?-{3,}:?[ \t]*)?$/;

/** The cells of the row `line` that starts at `offset`, placed in the answer. */
function cellsOf(line: string, offset: number): Cell[] {
  const cells: Cell[] = [];
  const first = line.indexOf('|');
  const last = line.lastIndexOf('|');
  let from = first + 1;
  for (let at = from; at <= last; at++) {
    if (line.charCodeAt(at) !== 0x7c) continue;
    const raw = line.slice(from, at);
    const lead = /^[\s*_`]*/.exec(raw)?.[0].length ?? 0;
    const text = raw.slice(lead).replace(/[\s*_`]+$/, '');
    cells.push({ text, start: offset + from + lead, end: offset + from + lead + text.length });
    from = at + 1;
  }
  return cells;
}

/** The last text read and its tables: find-claims asks for the citations, then for the counts, of one text. */
let lastText: string | undefined;
let lastTables: Table[] = [];

/** The Markdown tables of `text` (a header line, a rule line, and the rows under them); none without a rule line. */
function tablesOf(text: string): Table[] {
  if (text === lastText) return lastTables;
  lastText = text;
  lastTables = /-{3}:?[ \t]*\|/.test(text) ? readTables(text) : [];
  return lastTables;
}

function readTables(text: string): Table[] {
  const tables: Table[] = [];
  const lines = text.split('\n');
  const offsets: number[] = [];
  let offset = 0;
  for (const line of lines) {
    offsets.push(offset);
    offset += line.length + 1;
  }
  for (let at = 0; at + 1 < lines.length; at++) {
    if (!TABLE_ROW.test(lines[at] as string) || !TABLE_RULE.test(lines[at + 1] as string)) continue;
    const header = cellsOf(lines[at] as string, offsets[at] as number).map((cell) => cell.text.toLowerCase().replace(/\s+/g, ' ').replace(/\.$/, ''));
    const rows: Cell[][] = [];
    let row = at + 2;
    for (; row < lines.length && TABLE_ROW.test(lines[row] as string); row++) rows.push(cellsOf(lines[row] as string, offsets[row] as number));
    tables.push({ header, rows });
    at = row - 1;
  }
  return tables;
}

/** A header of a column of event numbers: `#`, `Event`, `Events`, `Event #`, `Ev.`. */
const EVENTS_HEADER = /^(?:#|#s|events?|events? #|event (?:no|index|ids?)|ev|evts?)$/;
/** A cell of event numbers without `#`: `42`, `53, 56, 60`, `20–22`. */
const NUMBERS_CELL = /^\d{1,7}(?:\s*(?:[-–—〜～]|\.\.|to|through)\s*\d{1,7})?(?:\s*(?:,|;|&|and)\s*\d{1,7}(?:\s*(?:[-–—〜～]|\.\.|to|through)\s*\d{1,7})?)*$/;
const NUMBER_OR_RANGE = /(\d{1,7})(?:\s*(?:[-–—〜～]|\.\.|to|through)\s*(\d{1,7}))?/g;

/** A citation as find-claims reads a reference's match: the text, group 1 the first event, group 2 the last, `index` where it starts. */
const citation = (written: string, first: string, last: string | undefined, index: number): RegExpExecArray =>
  Object.assign([written, first, last], { index, input: '', groups: undefined }) as RegExpExecArray;

/**
 * The event numbers of the columns of `text`'s tables headed `#` or `Event(s)`: each number or
 * range cites events as `#42` does. Not a column that numbers the rows (1, 2, 3, …).
 */
export function tableCitations(text: string): RegExpExecArray[] {
  const found: RegExpExecArray[] = [];
  if (!text.includes('|')) return found;
  for (const table of tablesOf(text)) {
    table.header.forEach((name, column) => {
      if (!EVENTS_HEADER.test(name)) return;
      const cells = table.rows.map((row) => row[column]).filter((cell): cell is Cell => cell !== undefined && NUMBERS_CELL.test(cell.text));
      if (cells.length === 0 || cells.every((cell, row) => cell.text === String(row + 1))) return;
      for (const cell of cells) for (const match of matchesOf(NUMBER_OR_RANGE, cell.text)) found.push(citation(match[0], match[1] as string, match[2], cell.start + match.index));
    });
  }
  return found;
}

/** A header of a column of counts; COUNT_OF_CLICKS, one of clicks (taps, presses) on the row's element. */
const COUNT_HEADER = /^(?:count|counts|times|n|occurrences|total|qty|quantity|number|how many|×|x|taps|clicks|presses|tap count|click count)$/;
const COUNT_OF_CLICKS = /^(?:taps|clicks|presses|tap count|click count)$/;
const COUNT_CELL = /^\d{1,6}$/;
/** A quote in a cell: the element it names. */
const QUOTED = /["“„«「]([^"“”„«»「」\n]{1,200})["”“»」]/g;
const CLICK_WORD = /\b(?:tapped|clicked|pressed)\b/i;

/**
 * The counts of the count columns of `text`'s tables, each said of its row: of the events its
 * first cell with words names as events are named (`| Dead taps | 1 |`, placed from that cell to
 * the number), or of the clicks on the one element that cell quotes when the column counts clicks
 * or the cell says it was clicked (`| "Generate Pix code" | 2 |`, `| "Start check" tapped | 1 |`,
 * placed from the quote). The row's citations are its events (see cited-count.ts).
 */
export function tableCountClaims(text: string, quantities: Ranges, add: (claim: Claim) => void): void {
  if (!text.includes('|')) return;
  for (const table of tablesOf(text)) {
    const column = table.header.findIndex((name) => COUNT_HEADER.test(name));
    if (column === -1) continue;
    const ofClicks = COUNT_OF_CLICKS.test(table.header[column] as string);
    const skipped = new Set(table.header.flatMap((name, at) => (EVENTS_HEADER.test(name) ? [at] : [])));
    for (const row of table.rows) {
      const cell = row[column];
      if (cell === undefined || !COUNT_CELL.test(cell.text)) continue;
      const label = row.find((other, at) => at !== column && !skipped.has(at) && /\p{L}/u.test(other.text));
      if (label === undefined) continue;
      const count = Number(cell.text);
      const topic = countTopics.of(label.text.toLowerCase());
      const quotes = topic === undefined ? matchesOf(QUOTED, label.text) : [];
      const quote = quotes.length === 1 && (ofClicks || CLICK_WORD.test(label.text)) ? quotes[0] : undefined;
      if (topic === undefined && quote === undefined) continue;
      const start = quote === undefined ? label.start : label.start + quote.index;
      if (quantities.overlaps(start, cell.end)) continue;
      const claimed = topic === undefined ? countTopics.times('clicked', quote?.[1] as string) : count === 0 ? noneTopic(topic) : topic;
      add({ kind: 'count', text: text.slice(start, cell.end), start, end: cell.end, count, topic: claimed });
    }
  }
}

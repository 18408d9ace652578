// A JSON value pretty-printed as styled lines: keys, strings, numbers and literals told apart, and
// in a structured answer the claims grounding did not find in the prompt marked where they are
// (docs/grounding.md).

import type { RunGrounding } from './run-record.js';
import { segment, type Segment, type SegmentStyle, type StyledLine } from './styled-line.js';

type Finding = RunGrounding['findings'][number];

/** Claims to mark, by the JSON path of the value that holds them (`evidence[1]`, `dead_clicks`). */
type MarksByPath = ReadonlyMap<string, readonly Finding[]>;

/** JSON paths as grounding writes them: `evidence[1]`, `friction[0].detail`. */
const childPath = (parent: string, key: string | number) => (typeof key === 'number' ? `${parent}[${key}]` : parent === '' ? key : `${parent}.${key}`);

/** A string value as JSON, with each claim's text (as JSON writes it) in the claim's verdict style. */
function stringSegments(value: string, findings: readonly Finding[] | undefined): Segment[] {
  const written = JSON.stringify(value);
  if (findings === undefined) return [segment(written, 'string')];
  const styles = new Array<SegmentStyle>(written.length).fill('string');
  for (const finding of findings) {
    const claim = JSON.stringify(finding.text).slice(1, -1);
    if (claim === '') continue;
    for (let at = written.indexOf(claim, 1); at !== -1; at = written.indexOf(claim, at + claim.length)) {
      for (let index = at; index < at + claim.length; index++) styles[index] = finding.verdict === 'dropped' ? 'dropped' : 'unsupported';
    }
  }
  const segments: Segment[] = [];
  let from = 0;
  for (let index = 1; index <= written.length; index++) {
    if (index === written.length || styles[index] !== styles[from]) {
      segments.push(segment(written.slice(from, index), styles[from] ?? 'string'));
      from = index;
    }
  }
  return segments;
}

/** The segments of a leaf value (a string, number, boolean or null) at `path`. */
function leafSegments(value: unknown, path: string, marks: MarksByPath): Segment[] {
  const findings = marks.get(path);
  if (typeof value === 'string') return stringSegments(value, findings);
  const written = JSON.stringify(value) ?? 'null';
  if (typeof value === 'number' && Number.isFinite(value)) {
    const verdict = findings?.find((finding) => finding.verdict !== 'kept')?.verdict;
    return [segment(written, verdict === 'dropped' ? 'dropped' : verdict === 'unsupported' ? 'unsupported' : 'number')];
  }
  return [segment(written, 'literal')];
}

/** Appends the lines of `value` (at `path`), its first line starting with `lead` and its last ending with `trail`. */
function pushValue(lines: StyledLine[], value: unknown, path: string, indent: string, lead: readonly Segment[], trail: string, marks: MarksByPath): void {
  const close = trail === '' ? [] : [segment(trail)];
  const container = value !== null && typeof value === 'object' && typeof (value as { toJSON?: unknown }).toJSON !== 'function';
  if (!container) {
    lines.push([segment(indent), ...lead, ...leafSegments(value, path, marks), ...close]);
    return;
  }
  const isArray = Array.isArray(value);
  const entries: [string | number, unknown][] = isArray
    ? (value as unknown[]).map((item, index) => [index, item === undefined || typeof item === 'function' || typeof item === 'symbol' ? null : item])
    : Object.entries(value as Record<string, unknown>).filter(([, item]) => item !== undefined && typeof item !== 'function' && typeof item !== 'symbol');
  const [open, end] = isArray ? ['[', ']'] : ['{', '}'];
  if (entries.length === 0) {
    lines.push([segment(indent), ...lead, segment(`${open}${end}`), ...close]);
    return;
  }
  lines.push([segment(indent), ...lead, segment(open)]);
  entries.forEach(([key, item], position) => {
    const comma = position === entries.length - 1 ? '' : ',';
    const itemLead = typeof key === 'number' ? [] : [segment(JSON.stringify(key), 'key'), segment(': ')];
    pushValue(lines, item, childPath(path, key), `${indent}  `, itemLead, comma, marks);
  });
  lines.push([segment(indent), segment(end), ...close]);
}

/** Drops empty segments and joins neighbours of one style, so a line reads as JSON.stringify wrote it. */
function tidy(line: StyledLine): StyledLine {
  const segments: Segment[] = [];
  for (const part of line) {
    if (part.text === '') continue;
    const last = segments.at(-1);
    if (last !== undefined && last.style === part.style) segments[segments.length - 1] = segment(last.text + part.text, part.style);
    else segments.push(part);
  }
  return segments.length === 0 ? [segment('')] : segments;
}

/**
 * Two-space indented JSON (as `JSON.stringify(value, null, 2)` writes it), one styled line per
 * line; with `findings`, each unsupported or dropped claim is drawn in its verdict's style where
 * its path puts it: its text inside a string, or the whole number of a count.
 */
export function jsonLines(value: unknown, findings: readonly Finding[] = []): StyledLine[] {
  const marks = new Map<string, Finding[]>();
  for (const finding of findings) {
    if (finding.verdict === 'kept') continue;
    const list = marks.get(finding.path);
    if (list === undefined) marks.set(finding.path, [finding]);
    else list.push(finding);
  }
  const lines: StyledLine[] = [];
  pushValue(lines, value, '', '', [], '', marks);
  return lines.map(tidy);
}

// Builds the report of a many-session run (docs/many-sessions.md#the-report): totals, the
// distributions of the structured responses' fields, and patterns read from the sessions.

import { estimateCost } from '../../models/prices.js';
import { isResultLine, type ResultLine, type SessionResultLine } from '../result-line.js';
import type { Session } from '../../session/session-schema.js';
import { PATTERN_KINDS, type HistogramBin, type Pattern, type PatternKind, type ReportData, type ReportField, type SessionRef, type ValueCount } from './report-data.js';
import { collectSetups } from './report-setups.js';
import { fieldLeaves, valuesAt, type FieldLeaf } from './response-fields.js';
import { sessionPatterns } from './session-patterns.js';

/**
 * Options of {@link buildReport} and {@link createReportBuilder}.
 *
 * @category Reports
 */
export interface ReportOptions {
  /** A pattern is shown when it recurs in at least this many sessions. Default 2. */
  readonly minSessions?: number;
  /** Most frequent values shown for a text field. Default 10. */
  readonly topValues?: number;
  /** Bars of a number field's histogram. Default 10. */
  readonly bins?: number;
}

/**
 * Builds a report line by line, so that sessions can be read one at a time: `add` each line with
 * its session (or the reason it could not be read), then `build`.
 *
 * @category Reports
 */
export interface ReportBuilder {
  /** Adds a line; the last line of a file replaces an earlier one (a resumed run's retry). */
  add(line: ResultLine, session?: Session | { readonly unread: string }): void;
  /** The report of the lines added so far. */
  build(): ReportData;
}

const GROUNDING_BUCKETS = [
  { label: '1 (every claim supported)', min: 1 },
  { label: '0.9 – 0.99', min: 0.9 },
  { label: '0.75 – 0.89', min: 0.75 },
  { label: '0.5 – 0.74', min: 0.5 },
  { label: 'below 0.5', min: Number.NEGATIVE_INFINITY },
] as const;

interface Entry {
  readonly line: ResultLine;
  readonly ref: SessionRef;
  readonly patterns?: ReturnType<typeof sessionPatterns>;
  readonly unread?: string;
}

function refOf(line: ResultLine): SessionRef {
  const appUrl = (line as { app_url?: unknown }).app_url;
  return { session_id: line.session_id ?? line.file, file: line.file, ...(typeof appUrl === 'string' ? { app_url: appUrl } : {}) };
}

/** Sessions in file order, so that the same results give the same report whatever order they finished in. */
const byFile = (refs: Iterable<SessionRef>): SessionRef[] => [...refs].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));

/** Values with their sessions, most frequent first, ties by value. */
function countValues(pairs: Iterable<readonly [string, SessionRef]>): ValueCount[] {
  const byValue = new Map<string, { count: number; sessions: Map<string, SessionRef> }>();
  for (const [value, ref] of pairs) {
    let entry = byValue.get(value);
    if (entry === undefined) byValue.set(value, (entry = { count: 0, sessions: new Map() }));
    entry.count++;
    entry.sessions.set(ref.file, ref);
  }
  return [...byValue]
    .map(([value, entry]) => ({ value, count: entry.count, sessions: byFile(entry.sessions.values()) }))
    .sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0));
}

function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** The mean of finite numbers, which can still add up past the largest double (1e308 and 1e308): then each is divided first. */
function mean(numbers: readonly number[]): number {
  const sum = numbers.reduce((total, value) => total + value, 0);
  return Number.isFinite(sum) ? sum / numbers.length : numbers.reduce((total, value) => total + value / numbers.length, 0);
}

function histogram(points: readonly (readonly [number, SessionRef])[], bins: number): { bins: HistogramBin[]; min: number; max: number; mean: number } {
  const numbers = points.map(([value]) => value);
  let min = numbers[0] as number;
  let max = min;
  for (const value of numbers) {
    if (value < min) min = value;
    if (value > max) max = value;
  }
  const integers = numbers.every(Number.isInteger);
  // Whole numbers over a short range: one bar per value.
  const perValue = integers && max - min + 1 <= bins;
  const count = perValue ? max - min + 1 : min === max ? 1 : bins;
  // max - min overflows to Infinity for a range wider than the largest double (-1e308 to 1e308):
  // then widths and bounds are reckoned from each end divided first, which stays finite.
  const wide = !Number.isFinite(max - min);
  const width = perValue ? 1 : (wide ? max / count - min / count : (max - min) / count) || 1;
  const bound = (index: number) => (wide ? (min / count) * (count - index) + (max / count) * index : min + index * width);
  const result = Array.from({ length: count }, (_, index) => ({ from: bound(index), to: bound(index + 1), count: 0, sessions: new Map<string, SessionRef>() }));
  for (const [value, ref] of points) {
    const offset = value - min;
    const position = Number.isFinite(offset) ? offset / width : value / width - min / width;
    const at = Number.isNaN(position) ? count - 1 : Math.max(0, Math.min(count - 1, Math.floor(position)));
    const bin = result[at] as (typeof result)[number];
    bin.count++;
    bin.sessions.set(ref.file, ref);
  }
  return { bins: result.map((bin) => ({ from: bin.from, to: bin.to, count: bin.count, sessions: byFile(bin.sessions.values()) })), min, max, mean: mean(numbers) };
}

function fieldOf(leaf: FieldLeaf, results: readonly { line: SessionResultLine; ref: SessionRef }[], options: Required<ReportOptions>): ReportField | undefined {
  const pairs: (readonly [unknown, SessionRef])[] = [];
  let answered = 0;
  for (const { line, ref } of results) {
    if (!('response' in line.result)) continue;
    const values = valuesAt(line.result.response, leaf);
    if (values.length > 0) answered++;
    for (const value of values) pairs.push([value, ref]);
  }
  if (leaf.kind === 'number') {
    const points = pairs.filter((pair): pair is readonly [number, SessionRef] => typeof pair[0] === 'number' && Number.isFinite(pair[0]));
    if (points.length === 0) return { path: leaf.path, kind: 'number', answered, min: 0, max: 0, mean: 0, bins: [] };
    return { path: leaf.path, kind: 'number', answered, ...histogram(points, options.bins) };
  }
  const strings = pairs.map(([value, ref]) => [String(value), ref] as const);
  const counted = countValues(strings);
  if (leaf.kind === 'enum') {
    // Every allowed value is shown, the ones no session chose with 0, in schema order.
    const byValue = new Map(counted.map((entry) => [entry.value, entry]));
    const values = (leaf.values ?? []).map((value) => byValue.get(value) ?? { value, count: 0, sessions: [] });
    const outside = counted.filter((entry) => !(leaf.values ?? []).includes(entry.value));
    return { path: leaf.path, kind: 'enum', answered, values: [...values, ...outside] };
  }
  return { path: leaf.path, kind: 'text', answered, distinct: counted.length, top: counted.slice(0, options.topValues) };
}

/**
 * A {@link ReportBuilder}: add lines (with their sessions for the patterns), then build.
 *
 * @category Reports
 */
export function createReportBuilder(options: ReportOptions = {}): ReportBuilder {
  const settings: Required<ReportOptions> = { minSessions: options.minSessions ?? 2, topValues: options.topValues ?? 10, bins: options.bins ?? 10 };
  const entries = new Map<string, Entry>();
  return {
    add(line, session) {
      const ref = refOf(line);
      if (session === undefined) entries.set(line.file, { line, ref });
      else if ('unread' in session) entries.set(line.file, { line, ref, unread: session.unread });
      else entries.set(line.file, { line, ref, patterns: sessionPatterns(session) });
    },
    build: () => buildFromEntries([...entries.values()], settings),
  };
}

function buildFromEntries(entries: readonly Entry[], options: Required<ReportOptions>): ReportData {
  const results = entries.flatMap((entry) => (isResultLine(entry.line) ? [{ line: entry.line, ref: entry.ref }] : []));
  const failures = countValues(entries.flatMap((entry) => ('error' in entry.line ? [[entry.line.error.code, entry.ref] as const] : [])));
  const tokens = { prompt: 0, output: 0, total: 0, estimated: false };
  const byModel = new Map<string, { prompt: number; output: number }>();
  // Every line that carries tokens: a failed session's answers (an invalid or ungrounded one) were paid for too.
  for (const { line } of entries) {
    if (line.tokens === undefined || line.model === undefined) continue;
    tokens.prompt += line.tokens.prompt;
    tokens.output += line.tokens.output;
    tokens.total += line.tokens.total;
    tokens.estimated ||= line.tokens.estimated === true;
    const model = byModel.get(line.model) ?? { prompt: 0, output: 0 };
    model.prompt += line.tokens.prompt;
    model.output += line.tokens.output;
    byModel.set(line.model, model);
  }
  let usd: number | null = 0;
  const unpriced: string[] = [];
  for (const [model, used] of byModel) {
    const cost = estimateCost(model, used.prompt, used.output);
    if (cost === undefined) unpriced.push(model);
    else if (usd !== null) usd += cost;
  }
  if (unpriced.length > 0) usd = null;

  const grounded = results.filter(({ line }) => line.grounding !== undefined);
  const grounding =
    grounded.length === 0
      ? undefined
      : {
          scored: grounded.length,
          mean: mean(grounded.map(({ line }) => line.grounding?.score ?? 0)),
          buckets: GROUNDING_BUCKETS.map((bucket, index) => {
            const above = index === 0 ? Number.POSITIVE_INFINITY : (GROUNDING_BUCKETS[index - 1] as (typeof GROUNDING_BUCKETS)[number]).min;
            const inside = grounded.filter(({ line }) => {
              const score = line.grounding?.score ?? 0;
              return index === 0 ? score >= 1 : score >= bucket.min && score < above;
            });
            return { label: bucket.label, count: inside.length, sessions: byFile(inside.map(({ ref }) => ref)) };
          }),
          unsupported: grounded.reduce((sum, { line }) => sum + (line.grounding?.unsupported.length ?? 0), 0),
          dropped: grounded.reduce((sum, { line }) => sum + (line.grounding?.dropped.length ?? 0), 0),
        };

  // Fields: the leaves of every response schema met, in the order first met.
  const leaves = new Map<string, FieldLeaf>();
  let structured = 0;
  for (const { line } of results) {
    if (!('response' in line.result)) continue;
    structured++;
    for (const leaf of fieldLeaves(line.result.response_schema)) if (!leaves.has(leaf.path)) leaves.set(leaf.path, leaf);
  }
  const fields = [...leaves.values()].flatMap((leaf) => fieldOf(leaf, results, options) ?? []);

  const read = entries.filter((entry) => entry.patterns !== undefined);
  const patterns = Object.fromEntries(PATTERN_KINDS.map((kind) => [kind, patternsOf(kind, read, kind === 'exit_pages' ? 1 : options.minSessions)])) as Record<PatternKind, Pattern[]>;
  return {
    totals: {
      sessions: entries.length,
      ok: results.length,
      failed: entries.length - results.length,
      failures,
      repaired: results.filter(({ line }) => (line.repairs ?? []).length > 0).length,
      tokens,
      cost: { usd, models: [...byModel.keys()], unpriced },
      ms: { total: results.reduce((sum, { line }) => sum + line.ms, 0), median: median(results.map(({ line }) => line.ms)) },
    },
    grounding,
    structured,
    fields,
    patterns,
    minSessions: options.minSessions,
    unread: entries.flatMap((entry) => (entry.unread === undefined ? [] : [{ file: entry.line.file, message: entry.unread }])),
    read: read.length,
    setups: collectSetups(entries.map((entry) => entry.line)),
  };
}

function patternsOf(kind: PatternKind, entries: readonly Entry[], minSessions: number): Pattern[] {
  const byLabel = new Map<string, { count: number; sessions: SessionRef[] }>();
  for (const entry of entries) {
    for (const [label, count] of entry.patterns?.get(kind) ?? []) {
      let pattern = byLabel.get(label);
      if (pattern === undefined) byLabel.set(label, (pattern = { count: 0, sessions: [] }));
      pattern.count += count;
      pattern.sessions.push(entry.ref);
    }
  }
  return [...byLabel]
    .filter(([, pattern]) => pattern.sessions.length >= minSessions)
    .map(([label, pattern]) => ({ label, count: pattern.count, sessions: byFile(pattern.sessions) }))
    .sort((a, b) => b.sessions.length - a.sessions.length || b.count - a.count || (a.label < b.label ? -1 : 1));
}

/**
 * The report data of many-session results: totals (sessions, failures by code, tokens and cost,
 * model time), the grounding score distribution, the distribution of every field of the
 * structured responses with the sessions behind each value, and the patterns that recur in the
 * sessions' events (given through `sessionOf`; without it, no patterns). The last line of each
 * file counts, so a resumed run's file reads right.
 *
 * @param results - The lines of one or more results files.
 * @param sessionOf - The recorded session of a line, for the patterns: a session, `{ unread }`
 * with why it could not be read, or undefined to leave it out of the patterns.
 * @example
 * ```ts
 * import { buildReport, loadSession, readResultsFile } from 'recap';
 *
 * const { lines } = await readResultsFile('results.jsonl');
 * const sessions = new Map();
 * for (const line of lines) sessions.set(line.file, await loadSession(line.file));
 * const report = buildReport(lines, (line) => sessions.get(line.file));
 * console.log(report.totals.failed, report.patterns.rage_clicks[0]);
 * ```
 * @category Reports
 */
export function buildReport(
  results: Iterable<ResultLine>,
  sessionOf?: (line: ResultLine) => Session | { readonly unread: string } | undefined,
  options: ReportOptions = {},
): ReportData {
  const builder = createReportBuilder(options);
  for (const line of results) builder.add(line, sessionOf?.(line));
  return builder.build();
}

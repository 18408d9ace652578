// The human report: failures first with expected vs actual (and diffs), then passes and totals.

import type { AssertionResult } from '../assertion-result.js';
import type { BaselineComparison } from '../baseline.js';
import type { CaseReport, TestReport, UsageTotals } from '../test-report.js';
import { breakWorkflowCommands } from './break-workflow-commands.js';
import { printable } from '../../session/printable.js';

export interface PrettyOptions {
  readonly color: boolean;
  readonly baseline?: { readonly file: string; readonly comparison: BaselineComparison } | undefined;
}

type Paint = (text: string) => string;

function palette(color: boolean): Record<'red' | 'green' | 'yellow' | 'dim' | 'bold', Paint> {
  const wrap = (open: number, close: number): Paint => (color ? (text) => `\u001b[${open}m${text}\u001b[${close}m` : (text) => text);
  return { red: wrap(31, 39), green: wrap(32, 39), yellow: wrap(33, 39), dim: wrap(2, 22), bold: wrap(1, 22) };
}

const indent = (text: string, by: string) => text.split('\n').map((line) => `${by}${line}`).join('\n');
const json = (value: unknown) => (typeof value === 'string' ? JSON.stringify(value) : JSON.stringify(value));

function assertionLines(assertion: AssertionResult, paint: ReturnType<typeof palette>, prefix = ''): string[] {
  const lines = [`  ${paint.red('✗')} ${prefix}${assertion.id}: ${assertion.message}`];
  if (assertion.expected !== undefined) lines.push(`      ${paint.green('expected:')} ${json(assertion.expected)}`);
  if (assertion.actual !== undefined) lines.push(`      ${paint.red('actual:  ')} ${json(assertion.actual)}`);
  if (assertion.diff !== undefined) {
    const colored = assertion.diff
      .split('\n')
      .map((line) => (line.startsWith('-') ? paint.green(line) : line.startsWith('+') ? paint.red(line) : paint.dim(line)));
    lines.push(`      ${paint.dim('--- snapshot  +++ prompt now')}`, indent(colored.join('\n'), '      '));
  }
  return lines;
}

function failureBlock(file: string, item: CaseReport, paint: ReturnType<typeof palette>): string[] {
  const lines = [`${paint.red(paint.bold('FAIL'))}  ${file} › ${item.name}  ${paint.dim(`(${file}:${item.line})`)}`];
  for (const assertion of item.prompt_assertions) if (!assertion.passed) lines.push(...assertionLines(assertion, paint));
  const repeated = item.runs.length > 1;
  if (repeated) lines.push(`  ${item.passed_runs}/${item.runs.length} runs passed, threshold ${item.threshold}`);
  for (const run of item.runs) {
    if (run.passed) continue;
    for (const assertion of run.assertions) if (!assertion.passed) lines.push(...assertionLines(assertion, paint, repeated ? `run ${run.run + 1}: ` : ''));
    if (run.result !== null && !repeated) {
      lines.push(`      ${paint.dim('answer:')} ${paint.dim(JSON.stringify(run.result).slice(0, 400))}`);
    }
  }
  return lines;
}

function usageLine(label: string, usage: UsageTotals): string {
  const unknown = usage.calls_without_usage ?? 0;
  const cost =
    usage.cost_usd !== null
      ? `$${usage.cost_usd.toFixed(4)}`
      : unknown > 0
        ? `cost unknown (${unknown} call(s) reported no token usage)`
        : 'cost unknown (model not in the price table)';
  const tokens = `${usage.prompt_tokens.toLocaleString('en')} prompt + ${usage.output_tokens.toLocaleString('en')} output tokens${unknown > 0 ? ` and ${unknown} call(s) of unknown tokens` : ''}`;
  return `${label} ${usage.calls} (${tokens}, ${cost})`;
}

/** Every string of a value made safe to print (case names, messages, prompt diffs hold recorded text). */
function printableDeep<T>(value: T): T {
  if (typeof value === 'string') return printable(value) as T;
  if (Array.isArray(value)) return value.map(printableDeep) as T;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, printableDeep(item)])) as T;
  }
  return value;
}

/**
 * The pretty report as text, safe to print on a terminal and in a CI log: control and bidi
 * characters of the report's texts are shown as \u escapes, and a line a model answer starts with
 * `::` (a multi-line judge reason) shows its first colon as `\u003a`, so that GitHub's runner does
 * not run it as a workflow command.
 */
export function prettyReport(unsafe: TestReport, options: PrettyOptions): string {
  const report = printableDeep(unsafe);
  const paint = palette(options.color);
  const out: string[] = [];
  const failures = report.suites.flatMap((suite) => suite.cases.filter((item) => item.status === 'failed').map((item) => ({ suite, item })));
  for (const { suite, item } of failures) out.push(...failureBlock(suite.file, item, paint), '');
  for (const suite of report.suites) {
    for (const item of suite.cases) {
      if (item.status === 'passed') out.push(`${paint.green('PASS')}  ${suite.file} › ${item.name} ${paint.dim(`(${Math.round(item.duration_ms)} ms)`)}`);
    }
  }
  const { cases, passed, failed } = report.summary;
  out.push(
    '',
    `Cases:   ${failed > 0 ? paint.red(`${failed} failed`) : paint.green('all passed')}, ${passed} passed, ${cases} total (${(report.duration_ms / 1000).toFixed(2)} s)`,
    usageLine('Model calls, live:    ', report.usage.live),
    usageLine('Model calls, replayed:', report.usage.replayed).replace(/\$/, 'recorded cost $'),
  );
  if (options.baseline !== undefined) {
    const { file, comparison } = options.baseline;
    out.push(
      comparison.compared === 0
        ? `Baseline ${file}: ${paint.yellow('no case in common with this run; nothing compared')}`
        : `Baseline ${file}: ${comparison.newlyFailing.length} newly failing, ${comparison.newlyPassing.length} newly passing, ${comparison.changedAnswers.length} answer(s) changed`,
    );
    for (const key of comparison.newlyFailing) out.push(`  ${paint.red('newly failing:')} ${key}`);
    for (const key of comparison.regressedAssertions) out.push(`  ${paint.red('regressed:')} ${key}`);
    for (const key of comparison.newlyPassing) out.push(`  ${paint.green('newly passing:')} ${key}`);
    for (const key of comparison.changedAnswers) out.push(`  ${paint.yellow('answer changed:')} ${key}`);
  }
  return breakWorkflowCommands(`${out.join('\n')}\n`, '\\u003a');
}

// Compares a run with an earlier JSON report: what newly fails, what newly passes, which answers
// changed. A regression (a case or an assertion that passed and now fails) fails the run.

import { readFailure } from '../session/read-failure.js';
import { readUtf8File } from '../session/read-utf8-file.js';
import { isDeepStrictEqual } from 'node:util';
import { testReportSchema, type CaseReport, type TestReport } from './test-report.js';

export interface BaselineComparison {
  /** Cases that passed in the baseline and fail now. */
  readonly newlyFailing: readonly string[];
  /** Cases that failed in the baseline and pass now. */
  readonly newlyPassing: readonly string[];
  /** Assertions that passed in the baseline and fail now, as `case › assertion`. */
  readonly regressedAssertions: readonly string[];
  /** Cases whose answers differ from the baseline's. */
  readonly changedAnswers: readonly string[];
  /** Cases of this run that the baseline has (matched by suite file and case name). */
  readonly compared: number;
  /** True when anything regressed. */
  readonly regressed: boolean;
}

/**
 * Reads a JSON report written by `--reporter json`. Throws with the file named (as `shown`, default
 * `file`) when it cannot be read or is not one.
 */
export async function readBaseline(file: string, shown = file): Promise<TestReport> {
  let text: string;
  try {
    text = await readUtf8File(file);
  } catch (error) {
    throw new Error(`${shown}: cannot read the baseline report: ${readFailure(error)}`);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new Error(`${shown}: the baseline report is not JSON: ${(error as Error).message}`);
  }
  const result = testReportSchema.safeParse(data);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new Error(`${shown}: not a recap JSON report (${issue?.path.join('.') ?? ''}: ${issue?.message ?? ''})`);
  }
  return result.data;
}

const caseKey = (file: string, name: string) => `${file} › ${name}`;

function casesByKey(report: TestReport): Map<string, CaseReport> {
  return new Map(report.suites.flatMap((suite) => suite.cases.map((item) => [caseKey(suite.file, item.name), item] as const)));
}

function passedAssertions(item: CaseReport): Set<string> {
  const ids = item.prompt_assertions.filter((assertion) => assertion.passed).map((assertion) => assertion.id);
  for (const run of item.runs) ids.push(...run.assertions.filter((assertion) => assertion.passed).map((assertion) => `run[${run.run}].${assertion.id}`));
  return new Set(ids);
}

function failedAssertions(item: CaseReport): string[] {
  const ids = item.prompt_assertions.filter((assertion) => !assertion.passed).map((assertion) => assertion.id);
  for (const run of item.runs) ids.push(...run.assertions.filter((assertion) => !assertion.passed).map((assertion) => `run[${run.run}].${assertion.id}`));
  return ids;
}

/** Compares `current` with `baseline`, case by case (matched by suite file and case name). */
export function compareWithBaseline(current: TestReport, baseline: TestReport): BaselineComparison {
  const before = casesByKey(baseline);
  const newlyFailing: string[] = [];
  const newlyPassing: string[] = [];
  const regressedAssertions: string[] = [];
  const changedAnswers: string[] = [];
  let compared = 0;
  for (const [key, item] of casesByKey(current)) {
    const previous = before.get(key);
    if (previous === undefined) continue;
    compared++;
    if (previous.status === 'passed' && item.status === 'failed') newlyFailing.push(key);
    if (previous.status === 'failed' && item.status === 'passed') newlyPassing.push(key);
    const passedBefore = passedAssertions(previous);
    for (const id of failedAssertions(item)) if (passedBefore.has(id)) regressedAssertions.push(`${key} › ${id}`);
    const answers = (report: CaseReport) => report.runs.map((run) => run.result ?? run.error);
    if (!isDeepStrictEqual(answers(previous), answers(item))) changedAnswers.push(key);
  }
  return {
    newlyFailing,
    newlyPassing,
    regressedAssertions,
    changedAnswers,
    compared,
    regressed: newlyFailing.length > 0 || regressedAssertions.length > 0,
  };
}

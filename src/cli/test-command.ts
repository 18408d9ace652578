// `recap test [paths...]`: run regression suites (docs/suites.md).

import path from 'node:path';
import { compareWithBaseline, readBaseline, type BaselineComparison } from '../suite/baseline.js';
import { findSuites } from '../suite/find-suites.js';
import { loadSuites, SuiteLoadError } from '../suite/load-suites.js';
import { loadPriceTable } from '../suite/price-table.js';
import { githubAnnotations } from '../suite/reporters/github-annotations.js';
import { junitReport } from '../suite/reporters/junit-reporter.js';
import { prettyReport } from '../suite/reporters/pretty-reporter.js';
import { createProgress } from '../suite/reporters/progress.js';
import { runSuites, selectedCases, unreplayedCassettes, type RunSuitesOptions } from '../suite/run-suites.js';
import { MAX_REPEAT } from '../suite/suite-schema.js';
import type { TestReport } from '../suite/test-report.js';
import { patternProblem, textPattern } from '../suite/text-pattern.js';
import type { CliIo } from './cli-io.js';
import { EXIT_FAILED, EXIT_OK, EXIT_USAGE } from './exit-codes.js';
import { reportOutputProblem } from './report-output-problem.js';
import { runInputs } from './suite-run-inputs.js';
import { UsageError } from './usage-error.js';
import { plainWholeNumber } from './plain-whole-number.js';
import { writeFileReplacing } from '../files/write-file-replacing.js';
import { terminalJson } from './terminal-json.js';

export interface TestOptions {
  readonly reporter?: string;
  readonly output?: string;
  readonly update?: boolean;
  readonly record?: boolean;
  readonly repeat?: string;
  readonly baseline?: string;
  readonly concurrency?: string;
  readonly filter?: string;
  readonly prices?: string;
  readonly cassetteNote?: string;
  readonly privacy?: string;
}

const REPORTERS = ['pretty', 'junit', 'json'] as const;

/** CI is set to anything but an empty string, `false` or `0`. */
export function isCi(env: Readonly<Record<string, string | undefined>>): boolean {
  const value = env.CI;
  return value !== undefined && value !== '' && value !== 'false' && value !== '0';
}

/** `--repeat` has the cap of a suite's own `repeat:`. */
const REPEAT_BOUNDS = { min: 1, max: MAX_REPEAT };
/** More cases in flight than this only meets the vendors' rate limits sooner. */
const CONCURRENCY_BOUNDS = { min: 1, max: 64 };

/** Plain decimal digits within the bounds; not what Number() also takes (`1e9`, `0x10`, `2.0`, ` 3`). */
function wholeNumber(value: string | undefined, flag: string, bounds: { readonly min: number; readonly max: number }): number | undefined {
  if (value === undefined) return undefined;
  const parsed = plainWholeNumber(value) ?? Number.NaN;
  if (!(parsed >= bounds.min && parsed <= bounds.max)) {
    throw new UsageError(`${flag}: expected a whole number from ${bounds.min} to ${bounds.max}, got "${value}"`);
  }
  return parsed;
}

/** Cases match by suite path as seen from the working directory, so a run from elsewhere matches none. */
function noOverlapWarning(file: string, baseline: TestReport, report: TestReport): string {
  const example = (from: TestReport) => JSON.stringify(from.suites.find((suite) => suite.cases.length > 0)?.file ?? '');
  return (
    `warning: --baseline ${file} shares no case with this run, so nothing was compared: cases match by suite file (relative to ` +
    `the working directory) and case name; the baseline has ${example(baseline)}, this run ${example(report)}. ` +
    'Run from the folder the baseline was made in.'
  );
}

/** Runs the command with injectable extras (tests pass a model factory and a fake clock). */
export async function testCommand(
  paths: readonly string[],
  options: TestOptions,
  io: CliIo,
  extras: Pick<RunSuitesOptions, 'createModel' | 'retry' | 'now' | 'clock'> = {},
): Promise<number> {
  let comparison: { file: string; comparison: BaselineComparison } | undefined;
  try {
    const reporter = options.reporter ?? 'pretty';
    if (!(REPORTERS as readonly string[]).includes(reporter)) throw new UsageError(`--reporter: expected pretty, junit or json, got "${reporter}"`);
    const output = options.output;
    if (output !== undefined && reporter === 'pretty') {
      throw new UsageError(`--output ${output}: goes with --reporter junit or json; the pretty report always goes to stdout`);
    }
    const repeat = wholeNumber(options.repeat, '--repeat', REPEAT_BOUNDS);
    const concurrency = wholeNumber(options.concurrency, '--concurrency', CONCURRENCY_BOUNDS) ?? 4;
    const filterProblem = options.filter === undefined ? undefined : patternProblem(options.filter);
    if (filterProblem !== undefined) throw new UsageError(`--filter: ${filterProblem}`);
    const filter = options.filter === undefined ? undefined : textPattern(options.filter);
    const files = await findSuites(paths, io.cwd).catch((error: unknown) => {
      throw new UsageError((error as Error).message);
    });
    if (files.length === 0) throw new UsageError(`no suites (*.recap.yaml) under ${paths.length === 0 ? io.cwd : paths.join(', ')}`);
    const suites = await loadSuites(files, io.cwd, { privacy: options.privacy });
    // Suites that share a profile share its warnings: each is shown once.
    for (const warning of new Set(suites.flatMap((suite) => suite.warnings))) io.stderr.write(`${warning}\n`);
    const baseline = options.baseline === undefined ? undefined : await readBaseline(path.resolve(io.cwd, options.baseline), `--baseline ${options.baseline}`);
    const pricesFile = options.prices === undefined ? undefined : path.resolve(io.cwd, options.prices);
    const prices = await loadPriceTable(pricesFile, options.prices);
    if (output !== undefined) {
      // Before any case runs: a report that cannot be written, or would replace an input, is a usage error.
      // --privacy FILE, or each profile's privacy.yaml (as shown, relative to the working directory).
      const privacyFiles = [...new Set(suites.flatMap((suite) => (suite.privacy === undefined ? [] : [path.resolve(io.cwd, suite.privacy.file)])))];
      const problem = await reportOutputProblem(output, io.cwd, runInputs(suites, pricesFile, privacyFiles));
      if (problem !== undefined) throw new UsageError(`--output ${output}: ${problem}`);
    }

    const unreplayed = await unreplayedCassettes(suites, io.env);
    if (unreplayed.length > 0) throw new SuiteLoadError(unreplayed);
    const selected = selectedCases(suites, filter);
    // A filter that matches nothing would report "all passed" with nothing run: a typo must not pass CI.
    if (selected === 0) {
      const names = suites.flatMap((suite) => suite.suite.cases.map((testCase) => JSON.stringify(testCase.name)));
      const shown = names.length > 5 ? `${names.slice(0, 5).join(', ')}, …` : names.join(', ');
      throw new UsageError(`--filter ${options.filter ?? ''}: matches none of the ${names.length} case(s) (${shown}); nothing was run`);
    }
    const progress = createProgress(io.stderr, selected);
    const report = await runSuites(suites, {
      env: io.env,
      ci: isCi(io.env),
      update: options.update === true,
      record: options.record === true,
      repeat,
      filter,
      concurrency,
      cassetteNote: options.cassetteNote,
      prices,
      onCaseDone: (suite, caseReport) => progress.caseDone(suite.displayFile, caseReport),
      ...extras,
    });
    progress.finish();
    if (baseline !== undefined) {
      comparison = { file: options.baseline ?? '', comparison: compareWithBaseline(report, baseline) };
      const noOverlap = comparison.comparison.compared === 0 && report.summary.cases > 0 && baseline.summary.cases > 0;
      if (noOverlap) io.stderr.write(`${noOverlapWarning(comparison.file, baseline, report)}\n`);
    }

    const color = io.stdout.isTTY === true && io.env.NO_COLOR === undefined;
    const machine = reporter === 'junit' ? junitReport(report) : reporter === 'json' ? `${terminalJson(report, 2)}\n` : undefined;
    if (machine !== undefined && output !== undefined) {
      // Whole or not at all: a run killed while it writes leaves the earlier report (maybe the --baseline) as it was.
      await writeFileReplacing(path.resolve(io.cwd, output), machine).catch((error: unknown) => {
        throw new UsageError(`--output ${output}: cannot write the report: ${(error as Error).message}`);
      });
    }
    if (machine !== undefined && output === undefined) io.stdout.write(machine);
    else io.stdout.write(prettyReport(report, { color, baseline: comparison }));
    // The runner reads workflow commands on stdout and stderr alike: next to a report on stdout
    // they go to stderr, so that the report stays a whole JSON or XML document.
    if (io.env.GITHUB_ACTIONS !== undefined && io.env.GITHUB_ACTIONS !== '') {
      (machine !== undefined && output === undefined ? io.stderr : io.stdout).write(githubAnnotations(report));
    }

    const failed = report.summary.failed > 0 || comparison?.comparison.regressed === true;
    return failed ? EXIT_FAILED : EXIT_OK;
  } catch (error) {
    if (error instanceof SuiteLoadError || error instanceof UsageError) {
      io.stderr.write(`${error.message}\n`);
      return EXIT_USAGE;
    }
    io.stderr.write(`error: ${(error as Error).message}\n`);
    return EXIT_USAGE;
  }
}

// Runs loaded suites: one model set-up per suite, cases in parallel, a report at the end.

import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { createModel, resolveProvider, type Environment, type ModelSettings } from '../models/create-model.js';
import { defaultModelFor } from '../models/default-models.js';
import type { RetryOptions } from '../models/retrying-fetch.js';
import type { ModelResponse, SummaryModel } from '../models/summary-model.js';
import { callsUntilAskedToWait, type RefusedWaits } from './calls-until-asked-to-wait.js';
import { cassetteDirectory, createCassetteModel, createMeteredModel, type CassettePolicy } from './cassette-model.js';
import type { LoadedSuite } from './load-suites.js';
import { mapConcurrently } from './map-concurrently.js';
import { costOf, DEFAULT_PRICES, type PriceTable } from './price-table.js';
import { runCase } from './run-case.js';
import { shellQuote } from './shell-quote.js';
import { fileSnapshotStore } from './snapshot-store.js';
import { caseFilters, type TextPattern } from './text-pattern.js';
import type { CaseReport, SuiteReport, TestReport, UsageTotals } from './test-report.js';
import { createUsageMeter, type ModelTotals } from './usage-meter.js';

export interface RunSuitesOptions {
  readonly env: Environment;
  /** CI is set: missing cassettes and snapshots fail instead of being written. */
  readonly ci: boolean;
  readonly update?: boolean;
  readonly record?: boolean;
  readonly repeat?: number | undefined;
  readonly filter?: TextPattern | undefined;
  /** Cases in flight at once. Default 4. */
  readonly concurrency?: number;
  /** Saved in recorded cassettes as their source. Default: the provider and its address. */
  readonly cassetteNote?: string | undefined;
  readonly prices?: PriceTable;
  /** Builds live models; tests pass a fake. Default createModel. */
  readonly createModel?: (settings: ModelSettings) => Promise<SummaryModel>;
  readonly retry?: RetryOptions;
  readonly now?: () => Date;
  readonly clock?: () => number;
  /** Called as each case finishes, for progress. */
  readonly onCaseDone?: (suite: LoadedSuite, report: CaseReport) => void;
}

/** The cases that will run, for a progress bar's total. */
export function selectedCases(suites: readonly LoadedSuite[], filter: TextPattern | undefined): number {
  return suites.reduce((total, suite) => total + suite.suite.cases.filter((testCase) => filter?.test(testCase.name) ?? true).length, 0);
}

function totals(map: ReadonlyMap<string, ModelTotals>, prices: PriceTable): UsageTotals {
  let cost: number | null = 0;
  const sum = { calls: 0, prompt_tokens: 0, output_tokens: 0, calls_without_usage: 0 };
  for (const [model, entry] of map) {
    sum.calls += entry.calls;
    sum.prompt_tokens += entry.promptTokens;
    sum.output_tokens += entry.outputTokens;
    sum.calls_without_usage += entry.callsWithoutUsage;
    const price = costOf(model, entry, prices);
    cost = cost === null || price === undefined ? null : cost + price;
  }
  return { ...sum, cost_usd: cost === null ? null : Math.round(cost * 1e6) / 1e6 };
}

/**
 * Suites that name no provider, would be answered by the rule-based summariser (no key in the
 * environment, as in CI), and hold cassettes recorded with a language model: their recorded
 * answers would never be replayed, and the cases would be judged on another model's answers. One
 * line per suite, naming what to set.
 */
export async function unreplayedCassettes(suites: readonly LoadedSuite[], env: Environment): Promise<string[]> {
  const problems: string[] = [];
  for (const loaded of suites) {
    if (loaded.suite.provider !== undefined || resolveProvider({ env }) !== 'extractive') continue;
    if (!loaded.suite.cases.some((testCase) => testCase.expect !== undefined)) continue;
    const directory = cassetteDirectory(loaded.file);
    const files = (await readdir(directory).catch(() => [])).filter((name) => /^[0-9a-f]{64}\.json$/.test(name));
    if (files.length === 0) continue;
    const recorded = await readFile(path.join(directory, files[0] as string), 'utf8')
      .then((text) => JSON.parse(text) as { provider?: unknown; model?: unknown })
      .catch(() => ({}) as { provider?: unknown; model?: unknown });
    const provider = typeof recorded.provider === 'string' ? recorded.provider : 'gemini or openai';
    const model = typeof recorded.model === 'string' ? ` (model ${recorded.model})` : '';
    problems.push(
      `${loaded.displayFile}: names no provider, and with no model key in the environment the rule-based summariser (extractive) would answer its cases, ` +
        `so its ${files.length} cassette(s) in ${cassetteDirectory(loaded.displayFile)}, recorded with ${provider}${model}, would not be replayed: ` +
        `set provider: ${provider === 'gemini or openai' ? 'gemini or openai' : provider} in the suite (or provider: extractive to mean the rule-based summariser)`,
    );
  }
  return problems;
}

/** Runs every selected case of every suite and returns the report. */
export async function runSuites(suites: readonly LoadedSuite[], options: RunSuitesOptions): Promise<TestReport> {
  const now = options.now ?? (() => new Date());
  const clock = options.clock ?? (() => performance.now());
  const startedAt = now();
  const started = clock();
  const meter = createUsageMeter();
  const build = options.createModel ?? createModel;
  const recording = new Map<string, Promise<ModelResponse>>();
  const refusedWaits: RefusedWaits = new Map();

  const setups = suites.map((loaded) => {
    const provider = loaded.suite.provider ?? resolveProvider({ env: options.env });
    // As `recap run` names it: the suite's, the profile's, then (openai) OPENAI_MODEL, then the provider's default.
    const envModel = options.env.OPENAI_MODEL;
    const fromEnv = provider === 'openai' && envModel !== undefined && envModel.trim() !== '' ? envModel : undefined;
    // The `--filter` of each case, for the commands its failures suggest: built once per suite.
    const filterFor = caseFilters(loaded.suite.cases.map((testCase) => testCase.name));
    return { loaded, provider, model: loaded.suite.model ?? loaded.profile.llm?.model ?? fromEnv ?? defaultModelFor(provider), filterFor };
  });
  const jobs = setups.flatMap(({ loaded, provider, model, filterFor }) => {
    let liveModel: Promise<SummaryModel> | undefined;
    const live = () => (liveModel ??= build({ provider, model, env: options.env, retry: options.retry }).then((built) => callsUntilAskedToWait(built, refusedWaits)));
    const meteredExtractive = provider === 'extractive' ? live().then((built) => createMeteredModel(built, meter)) : undefined;
    const policy = (testName: string): CassettePolicy => ({
      directory: cassetteDirectory(loaded.file),
      displayDirectory: cassetteDirectory(loaded.displayFile),
      provider: provider === 'replay' ? 'gemini' : provider,
      model,
      ci: options.ci || provider === 'replay',
      record: provider === 'replay' ? false : options.record === true,
      recordCommand:
        (provider === 'replay' ? `provider: gemini or openai in ${loaded.displayFile} (replay only replays), then ` : '') +
        `npx recap test ${shellQuote(loaded.displayFile)} --filter ${shellQuote(filterFor(testName))} --record`,
      missReason: provider === 'replay' ? 'with provider: replay' : 'in CI',
      source:
        options.cassetteNote ??
        `${provider} ${model} via ${options.env[provider === 'openai' ? 'OPENAI_BASE_URL' : 'GOOGLE_GEMINI_BASE_URL'] ?? 'the vendor API'}`,
      now,
      live,
      meter,
      recording,
    });
    return loaded.suite.cases.flatMap((testCase, index) =>
      options.filter !== undefined && !options.filter.test(testCase.name)
        ? []
        : [{ loaded, testCase, line: loaded.caseLines[index] ?? 1, provider, model, policy: policy(testCase.name), meteredExtractive, filterFor }],
    );
  });

  const reports = await mapConcurrently(jobs, options.concurrency ?? 4, async (job) => {
    const extractive = job.meteredExtractive === undefined ? undefined : await job.meteredExtractive;
    const report = await runCase({
      testCase: job.testCase,
      line: job.line,
      profile: job.loaded.profile,
      privacy: job.loaded.privacy?.rules,
      session: job.loaded.sessions.get(job.testCase.session) as NonNullable<ReturnType<LoadedSuite['sessions']['get']>>,
      snapshot: {
        store: fileSnapshotStore(job.loaded.file, job.loaded.displayFile),
        caseName: job.testCase.name,
        update: options.update === true,
        ci: options.ci,
        updateCommand: `npx recap test ${shellQuote(job.loaded.displayFile)} --filter ${shellQuote(job.filterFor(job.testCase.name))} --update`,
      },
      modelForRun: (run) => extractive ?? createCassetteModel(job.policy, run),
      repeat: options.repeat,
      clock,
    });
    options.onCaseDone?.(job.loaded, report);
    return report;
  });

  // Each suite's cases in one pass over the jobs (not one pass per suite: a run may hold many suites).
  const casesOf = new Map<LoadedSuite, CaseReport[]>(suites.map((loaded) => [loaded, []]));
  jobs.forEach((job, index) => casesOf.get(job.loaded)?.push(reports[index] as CaseReport));
  const suiteReports: SuiteReport[] = setups.map(({ loaded, provider, model }) => ({
    file: loaded.displayFile,
    profile: loaded.suite.profile,
    provider,
    model,
    cases: casesOf.get(loaded) ?? [],
  }));
  const cases = reports.length;
  const passedCases = reports.filter((report) => report.status === 'passed').length;
  const prices = options.prices ?? DEFAULT_PRICES;
  return {
    recap_report: 1,
    started_at: startedAt.toISOString(),
    duration_ms: Math.round(clock() - started),
    summary: { cases, passed: passedCases, failed: cases - passedCases },
    usage: { live: totals(meter.live, prices), replayed: totals(meter.replayed, prices) },
    suites: suiteReports,
  };
}

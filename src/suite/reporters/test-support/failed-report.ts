// A test report of one suite with one failed case, for the reporters' tests.

import type { AssertionResult } from '../../assertion-result.js';
import type { TestReport } from '../../test-report.js';

export interface FailedCase {
  readonly file?: string;
  readonly name: string;
  /** The case's failure line. */
  readonly failure: string;
  /** The failed run's assertions and answer; no run without them. */
  readonly run?: { readonly assertions: AssertionResult[]; readonly summary?: string };
}

/** The report of `failed`, model `m` on gemini, line 4, 5 ms. */
export function failedReport(failed: FailedCase): TestReport {
  const runs = failed.run === undefined ? [] : [{ run: 0, passed: false, result: failed.run.summary === undefined ? null : { summary: failed.run.summary }, error: null, assertions: failed.run.assertions }];
  return {
    recap_report: 1,
    started_at: '2026-01-01T00:00:00.000Z',
    duration_ms: 5,
    summary: { cases: 1, passed: 0, failed: 1 },
    usage: { live: { calls: 0, prompt_tokens: 0, output_tokens: 0, cost_usd: 0 }, replayed: { calls: 0, prompt_tokens: 0, output_tokens: 0, cost_usd: 0 } },
    suites: [
      {
        file: failed.file ?? 'x.recap.yaml',
        profile: 'p.yaml',
        provider: 'gemini',
        model: 'm',
        cases: [{ name: failed.name, line: 4, status: 'failed', duration_ms: 5, prompt_assertions: [], runs, passed_runs: 0, threshold: 1, failure: failed.failure }],
      },
    ],
  };
}

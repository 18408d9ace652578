// The result of a `recap test` run; its JSON form (`--reporter json`) is stable and documented,
// and `--baseline` reads it back.

import { z } from 'zod';

const assertionSchema = z.object({
  id: z.string(),
  passed: z.boolean(),
  message: z.string(),
  expected: z.unknown().optional(),
  actual: z.unknown().optional(),
  diff: z.string().optional(),
});

const runSchema = z.object({
  /** 0-based run of the case (`repeat`). */
  run: z.number().int(),
  passed: z.boolean(),
  /**
   * The summary result (see docs/profiles.md#response-schemas-and-results), or null when the run
   * got no valid answer.
   */
  result: z.unknown().nullable(),
  error: z.string().nullable(),
  assertions: z.array(assertionSchema),
});

const caseSchema = z.object({
  name: z.string(),
  /** 1-based line of the case in the suite file. */
  line: z.number().int(),
  status: z.enum(['passed', 'failed']),
  duration_ms: z.number(),
  /** Prompt assertions (checked once per case). */
  prompt_assertions: z.array(assertionSchema),
  /** Model runs: `repeat` of them when the case has answer assertions, else none. */
  runs: z.array(runSchema),
  passed_runs: z.number().int(),
  threshold: z.number(),
  /** Why the case failed, in one line. */
  failure: z.string().nullable(),
});

const suiteReportSchema = z.object({
  file: z.string(),
  profile: z.string(),
  provider: z.string(),
  model: z.string(),
  cases: z.array(caseSchema),
});

const totalsSchema = z.object({
  calls: z.number(),
  prompt_tokens: z.number(),
  output_tokens: z.number(),
  /** Calls whose answer came without token usage (absent from reports written before it was counted). */
  calls_without_usage: z.number().optional(),
  cost_usd: z.number().nullable(),
});

export const testReportSchema = z.object({
  recap_report: z.literal(1),
  started_at: z.string(),
  duration_ms: z.number(),
  summary: z.object({ cases: z.number(), passed: z.number(), failed: z.number() }),
  usage: z.object({ live: totalsSchema, replayed: totalsSchema }),
  suites: z.array(suiteReportSchema),
});

export type TestReport = z.infer<typeof testReportSchema>;
export type SuiteReport = z.infer<typeof suiteReportSchema>;
export type CaseReport = z.infer<typeof caseSchema>;
export type RunReport = z.infer<typeof runSchema>;
export type UsageTotals = z.infer<typeof totalsSchema>;

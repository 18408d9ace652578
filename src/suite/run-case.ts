// Runs one case: prompt assertions on the prepared request, then `repeat` model runs with their
// answer assertions, and the verdict against the threshold.

import { prepare } from '../pipeline/prepare.js';
import type { PrivacyRules } from '../privacy/privacy-rules.js';
import type { Profile } from '../profile/profile-schema.js';
import type { Session } from '../session/session-schema.js';
import type { SummaryModel } from '../models/summary-model.js';
import { summarize } from '../summarize.js';
import { CassetteMissError, ModelError } from '../models/model-errors.js';
import { groundingSource } from '../grounding/ground-answer.js';
import type { AssertionResult } from './assertion-result.js';
import { checkAnswer, type AnswerUnderTest } from './check-answer.js';
import { checkPrompt, type SnapshotPolicy } from './check-prompt.js';
import { createJudge } from './judge.js';
import type { SuiteCase } from './suite-schema.js';
import type { CaseReport, RunReport } from './test-report.js';

export interface RunCaseInput {
  readonly testCase: SuiteCase;
  readonly line: number;
  readonly profile: Profile;
  readonly session: Session;
  /** Privacy rules applied before anything is rendered (`--privacy`, or privacy.yaml next to the profile). */
  readonly privacy?: PrivacyRules | undefined;
  readonly snapshot: SnapshotPolicy;
  /** The model for the n-th run of the case (each run has its own cassette). */
  readonly modelForRun: (run: number) => SummaryModel;
  /** `--repeat N`, which overrides every case's repeat. */
  readonly repeat?: number | undefined;
  readonly clock: () => number;
}

const failures = (assertions: readonly AssertionResult[]) => assertions.filter((assertion) => !assertion.passed);

/**
 * One run's report, and why it checked nothing when it did not: its recorded answer is missing, or
 * the model asked for a longer wait than recap waits (a spent quota) before it answered.
 */
interface RunOutcome {
  readonly report: RunReport;
  readonly unanswered?: 'unrecorded' | 'asked-to-wait' | undefined;
}

function unanswered(answer: AnswerUnderTest): RunOutcome['unanswered'] {
  if (!('error' in answer)) return undefined;
  if (answer.error instanceof CassetteMissError) return 'unrecorded';
  return answer.error instanceof ModelError && answer.error.refusedWaitMs !== undefined ? 'asked-to-wait' : undefined;
}

async function runOnce(input: RunCaseInput, run: number, prepared: ReturnType<typeof prepare>): Promise<RunOutcome> {
  const model = input.modelForRun(run);
  let answer: AnswerUnderTest;
  try {
    const outcome = await summarize(prepared, model, { grounding: groundingSource(input.profile, input.session, prepared) });
    answer = { result: outcome.result, grounding: outcome.grounding, repairs: outcome.repairs };
  } catch (error) {
    answer = { error: error instanceof Error ? error : new Error(String(error)) };
  }
  const assertions = await checkAnswer(answer, input.testCase.expect ?? {}, createJudge(model));
  const report = {
    run,
    passed: failures(assertions).length === 0,
    result: 'result' in answer ? answer.result : null,
    error: 'error' in answer ? answer.error.message : null,
    assertions,
  };
  return { report, unanswered: unanswered(answer) };
}

/** The case's report; never throws for a failing model or assertion. */
export async function runCase(input: RunCaseInput): Promise<CaseReport> {
  const started = input.clock();
  const { testCase } = input;
  const prepared = prepare(input.profile, input.session, { privacy: input.privacy });
  const promptAssertions = testCase.prompt === undefined ? [] : await checkPrompt(prepared, testCase.prompt, input.snapshot, input.session);
  const repeat = testCase.expect === undefined ? 0 : (input.repeat ?? testCase.repeat ?? 1);
  const threshold = testCase.threshold ?? 1;
  const outcomes: RunOutcome[] = [];
  for (let run = 0; run < repeat; run++) outcomes.push(await runOnce(input, run, prepared));
  const runs = outcomes.map((outcome) => outcome.report);
  const passedRuns = runs.filter((run) => run.passed).length;
  const promptFailures = failures(promptAssertions);
  const runsOk = repeat === 0 || passedRuns / repeat >= threshold - 1e-9;
  // A threshold forgives a model's off answers, not a recording that is missing or an answer the
  // model did not give for its quota: that run checked nothing, whatever share of the others passed.
  const unchecked = outcomes.filter((outcome) => outcome.unanswered !== undefined);
  let failure: string | null = null;
  if (promptFailures.length > 0) {
    failure = promptFailures.map((assertion) => `${assertion.id}: ${assertion.message}`).join('; ');
  } else if (unchecked.length > 0) {
    const why = unchecked.every((outcome) => outcome.unanswered === 'unrecorded') ? 'have no recorded answer' : 'got no answer';
    const share = repeat > 1 ? `${unchecked.length} of ${repeat} runs ${why}; ` : '';
    failure = `${share}${unchecked[0]?.report.error ?? ''}`;
  } else if (!runsOk) {
    const firstFailed = runs.find((run) => !run.passed);
    const reasons = failures(firstFailed?.assertions ?? []).map((assertion) => `${assertion.id}: ${assertion.message}`);
    const share = repeat > 1 ? `${passedRuns}/${repeat} runs passed (threshold ${threshold}); ` : '';
    failure = `${share}${reasons.join('; ')}`;
  }
  return {
    name: testCase.name,
    line: input.line,
    status: failure === null ? 'passed' : 'failed',
    duration_ms: Math.round((input.clock() - started) * 10) / 10,
    prompt_assertions: promptAssertions,
    runs,
    passed_runs: passedRuns,
    threshold,
    failure,
  };
}

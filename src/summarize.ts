// prepare → model → parse → validate → (one repair retry) → result (see docs/profiles.md#response-schemas-and-results).

import type { ResponseSchema } from './profile/response-schema-terms.js';
import type { PreparedRequest } from './pipeline/prepare.js';
import { InvalidAnswerError, ModelError } from './models/model-errors.js';
import type { ModelRequest, ModelResponse, SummaryModel, TokenUsage } from './models/summary-model.js';
import { parseAnswer } from './response-schema/parse-answer.js';
import type { GroundingSource } from './grounding/ground-answer.js';
import type { GroundingReport } from './grounding/grounding-report.js';
import type { ResponseValidationIssue } from './response-schema/validate-response.js';

/**
 * The result of a summary (see docs/profiles.md#response-schemas-and-results):
 * `{ summary }` without a response schema, `{ response, response_schema }` with one (the
 * upper-case schema the answer was validated against).
 *
 * @category Summaries
 */
export type SummaryResult =
  | { readonly summary: string }
  | { readonly response: Record<string, unknown>; readonly response_schema: ResponseSchema };

/**
 * Options of {@link summarize}.
 *
 * @category Summaries
 */
export interface SummarizeOptions {
  /** Aborts the model calls. */
  readonly signal?: AbortSignal;
  /** Milliseconds clock for latency; default the process's monotonic clock. */
  readonly now?: () => number;
  /**
   * What the answer is checked against ({@link groundingSource}); without it, or with the
   * profile's `llm.grounding: off`, the answer is not grounded.
   */
  readonly grounding?: GroundingSource;
}

/**
 * A repair request {@link summarize} made, and why: the answer before it was not accepted as it was.
 *
 * @category Summaries
 */
export interface SummaryRepair {
  /** `schema`: the answer did not match the response schema; `grounding`: it held unsupported claims (`llm.grounding: require`). */
  readonly reason: 'schema' | 'grounding';
  /** The problems the repair request named, as the model was told them. */
  readonly problems: string;
}

/**
 * What a repair request was for and the problems it named, on one line: `the first answer did not
 * match the response schema: outcome: must be one of "converted", "abandoned"`.
 *
 * @category Summaries
 */
export function describeRepair(repair: SummaryRepair): string {
  const why = repair.reason === 'schema' ? 'did not match the response schema' : 'held claims the session does not support (llm.grounding: require)';
  return `the answer before the repair request ${why}: ${repair.problems.trim().replace(/\s*\n\s*/g, '; ')}`;
}

/**
 * What {@link summarize} returns: a result and how it was obtained.
 *
 * @category Summaries
 */
export interface SummaryOutcome {
  readonly result: SummaryResult;
  /** The provider of the model that answered. */
  readonly provider: string;
  /** The model that answered. */
  readonly model: string;
  /** Tokens over every attempt, when the vendor reported them for every attempt; else unknown. */
  readonly usage: TokenUsage | undefined;
  /** 1, or one more for each repair request. */
  readonly attempts: number;
  /**
   * The repair requests made, in order (none: the first answer was accepted). An answer that needed
   * one is valid, but it is not what the model first said: every place that shows the result says so.
   */
  readonly repairs: readonly SummaryRepair[];
  /** Milliseconds from the first request to the accepted answer. */
  readonly latencyMs: number;
  /** The accepted answer, verbatim. */
  readonly rawText: string;
  /** The answer's claims checked against the session, when grounding ran. */
  readonly grounding?: GroundingReport;
}

/** The tokens of two attempts; unknown when either's are: never a part counted as the whole. */
function addUsage(total: TokenUsage | undefined, next: TokenUsage | undefined): TokenUsage | undefined {
  if (total === undefined || next === undefined) return undefined;
  return {
    promptTokens: total.promptTokens + next.promptTokens,
    outputTokens: total.outputTokens + next.outputTokens,
    totalTokens: total.totalTokens + next.totalTokens,
  };
}

type Checked =
  | { readonly valid: true; readonly value: Record<string, unknown> }
  | { readonly valid: false; readonly issues: readonly ResponseValidationIssue[] };

/** Answer validation, with ajv: loaded by the first structured answer, so that plain summaries never load it. */
const answerValidation = () => import('./response-schema/validate-response.js');

async function checkAnswer(schema: ResponseSchema, text: string): Promise<Checked> {
  const parsed = parseAnswer(text);
  if (!parsed.success) return { valid: false, issues: [{ path: '(root)', message: parsed.message }] };
  const { validateResponse } = await answerValidation();
  return validateResponse(schema, parsed.value);
}

/**
 * The model request for a prepared profile + session: the prompt, temperature and response schema,
 * and as `source` only what the prompt already holds (kept events, included context).
 *
 * @param prepared - The output of {@link prepare}.
 * @param signal - Aborts the call.
 * @category Summaries
 */
export function modelRequestFor(prepared: PreparedRequest, signal?: AbortSignal): ModelRequest {
  return {
    prompt: prepared.prompt,
    temperature: prepared.generation.temperature,
    responseSchema: prepared.generation.responseSchema,
    source: { sessionId: prepared.sessionId, events: prepared.events.kept, context: prepared.context.included },
    signal,
  };
}

/** A validated structured answer and how it was obtained. */
export interface ValidatedAnswer {
  readonly value: Record<string, unknown>;
  readonly answer: ModelResponse;
  readonly usage: TokenUsage | undefined;
  readonly attempts: number;
  /** The schema repair, when there was one. */
  readonly repairs: readonly SummaryRepair[];
}

/**
 * Asks for JSON that fits `schema`: parse and validate the answer, one repair retry on an
 * invalid one, then an {@link InvalidAnswerError} carrying the raw text and the problems.
 */
export async function generateValidated(model: SummaryModel, request: ModelRequest, schema: ResponseSchema): Promise<ValidatedAnswer> {
  const first = await model.generate({ ...request, responseSchema: schema });
  const firstCheck = await checkAnswer(schema, first.text);
  if (firstCheck.valid) return { value: firstCheck.value, answer: first, usage: first.usage, attempts: 1, repairs: [] };
  const { formatResponseIssues } = await answerValidation();
  const problems = formatResponseIssues(firstCheck.issues);
  const repaired = await model.generate({ ...request, responseSchema: schema, repair: { answer: first.text, problems } });
  const usage = addUsage(first.usage, repaired.usage);
  const secondCheck = await checkAnswer(schema, repaired.text);
  if (secondCheck.valid) return { value: secondCheck.value, answer: repaired, usage, attempts: 2, repairs: [{ reason: 'schema', problems }] };
  throw new InvalidAnswerError(
    `the model's answer does not match the response schema after one repair retry: ${formatResponseIssues(secondCheck.issues)}`,
    { provider: model.provider, rawText: repaired.text, problems: secondCheck.issues },
  );
}

/**
 * Asks the model, then parses and validates its answer against the response schema. An invalid
 * answer gets one repair retry; after that an {@link InvalidAnswerError} carries the raw text and
 * the problems. Invalid data is never returned as valid. Without a response schema the answer
 * text, trimmed, is the summary.
 *
 * @param prepared - The output of {@link prepare}.
 * @param model - The model to ask ({@link createModel}, or any {@link SummaryModel}).
 * @param options - An abort signal, and the clock used for `latencyMs`.
 * @throws TypeError, before any call, when the profile's `llm.grounding` is `require` and no
 * `grounding` source is given; {@link InvalidAnswerError} when the answer still breaks the response schema after the
 * repair retry; {@link ModelError} when the model returns an empty summary; whatever
 * `model.generate` rejects with (a {@link ModelError} or subclass for recap's adapters).
 * @example
 * ```ts
 * import { createModel, loadProfile, loadSession, prepare, summarize } from 'recap';
 *
 * const profile = await loadProfile('profiles/plain-summary.yaml');
 * const session = await loadSession('sessions-fixtures/checkout-abandon.json');
 * const model = await createModel({ provider: 'extractive' });
 * const { result, attempts } = await summarize(prepare(profile, session), model);
 * if ('summary' in result) console.log(result.summary);
 * ```
 * @category Summaries
 */
export async function summarize(
  prepared: PreparedRequest,
  model: SummaryModel,
  options: SummarizeOptions = {},
): Promise<SummaryOutcome> {
  // A profile that requires grounded answers is never answered unchecked (and no call is spent).
  if (prepared.generation.grounding === 'require' && options.grounding === undefined) {
    throw new TypeError("the profile's llm.grounding is require, but no grounding source was given: pass { grounding: groundingSource(profile, session, prepared) }");
  }
  // process.hrtime, not performance.now: the performance global loads perf_hooks on first use.
  const now = options.now ?? (() => Number(process.hrtime.bigint()) / 1e6);
  const started = now();
  const request = modelRequestFor(prepared, options.signal);
  const schema = prepared.generation.responseSchema;
  const outcome = (result: SummaryResult, answer: ModelResponse, usage: TokenUsage | undefined, repairs: readonly SummaryRepair[]) => ({
    result,
    provider: model.provider,
    model: answer.model,
    usage,
    attempts: 1 + repairs.length,
    repairs,
    latencyMs: now() - started,
    rawText: answer.text,
  });

  const summaryOf = (answer: ModelResponse): SummaryResult => {
    const summary = answer.text.trim();
    if (summary === '') throw new ModelError('the model returned an empty summary', { provider: model.provider });
    return { summary };
  };
  let first: SummaryOutcome;
  if (schema === undefined) {
    const answer = await model.generate(request);
    first = outcome(summaryOf(answer), answer, answer.usage, []);
  } else {
    const validated = await generateValidated(model, request, schema);
    first = outcome({ response: validated.value, response_schema: schema }, validated.answer, validated.usage, validated.repairs);
  }
  const mode = prepared.generation.grounding;
  if (options.grounding === undefined || mode === 'off') return first;
  // Grounding loads only when an answer is to be grounded.
  const { groundAnswer } = await import('./grounding/ground-answer.js');
  const claimsOf = (result: SummaryResult) => ('summary' in result ? result.summary : result.response);
  const report = groundAnswer(options.grounding, claimsOf(first.result));
  if (mode === 'report' || report.unsupported.length === 0) return { ...first, grounding: report };
  // require: one repair request that names the claims, then the answer must hold none.
  const { describeClaimsForModel, GroundingError } = await import('./grounding/grounding-error.js');
  const repair = { answer: first.rawText, problems: describeClaimsForModel(report.unsupported), reason: 'grounding' as const };
  const repairs = [...first.repairs, { reason: repair.reason, problems: repair.problems }];
  let second: SummaryOutcome;
  if (schema === undefined) {
    const answer = await model.generate({ ...request, repair });
    second = outcome(summaryOf(answer), answer, addUsage(first.usage, answer.usage), repairs);
  } else {
    const answer = await model.generate({ ...request, responseSchema: schema, repair });
    const checked = await checkAnswer(schema, answer.text);
    if (!checked.valid) {
      const { formatResponseIssues } = await answerValidation();
      throw new InvalidAnswerError(`the model's answer to the grounding repair request does not match the response schema: ${formatResponseIssues(checked.issues)}`, {
        provider: model.provider,
        rawText: answer.text,
        problems: checked.issues,
      });
    }
    second = outcome({ response: checked.value, response_schema: schema }, answer, addUsage(first.usage, answer.usage), repairs);
  }
  const repaired = groundAnswer(options.grounding, claimsOf(second.result));
  if (repaired.unsupported.length > 0) throw new GroundingError(repaired, second.rawText);
  return { ...second, grounding: repaired };
}

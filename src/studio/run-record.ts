// One model run as the studio keeps it: the prompt that was sent and what came back (or why
// nothing did). The schema is the format of the history files under .recap/history/.

import { z } from 'zod';
import { InvalidAnswerError, ModelError, type GroundingReport, type PreparedRequest, type SummaryOutcome, type TokenCount } from '../index.js';

const tokenUsageSchema = z.object({
  promptTokens: z.number(),
  outputTokens: z.number(),
  totalTokens: z.number(),
});

const answerSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('summary'), text: z.string() }),
  z.object({ kind: z.literal('response'), value: z.record(z.string(), z.unknown()) }),
]);

const findingSchema = z.object({
  kind: z.enum(['event', 'url', 'text', 'selector', 'count', 'duration']),
  text: z.string(),
  path: z.string(),
  verdict: z.enum(['kept', 'dropped', 'unsupported']),
  event: z.number().int().optional(),
  reason: z.string().optional(),
});

/** The answer's claims checked against the session (docs/grounding.md), as `groundAnswer` reports them. */
const groundingSchema = z.object({
  score: z.number(),
  findings: z.array(findingSchema),
  unsupported: z.array(findingSchema),
  dropped: z.array(findingSchema),
});

const outcomeSchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('ok'),
    answer: answerSchema,
    attempts: z.number().int().positive(),
    /** The repair requests the answer needed, in order; absent in runs from before they were kept. */
    repairs: z.array(z.object({ reason: z.enum(['schema', 'grounding']), problems: z.string() })).optional(),
    usage: tokenUsageSchema.optional(),
    /** Absent in runs from before grounding, and under `llm.grounding: off`. */
    grounding: groundingSchema.optional(),
  }),
  z.object({
    status: z.literal('invalid-answer'),
    message: z.string(),
    rawText: z.string(),
    problems: z.array(z.object({ path: z.string(), message: z.string() })),
  }),
  z.object({
    status: z.literal('failed'),
    code: z.string(),
    message: z.string(),
    /** Under `llm.grounding: require`: the report of the answer that stayed unsupported. */
    grounding: groundingSchema.optional(),
  }),
]);

export const runRecordSchema = z.object({
  /** 1, 2, 3… per profile + session. */
  number: z.number().int().positive(),
  /** ISO 8601. */
  startedAt: z.string(),
  /** Profile and session files as the studio names them (relative to the working directory). */
  profile: z.string(),
  session: z.string(),
  provider: z.string(),
  model: z.string(),
  /** The exact prompt that was sent. */
  prompt: z.string(),
  promptTokens: z.object({ prompt: z.number(), method: z.enum(['count', 'estimate']) }),
  /** True when the profile asked for structured output (llm.response_schema). */
  schema: z.boolean(),
  latencyMs: z.number(),
  outcome: outcomeSchema,
});

export type RunRecord = z.infer<typeof runRecordSchema>;
export type RunOutcome = RunRecord['outcome'];
export type RunAnswer = z.infer<typeof answerSchema>;
export type RunGrounding = z.infer<typeof groundingSchema>;
/** A run before the history numbers it. */
export type RunDraft = Omit<RunRecord, 'number'>;

export interface RunDraftBase {
  readonly startedAt: Date;
  readonly profile: string;
  readonly session: string;
  readonly provider: string;
  readonly model: string;
  readonly prepared: PreparedRequest;
  readonly promptTokens: TokenCount;
  readonly latencyMs: number;
}

function draft(base: RunDraftBase, outcome: RunOutcome): RunDraft {
  return {
    startedAt: base.startedAt.toISOString(),
    profile: base.profile,
    session: base.session,
    provider: base.provider,
    model: base.model,
    prompt: base.prepared.prompt,
    promptTokens: base.promptTokens,
    schema: base.prepared.generation.responseSchema !== undefined,
    latencyMs: Math.round(base.latencyMs),
    outcome,
  };
}

/** The report as plain data, without readonly arrays shared with the library. */
function ownReport(report: GroundingReport): RunGrounding {
  const findings = (list: GroundingReport['findings']) => list.map((finding) => ({ ...finding }));
  return { score: report.score, findings: findings(report.findings), unsupported: findings(report.unsupported), dropped: findings(report.dropped) };
}

/** A successful run. Prompt tokens are the vendor's when it reported them for a single attempt. */
export function runDraftFromOutcome(base: RunDraftBase, outcome: SummaryOutcome): RunDraft {
  const answer: RunAnswer =
    'summary' in outcome.result
      ? { kind: 'summary', text: outcome.result.summary }
      : { kind: 'response', value: outcome.result.response };
  const promptTokens: TokenCount =
    outcome.usage !== undefined && outcome.attempts === 1 ? { prompt: outcome.usage.promptTokens, method: 'count' } : base.promptTokens;
  return draft(
    { ...base, model: outcome.model, promptTokens, latencyMs: outcome.latencyMs },
    {
      status: 'ok',
      answer,
      attempts: outcome.attempts,
      repairs: outcome.repairs.map(({ reason, problems }) => ({ reason, problems })),
      ...(outcome.usage === undefined ? {} : { usage: outcome.usage }),
      ...(outcome.grounding === undefined ? {} : { grounding: ownReport(outcome.grounding) }),
    },
  );
}

/** A run that failed: an answer that never fit the schema keeps its raw text and problems. */
export function runDraftFromError(base: RunDraftBase, error: unknown): RunDraft {
  if (error instanceof InvalidAnswerError) {
    return draft(base, {
      status: 'invalid-answer',
      message: error.message,
      rawText: error.rawText,
      problems: error.problems.map(({ path, message }) => ({ path, message })),
    });
  }
  const code = error instanceof ModelError ? error.code : 'error';
  const message = error instanceof Error ? error.message : String(error);
  // GroundingError (llm.grounding: require) is not exported to the studio; it carries its report.
  if (error instanceof Error && (error as { code?: unknown }).code === 'grounding' && 'report' in error) {
    return draft(base, { status: 'failed', code: 'grounding', message, grounding: ownReport(error.report as GroundingReport) });
  }
  return draft(base, { status: 'failed', code, message });
}

/** The answer as text, for diffs: pretty JSON, a summary one sentence per line, or the failure. */
export function answerText(record: RunRecord): string {
  const outcome = record.outcome;
  if (outcome.status === 'ok') {
    return outcome.answer.kind === 'response'
      ? JSON.stringify(outcome.answer.value, null, 2)
      : outcome.answer.text.replace(/([.!?])\s+(?=\S)/g, '$1\n');
  }
  if (outcome.status === 'invalid-answer') return `(invalid answer)\n${outcome.rawText}`;
  return `(failed: ${outcome.code}) ${outcome.message}`;
}

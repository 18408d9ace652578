// Summarizes many sessions with one profile: a pool of calls under an adaptive concurrency limit,
// results yielded as they finish, one line per session (docs/many-sessions.md).

import { setMaxListeners } from 'node:events';
import path from 'node:path';
import { GroundingError } from '../grounding/grounding-error.js';
import { groundingSource } from '../grounding/ground-answer.js';
import { ModelError } from '../models/model-errors.js';
import { withGenerate } from '../models/with-generate.js';
import type { SummaryModel, TokenUsage } from '../models/summary-model.js';
import { prepare } from '../pipeline/prepare.js';
import type { PrivacyRules } from '../privacy/privacy-rules.js';
import type { Profile } from '../profile/profile-schema.js';
import type { Session } from '../session/session-schema.js';
import { summarize, type SummaryOutcome } from '../summarize.js';
import { createAdaptiveConcurrency, type AdaptiveConcurrency } from './adaptive-concurrency.js';
import { loadManySession } from './load-many-session.js';
import type { LineTokens, ResultLine, SessionErrorLine } from './result-line.js';

/**
 * One session of a many-session run: a fixture file (read when its turn comes), or a session
 * already loaded together with the file it is reported under.
 *
 * @category Many sessions
 */
export type ManySessionInput = string | { readonly file: string; readonly session?: Session };

/** An input as a worker takes it: with its turn to claim its session id, and the call that ends that turn. */
interface Taken {
  readonly input: ManySessionInput;
  readonly turn: Promise<void>;
  readonly claimed: () => void;
}

/**
 * Options of {@link summarizeMany}.
 *
 * @category Many sessions
 */
export interface SummarizeManyOptions {
  /** The model every session is summarized with. */
  readonly model: SummaryModel;
  /**
   * The most sessions summarized at once (default 4), or a limit made with
   * {@link createAdaptiveConcurrency}: wire its `pushback` to the model's retries (see
   * `createModel`'s `retry.onRetry`) so that the run slows down while the model pushes back.
   */
  readonly concurrency?: number | AdaptiveConcurrency;
  /** Privacy rules applied to every session before anything is rendered. */
  readonly privacy?: PrivacyRules | undefined;
  /** Files to leave out (a resumed run's finished sessions), by the name the input gives. */
  readonly skip?: (file: string) => boolean;
  /**
   * Session ids that already have a result (a resumed run's), each with the file it came from,
   * named relative to `cwd` (a results line's `file` is relative to where its run ran, which may
   * be another folder: see `run.cwd`): a session met again in another file gets a
   * `duplicate_session` line, never a second summary.
   */
  readonly summarized?: ReadonlyMap<string, string>;
  /** Where relative file names are read from. Default `process.cwd()`. */
  readonly cwd?: string;
  /** Stops the run: no new session starts, calls under way are aborted. */
  readonly signal?: AbortSignal;
}

const PUSHBACK_STATUS = (status: number | undefined) => status !== undefined && (status === 429 || status >= 500);

function tokensOf(outcome: SummaryOutcome, estimate: number): LineTokens {
  const usage = outcome.usage;
  if (usage === undefined) return { prompt: estimate, output: 0, total: estimate, estimated: true };
  return { prompt: usage.promptTokens, output: usage.outputTokens, total: usage.totalTokens };
}

/**
 * `model`, counting the answers it gives: `spent(estimate)` is `{ tokens, model }` for an error
 * line when at least one answer came (the vendor's counts, else `estimate` per answer), else `{}`.
 */
function answerMeter(model: SummaryModel) {
  let answers = 0;
  let usage: TokenUsage | undefined;
  // An answer without usage makes the sum unknown: the estimate stands for every answer then.
  let unknownUsage = false;
  let answeredBy = model.model;
  const counted = withGenerate(model, async (request) => {
    const answer = await model.generate(request);
    answers++;
    answeredBy = answer.model;
    if (answer.usage === undefined) unknownUsage = true;
    else {
      usage = {
        promptTokens: (usage?.promptTokens ?? 0) + answer.usage.promptTokens,
        outputTokens: (usage?.outputTokens ?? 0) + answer.usage.outputTokens,
        totalTokens: (usage?.totalTokens ?? 0) + answer.usage.totalTokens,
      };
    }
    return answer;
  });
  const spent = (estimate: number): { tokens?: LineTokens; model?: string } => {
    if (answers === 0) return {};
    const tokens: LineTokens =
      usage === undefined || unknownUsage
        ? { prompt: estimate * answers, output: 0, total: estimate * answers, estimated: true }
        : { prompt: usage.promptTokens, output: usage.outputTokens, total: usage.totalTokens };
    return { tokens, model: answeredBy };
  };
  return { model: counted, spent };
}

function errorCode(error: unknown): string {
  if (error instanceof ModelError || error instanceof GroundingError) return error.code;
  const code = (error as { code?: unknown } | undefined)?.code;
  if (error instanceof Error && error.name === 'PrivacyRulesError') return 'privacy';
  return typeof code === 'string' && /^[a-z_]+$/.test(code) ? code : 'internal';
}

/**
 * Summarizes every session with `profile`, yielding one {@link ResultLine} per session as it
 * finishes (in completion order, not input order). A session that fails (unreadable file,
 * invalid fixture, model error after the model's retries, schema or grounding failure) yields an
 * error line and never stops the run. A file named twice, or a session id met a second time, is
 * summarized once: the second gets a `duplicate_session` line, as does a session that
 * `options.summarized` says already has a result from another file. Sessions are read when their turn
 * comes and not kept after, so memory does not grow with the number of sessions.
 *
 * @param profile - The summary profile.
 * @param sessions - Fixture files or loaded sessions, any iterable (an async one is read lazily).
 * @param options - The model, concurrency, privacy rules, files to skip, sessions already summarized.
 * @example
 * ```ts
 * import { createModel, loadProfile, summarizeMany } from 'recap';
 *
 * const profile = await loadProfile('profiles/plain-summary.yaml');
 * const model = await createModel({ provider: 'extractive' });
 * const files = ['sessions-fixtures/checkout-abandon.json', 'sessions-fixtures/multi-tab.json'];
 * for await (const line of summarizeMany(profile, files, { model, concurrency: 2 })) {
 *   console.log(line.file, 'result' in line ? 'ok' : line.error.code);
 * }
 * ```
 * @category Many sessions
 */
export async function* summarizeMany(
  profile: Profile,
  sessions: Iterable<ManySessionInput> | AsyncIterable<ManySessionInput>,
  options: SummarizeManyOptions,
): AsyncGenerator<ResultLine, void, undefined> {
  const limiter = typeof options.concurrency === 'object' ? options.concurrency : createAdaptiveConcurrency(options.concurrency ?? 4);
  const cwd = options.cwd ?? process.cwd();
  const source = (Symbol.asyncIterator in sessions ? sessions[Symbol.asyncIterator]() : sessions[Symbol.iterator]()) as
    | AsyncIterator<ManySessionInput>
    | Iterator<ManySessionInput>;
  // Every call in flight listens to the run's signal (the limiter, the SDK, the retry waits).
  if (options.signal !== undefined) setMaxListeners(Math.max(10, limiter.max * 4 + 10), options.signal);
  const seenFiles = new Set<string>();
  const seenIds = new Map<string, string>();

  // Inputs are taken one at a time, whichever worker asks. Each also gets its turn to claim its
  // session id: files load at once, but ids are claimed in input order, so that of two files of one
  // session the first named is summarized, however fast each loads.
  let taking: Promise<unknown> = Promise.resolve();
  let exhausted = false;
  let claims: Promise<void> = Promise.resolve();
  const take = (): Promise<Taken | undefined> => {
    const next = taking.then(async (): Promise<Taken | undefined> => {
      if (exhausted || options.signal?.aborted === true) return undefined;
      const step = await source.next();
      if (step.done === true) {
        exhausted = true;
        return undefined;
      }
      const turn = claims;
      let claimed = (): void => undefined;
      claims = new Promise<void>((resolve) => {
        claimed = resolve;
      });
      return { input: step.value, turn, claimed };
    });
    taking = next.catch(() => undefined);
    return next;
  };

  /** Whether the session may be summarized from `file`: a `duplicate_session` line when not. */
  const claim = (session: Session, file: string, absolute: string): SessionErrorLine | undefined => {
    const first = seenIds.get(session.id);
    if (first !== undefined) {
      return { session_id: session.id, file, error: { code: 'duplicate_session', message: `session ${session.id} was already summarized in this run from ${first}` } };
    }
    const earlier = options.summarized?.get(session.id);
    if (earlier !== undefined && path.resolve(cwd, earlier) !== absolute) {
      return { session_id: session.id, file, error: { code: 'duplicate_session', message: `session ${session.id} already has a result, from ${earlier}` } };
    }
    seenIds.set(session.id, file);
    return undefined;
  };

  const summarizeOne = async ({ input, turn, claimed }: Taken): Promise<ResultLine | undefined> => {
    const file = typeof input === 'string' ? input : input.file;
    let session: Session;
    try {
      if (options.skip?.(file) === true) return undefined;
      const absolute = path.resolve(cwd, file);
      if (seenFiles.has(absolute)) return undefined;
      seenFiles.add(absolute);
      const loaded = typeof input === 'string' || input.session === undefined ? await loadManySession(absolute, file, { quoteValues: options.privacy === undefined }) : ({ ok: true, session: input.session } as const);
      if (!loaded.ok) return { file, error: { code: loaded.code, message: loaded.message } };
      session = loaded.session;
      await turn;
      const duplicate = claim(session, file, absolute);
      if (duplicate !== undefined) return duplicate;
    } finally {
      // The next input's turn comes after this one's and every one before it.
      void turn.then(claimed);
    }
    // The answers of a session that then fails (schema, grounding) were paid for: its line says so.
    const answered = answerMeter(options.model);
    let estimate = 0;
    const failed = (error: unknown): SessionErrorLine => ({
      session_id: session.id,
      file,
      error: { code: errorCode(error), message: error instanceof Error ? error.message : String(error) },
      ...answered.spent(estimate),
    });
    let release: (() => void) | undefined;
    try {
      const prepared = prepare(profile, session, { privacy: options.privacy });
      estimate = prepared.tokens.prompt;
      release = await limiter.acquire(options.signal);
      const outcome = await summarize(prepared, answered.model, { signal: options.signal, grounding: groundingSource(profile, session, prepared) });
      limiter.succeeded();
      return {
        session_id: session.id,
        file,
        result: outcome.result,
        ...(outcome.grounding === undefined ? {} : { grounding: outcome.grounding }),
        ...(outcome.repairs.length === 0 ? {} : { repairs: outcome.repairs.map(({ reason, problems }) => ({ reason, problems })) }),
        tokens: tokensOf(outcome, prepared.tokens.prompt),
        model: outcome.model,
        ms: Math.round(outcome.latencyMs),
      };
    } catch (error) {
      if (error instanceof ModelError && PUSHBACK_STATUS(error.status)) limiter.pushback();
      if (options.signal?.aborted === true) return undefined;
      return failed(error);
    } finally {
      release?.();
    }
  };

  // Finished lines wait here for the consumer; workers pause while it is full (backpressure).
  const ready: ResultLine[] = [];
  const bound = limiter.max * 2;
  let wakeConsumer: (() => void) | undefined;
  const spaceWaiters: (() => void)[] = [];
  let running = 0;
  let failure: unknown;

  const worker = async (): Promise<void> => {
    for (;;) {
      const input = await take();
      if (input === undefined) return;
      const line = await summarizeOne(input);
      if (line === undefined) continue;
      while (ready.length >= bound) await new Promise<void>((resolve) => spaceWaiters.push(resolve));
      ready.push(line);
      wakeConsumer?.();
    }
  };
  const workers = Array.from({ length: limiter.max }, () => {
    running++;
    return worker()
      .catch((error: unknown) => {
        failure ??= error;
      })
      .finally(() => {
        running--;
        wakeConsumer?.();
      });
  });
  try {
    for (;;) {
      if (ready.length > 0) {
        const line = ready.shift() as ResultLine;
        spaceWaiters.shift()?.();
        yield line;
        continue;
      }
      if (failure !== undefined) throw failure;
      if (running === 0) break;
      await new Promise<void>((resolve) => {
        wakeConsumer = resolve;
      });
      wakeConsumer = undefined;
    }
  } finally {
    // A consumer that stops early: let the workers run dry without starting new sessions.
    exhausted = true;
    while (spaceWaiters.length > 0) spaceWaiters.shift()?.();
    ready.length = 0;
    await Promise.allSettled(workers);
    if (typeof source.return === 'function') await source.return();
  }
}

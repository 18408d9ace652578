// Summaries inside the server: the stored session and profile through the core pipeline and the
// configured model, with a cache, a concurrency limit, a per-request timeout, and model failures
// mapped to 502/503. An invalid model answer is never returned.

import { createHash } from 'node:crypto';
import { canonicalJson } from '../../models/replay/canonical-json.js';
import { InvalidAnswerError, ModelError, ModelUnavailableError, UnsupportedRequestError } from '../../models/model-errors.js';
import type { Provider, SummaryModel } from '../../models/summary-model.js';
import { prepare, type PreparedRequest } from '../../pipeline/prepare.js';
import type { Profile } from '../../profile/profile-schema.js';
import type { Session } from '../../session/session-schema.js';
import { summarize, type SummaryRepair, type SummaryResult } from '../../summarize.js';
import { cachedAnswerText, readCachedAnswer } from './cached-answer.js';
import { ApiError } from '../http/api-error.js';
import { redactInternals } from '../http/redact-internals.js';
import type { OrgPrivacy } from '../privacy/org-privacy.js';
import type { DataCenterStore } from '../store/store.js';
import { createConcurrencyLimit } from './concurrency-limit.js';
import { takeSummaryTurn } from './summary-turn.js';
import { groundAnswer, groundingSource } from '../../grounding/ground-answer.js';
import { GroundingError } from '../../grounding/grounding-error.js';
import type { GroundingReport } from '../../grounding/grounding-report.js';

/** Where models come from: the server's provider and one model per name. */
export interface ModelSource {
  readonly provider: Provider;
  /** The model a profile uses when it names none. */
  readonly defaultModel: string;
  modelFor(name: string): Promise<SummaryModel>;
}

export interface SummaryServiceOptions {
  readonly models: ModelSource;
  /** Identical requests for an unchanged session and profile version answered from the cache. */
  readonly cache: boolean;
  readonly concurrency: number;
  /** Longest wait for a model slot and an answer, per request. */
  readonly timeoutMs: number;
  /**
   * How long an instance asking the model for a summary holds it without its heartbeat: others
   * asked for the same summary wait for its answer, and take over after this when it died.
   */
  readonly flightLeaseMs?: number;
  /** Told of every model call: its time in seconds and, when it failed, the error code answered. */
  readonly observeModel?: (provider: string, model: string, seconds: number, error?: string) => void;
}

export interface SummaryRequest {
  readonly store: DataCenterStore;
  readonly orgId: string;
  readonly session: Session;
  readonly sessionVersion: string;
  readonly profile: Profile;
  /** What identifies the profile and overrides in the cache key. */
  readonly profileKey: unknown;
  /** The organisation's privacy rules, applied before anything is rendered; their version is part of the cache key. */
  readonly privacy: OrgPrivacy;
  readonly now: Date;
  readonly signal?: AbortSignal | undefined;
  /**
   * Read and write the cache even when the server's cache is off (a summary batch: an answer
   * received before a crash is found again after it, never asked for twice). `profileKey` should
   * then name the operation, so that the entries are the operation's own.
   */
  readonly alwaysCache?: boolean;
}

export interface SummaryAnswer {
  readonly result: SummaryResult;
  /** The answer's claims checked against the session; undefined under `llm.grounding: off`. */
  readonly grounding: GroundingReport | undefined;
  /** The repair requests the answer needed (kept with it in the cache): none when the first answer was accepted. */
  readonly repairs: readonly SummaryRepair[];
  /**
   * The answer came from the cache: stored earlier; shared with an identical request on this
   * instance; or stored first by another instance while this one asked too (then `tokens` and
   * `modelMs` are what this request spent).
   */
  readonly cached: boolean;
  readonly model: string;
  /** Time spent waiting for and inside the model, in ms (0 from the cache). */
  readonly modelMs: number;
  /** Tokens the vendor reported (every attempt), or recap's estimate of the prompt; zero when this request asked no model. */
  readonly tokens: { readonly prompt: number; readonly output: number; readonly total: number; readonly estimated?: true };
}

/** Model failures worth another try later (a 429 or a 5xx after the adapter's own retries): a summary batch retries the item. */
const retryableFailures = new WeakSet<ApiError>();

/** True for the ApiError of a model failure that a later attempt may not meet (rate limits, server errors). */
export function isRetryableModelFailure(error: unknown): boolean {
  return error instanceof ApiError && retryableFailures.has(error);
}

export interface SummaryService {
  readonly provider: Provider;
  modelName(profile: Profile): string;
  summarize(request: SummaryRequest): Promise<SummaryAnswer>;
}

function modelFailure(error: unknown, provider: Provider, timeoutMs: number, timedOut: boolean): ApiError {
  if (timedOut) return new ApiError('model_unavailable', `the model did not answer within ${timeoutMs} ms`);
  if (error instanceof InvalidAnswerError) {
    return new ApiError('model_error', "the model's answer did not match the response schema, even after one repair retry", {
      details: error.problems.map((problem) => ({ path: `response.${problem.path}`, message: problem.message })),
    });
  }
  // A client learns the status and the vendor's code, never the vendor's own words (they can quote
  // the request), the server's internal addresses or its keys.
  if (error instanceof UnsupportedRequestError) {
    return new ApiError('model_unavailable', `the server's model (${provider}) cannot serve this profile: ${redactInternals(error.withoutVendorText)}`);
  }
  if (error instanceof ModelUnavailableError) return new ApiError('model_unavailable', `the model is unavailable: ${redactInternals(error.withoutVendorText)}`);
  if (error instanceof GroundingError) {
    return new ApiError('model_error', 'the answer claims what the session does not support, even after one repair request (llm.grounding: require)', {
      details: error.report.unsupported.map((finding) => ({ path: `answer.${finding.path}`, message: `${JSON.stringify(finding.text)} (${finding.kind}): ${finding.reason ?? finding.verdict}` })),
    });
  }
  if (error instanceof ModelError) {
    const failure = new ApiError('model_error', `the model failed: ${redactInternals(error.withoutVendorText)}`);
    // Not when the vendor asked for a longer wait than the adapter's: a batch's next try, seconds later, meets the same answer.
    if ((error.status === 429 || (error.status ?? 0) >= 500) && error.refusedWaitMs === undefined) retryableFailures.add(failure);
    return failure;
  }
  throw error;
}

/** How long a summary asked for is held without a heartbeat by default (as an Idempotency-Key is). */
export const DEFAULT_FLIGHT_LEASE_MS = 30_000;

/** A model call under way for one cache key on this instance, and the signal of the request that made it. */
interface Flight {
  readonly answer: Promise<SummaryAnswer>;
  readonly signal: AbortSignal | undefined;
}

export function createSummaryService(options: SummaryServiceOptions): SummaryService {
  const limit = createConcurrencyLimit(options.concurrency);
  const modelName = (profile: Profile): string => (options.models.provider === 'extractive' ? options.models.defaultModel : (profile.llm?.model ?? options.models.defaultModel));
  // Identical requests at the same moment on this instance share one model call.
  const flights = new Map<string, Flight>();
  return {
    provider: options.models.provider,
    modelName,
    async summarize(request) {
      const name = modelName(request.profile);
      const cacheKey = createHash('sha256')
        .update(
          canonicalJson({ session: request.session.id, version: request.sessionVersion, profile: request.profileKey, privacy: request.privacy.version, provider: options.models.provider, model: name }),
        )
        .digest('hex');
      const prepared: PreparedRequest = prepare(request.profile, request.session, { privacy: request.privacy.rules });
      const source = prepared.generation.grounding === 'off' ? undefined : groundingSource(request.profile, request.session, prepared);
      const fromCache = (value: string, answer: Pick<SummaryAnswer, 'modelMs' | 'tokens'>): SummaryAnswer => {
        const { result, repairs } = readCachedAnswer(value);
        // Only answers that passed `require` are cached; the report is computed again (pure, cheap).
        const grounding = source === undefined ? undefined : groundAnswer(source, 'summary' in result ? result.summary : result.response);
        return { result, grounding, repairs, cached: true, model: name, ...answer };
      };
      const cache = options.cache || request.alwaysCache === true;
      const flightKey = `${request.orgId}\n${cacheKey}`;
      if (cache) {
        for (;;) {
          const hit = await request.store.getCachedSummary(request.orgId, cacheKey);
          if (hit !== undefined) return fromCache(hit, { modelMs: 0, tokens: { prompt: 0, output: 0, total: 0 } });
          const flight = flights.get(flightKey);
          if (flight === undefined) break;
          try {
            const shared = await flight.answer;
            return { ...shared, cached: true, modelMs: 0, tokens: { prompt: 0, output: 0, total: 0 } };
          } catch (error) {
            // The request that asked gave up (its client left, its batch lost its job): ask again.
            if (!(flight.signal?.aborted === true) || request.signal?.aborted === true) throw error;
          }
        }
      }
      if (!cache) return ask();
      const answer = askInTurn();
      const flight: Flight = { answer, signal: request.signal };
      flights.set(flightKey, flight);
      const land = () => {
        if (flights.get(flightKey) === flight) flights.delete(flightKey);
      };
      answer.then(land, land);
      return answer;

      // Instances asked for the same summary at once: one asks the model, the others wait for its answer.
      async function askInTurn(): Promise<SummaryAnswer> {
        const turn = await takeSummaryTurn(request.store, request.orgId, cacheKey, {
          leaseMs: options.flightLeaseMs ?? DEFAULT_FLIGHT_LEASE_MS,
          maxWaitMs: options.timeoutMs,
          signal: request.signal,
        });
        if (turn.kind === 'cached') return fromCache(turn.value, { modelMs: 0, tokens: { prompt: 0, output: 0, total: 0 } });
        try {
          return await ask();
        } finally {
          if (turn.kind === 'claimed') await turn.release();
        }
      }

      async function ask(): Promise<SummaryAnswer> {
        const timeout = AbortSignal.timeout(options.timeoutMs);
        const signal = request.signal === undefined ? timeout : AbortSignal.any([timeout, request.signal]);
        const started = performance.now();
        let result: SummaryResult;
        let grounding: GroundingReport | undefined;
        let repairs: readonly SummaryRepair[];
        let tokens: SummaryAnswer['tokens'];
        try {
          const model = await options.models.modelFor(name);
          const outcome = await limit.run(() => summarize(prepared, model, { signal, ...(source === undefined ? {} : { grounding: source }) }), signal);
          result = outcome.result;
          grounding = outcome.grounding;
          repairs = outcome.repairs.map(({ reason, problems }) => ({ reason, problems }));
          const usage = outcome.usage;
          tokens =
            usage === undefined
              ? { prompt: prepared.tokens.prompt, output: 0, total: prepared.tokens.prompt, estimated: true }
              : { prompt: usage.promptTokens, output: usage.outputTokens, total: usage.totalTokens };
        } catch (error) {
          const failure = modelFailure(error, options.models.provider, options.timeoutMs, timeout.aborted);
          options.observeModel?.(options.models.provider, name, (performance.now() - started) / 1000, failure.code);
          throw failure;
        }
        const modelMs = performance.now() - started;
        options.observeModel?.(options.models.provider, name, modelMs / 1000);
        if (!cache) return { result, grounding, repairs, cached: false, model: name, modelMs, tokens };
        const value = cachedAnswerText(result, repairs);
        const stored = await request.store.transaction(async (writer) => {
          // A session deleted while the model answered (with its user) keeps no summary: the
          // read locks the session's row shared, so a deletion under way waits for this write
          // and deletes what it wrote, and one that has committed leaves no session to find.
          if ((await writer.findSessionInfo(request.orgId, request.session.id)) === undefined) return value;
          return writer.putCachedSummary(request.orgId, { key: cacheKey, value, sessionId: request.session.id, now: request.now.toISOString() });
        });
        // Another instance asked at the same time and stored its answer first: every request
        // answers with that one, as every later request will.
        if (stored !== value) return fromCache(stored, { modelMs, tokens });
        return { result, grounding, repairs, cached: false, model: name, modelMs, tokens };
      }
    },
  };
}

// The model a suite case talks to: recorded answers first; on a miss, the live model (and the
// answer is saved) unless in CI, where a miss fails with the command that records it.

import path from 'node:path';
import { CassetteMissError, ModelUnavailableError } from '../models/model-errors.js';
import { cassetteFile, cassetteKey, readCassette, writeCassetteOnce } from '../models/replay/cassette.js';
import type { ModelRequest, ModelResponse, Provider, SummaryModel } from '../models/summary-model.js';
import type { UsageMeter } from './usage-meter.js';
import { inSuiteTerms } from './suite-terms.js';

export interface CassettePolicy {
  /** `.recap/cassettes/` next to the suite. */
  readonly directory: string;
  /** The same directory as shown in messages (relative to the working directory). */
  readonly displayDirectory: string;
  readonly provider: Provider;
  readonly model: string;
  /** CI is set: a miss fails instead of calling the model. */
  readonly ci: boolean;
  /** `--record`: misses call the model and are saved, even in CI. */
  readonly record: boolean;
  /** How to record a missing cassette, for messages (a command, or what to change first). */
  readonly recordCommand: string;
  /** Why a miss is not recorded, for messages: `in CI`, or the provider that only replays. */
  readonly missReason?: string;
  /** Saved in new cassettes: where the answer came from. */
  readonly source: string;
  readonly now: () => Date;
  /** The live model, built on first need (a replayed run needs no key). */
  readonly live: () => Promise<SummaryModel>;
  readonly meter: UsageMeter;
  /** Answers being recorded, by cassette key: shared by every case of the run. */
  readonly recording: Map<string, Promise<ModelResponse>>;
}

/** The folder of a suite's cassettes: `.recap/cassettes/` next to it. */
export const cassetteDirectory = (suiteFile: string): string => path.join(path.dirname(suiteFile), '.recap', 'cassettes');

/** The model for one run (`sample`) of a case. */
export function createCassetteModel(policy: CassettePolicy, sample: number): SummaryModel {
  return {
    provider: policy.provider,
    model: policy.model,
    kind: 'language-model',
    async generate(request: ModelRequest): Promise<ModelResponse> {
      const key = cassetteKey(policy.provider, policy.model, request, sample);
      const cassette = await readCassette(policy.directory, key, { provider: policy.provider, model: policy.model, request });
      if (cassette !== undefined) {
        const usage = cassette.response.usage ?? undefined;
        policy.meter.add('replayed', policy.model, usage);
        return { text: cassette.response.text, model: cassette.response.model, usage };
      }
      const file = cassetteFile(policy.displayDirectory, key);
      if (policy.ci && !policy.record) {
        throw new CassetteMissError(`no cassette ${file} for this request ${policy.missReason ?? 'in CI'}; record it with: ${policy.recordCommand}`, {
          provider: policy.provider,
          key,
          file,
        });
      }
      let live: SummaryModel;
      try {
        live = await policy.live();
      } catch (error) {
        throw new ModelUnavailableError(
          `no cassette ${file} for this request, and ${policy.provider} cannot be called to record one: ${inSuiteTerms((error as Error).message)}`,
          { provider: policy.provider, cause: error },
        );
      }
      // Cases that ask the same request at once share one call, and are judged on its answer.
      const recording = policy.recording.get(key) ?? record(policy, live, request, sample);
      policy.recording.set(key, recording);
      return recording;
    },
  };
}

/** Calls the live model and saves its answer; when another process saved one first, that one is the answer. */
async function record(policy: CassettePolicy, live: SummaryModel, request: ModelRequest, sample: number): Promise<ModelResponse> {
  const response = await live.generate(request);
  policy.meter.add('live', policy.model, response.usage);
  const kept = await writeCassetteOnce(policy.directory, {
    provider: policy.provider,
    model: policy.model,
    request,
    response,
    source: policy.source,
    recordedAt: policy.now(),
    sample,
  });
  return { text: kept.response.text, model: kept.response.model, usage: kept.response.usage ?? undefined };
}

/** The live model for providers that need no cassettes (extractive), metered. */
export function createMeteredModel(model: SummaryModel, meter: UsageMeter): SummaryModel {
  return {
    ...model,
    async generate(request) {
      const response = await model.generate(request);
      // A rule-based model uses no tokens: its usage is known to be none.
      const none = { promptTokens: 0, outputTokens: 0, totalTokens: 0 };
      meter.add('live', model.model, response.usage ?? (model.kind === 'rule-based' ? none : undefined));
      return response;
    },
  };
}

// Answers from recorded cassettes; a miss is an error naming the cassette key.

import { DEFAULT_GEMINI_MODEL } from '../default-models.js';
import { CassetteMissError } from '../model-errors.js';
import type { ModelRequest, ModelResponse, SummaryModel } from '../summary-model.js';
import { cassetteFile, cassetteKey, readCassette } from './cassette.js';

/**
 * Options of {@link createReplayModel}.
 *
 * @category Models
 */
export interface ReplayModelOptions {
  /** The cassette directory, e.g. `suites/.recap/cassettes`. */
  readonly directory: string;
  /** The provider the cassettes were recorded from (part of the key). Default `gemini`. */
  readonly provider?: string;
  /** The model the cassettes were recorded from (part of the key). Default `gemini-2.5-flash`. */
  readonly model?: string;
}

/**
 * A model that replays recorded answers (cassettes) for exactly the same provider, model and
 * request; see {@link cassetteKey}.
 *
 * @remarks Its `generate` rejects with {@link CassetteMissError}, naming the key and the file
 * expected, when there is no cassette for the request.
 * @category Models
 */
export function createReplayModel(options: ReplayModelOptions): SummaryModel {
  const provider = options.provider ?? 'gemini';
  const model = options.model ?? DEFAULT_GEMINI_MODEL;
  return {
    provider: 'replay',
    model,
    kind: 'language-model',
    async generate(request: ModelRequest): Promise<ModelResponse> {
      const key = cassetteKey(provider, model, request);
      const cassette = await readCassette(options.directory, key, { provider, model, request });
      if (cassette === undefined) {
        const file = cassetteFile(options.directory, key);
        throw new CassetteMissError(
          `no cassette for this request (provider ${provider}, model ${model}, key ${key}); expected ${file}`,
          { provider: 'replay', key, file },
        );
      }
      return { text: cassette.response.text, model: cassette.response.model, usage: cassette.response.usage ?? undefined };
    },
  };
}

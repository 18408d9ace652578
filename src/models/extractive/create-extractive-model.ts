// The offline, deterministic summariser: real content computed from the kept events, no model.

import { UnsupportedRequestError } from '../model-errors.js';
import type { ModelRequest, ModelResponse, SummaryModel } from '../summary-model.js';
import { renderExtractiveSummary } from './render-extractive-summary.js';
import { sessionFacts } from './session-facts.js';

import { EXTRACTIVE_MODEL } from '../default-models.js';

export { EXTRACTIVE_MODEL };

/**
 * A rule-based summariser: pages in order, friction signals with counts, errors, where the
 * session ended. It reads only the kept events and included context (`request.source`), says
 * that it is not a language model, and refuses profiles with a response schema. Offline and
 * deterministic: the default when no key is configured.
 *
 * @remarks Its `generate` rejects with {@link UnsupportedRequestError} for a request with a
 * response schema or without `source`.
 * @category Models
 */
export function createExtractiveModel(): SummaryModel {
  return {
    provider: 'extractive',
    model: EXTRACTIVE_MODEL,
    kind: 'rule-based',
    async generate(request: ModelRequest): Promise<ModelResponse> {
      if (request.responseSchema !== undefined) {
        throw new UnsupportedRequestError(
          'the extractive summariser cannot fill a response schema: it is rule-based, not a language model. ' +
            'Use --provider gemini or --provider openai (with a key), or --provider replay with recorded cassettes.',
          { provider: 'extractive' },
        );
      }
      if (request.source === undefined) {
        throw new UnsupportedRequestError('the extractive summariser needs the kept events (request.source)', {
          provider: 'extractive',
        });
      }
      return { text: renderExtractiveSummary(sessionFacts(request.source.events)), model: EXTRACTIVE_MODEL };
    },
  };
}

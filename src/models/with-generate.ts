// A model whose calls are wrapped (to watch their failures, say): the same provider, name, kind and
// token counting as the model it wraps, with a generate of the caller's.

import type { SummaryModel } from './summary-model.js';

/** `model` with `generate` in place of its own (which `generate` may call). */
export function withGenerate(model: SummaryModel, generate: SummaryModel['generate']): SummaryModel {
  const countTokens = model.countTokens;
  return {
    provider: model.provider,
    model: model.model,
    kind: model.kind,
    generate,
    ...(countTokens === undefined ? {} : { countTokens: (request) => countTokens.call(model, request) }),
  };
}

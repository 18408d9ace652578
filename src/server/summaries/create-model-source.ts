// The server's models: its provider (flag, else a configured key, else extractive) and one model
// per model name, built on first use and kept (up to MAX_KEPT_MODELS of them).

import { createModel, resolveProvider, type Environment, type ModelSettings } from '../../models/create-model.js';
import { defaultModelFor } from '../../models/default-models.js';
import type { Provider, SummaryModel } from '../../models/summary-model.js';
import type { RetryOptions } from '../../models/retrying-fetch.js';
import type { ModelSource } from './summary-service.js';

export interface ModelSourceSettings {
  readonly provider?: Provider | undefined;
  /** The model for profiles that name none; default the provider's. */
  readonly model?: string | undefined;
  readonly baseUrl?: string | undefined;
  readonly env: Environment;
  readonly retry?: RetryOptions;
  /** Builds models; tests pass fakes. Default createModel. */
  readonly create?: (settings: ModelSettings) => Promise<SummaryModel>;
}

/**
 * Models kept built at once. A profile (any Standard key may write one) names any model it likes:
 * past this many names, a model is built for its request and not kept, so names sent one after
 * another cannot grow the server's memory.
 */
export const MAX_KEPT_MODELS = 50;

export function createModelSource(settings: ModelSourceSettings): ModelSource {
  const provider = resolveProvider({ provider: settings.provider, env: settings.env });
  const create = settings.create ?? createModel;
  const models = new Map<string, Promise<SummaryModel>>();
  return {
    provider,
    defaultModel: settings.model ?? defaultModelFor(provider),
    modelFor(name) {
      let model = models.get(name);
      if (model === undefined) {
        model = create({ provider, model: name, baseUrl: settings.baseUrl, env: settings.env, ...(settings.retry === undefined ? {} : { retry: settings.retry }) });
        // A model that could not be built (no key) is tried again on the next request.
        const built = model;
        built.catch(() => {
          if (models.get(name) === built) models.delete(name);
        });
        if (models.size < MAX_KEPT_MODELS) models.set(name, model);
      }
      return model;
    },
  };
}

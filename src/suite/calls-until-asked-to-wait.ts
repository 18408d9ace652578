// A suite's live models stop calling a provider once it asked for a longer wait than the retries
// wait (a spent daily quota): every later call would meet the same answer and spend a request of
// the quota on it.

import { ModelError } from '../models/model-errors.js';
import type { SummaryModel } from '../models/summary-model.js';
import { withGenerate } from '../models/with-generate.js';

/** The first refused wait of a run, by provider: shared by the live models of every suite. */
export type RefusedWaits = Map<string, ModelError>;

/**
 * `model`, which records the first call that failed with a refused wait in `refused`, and after
 * it fails every call to the same provider at once, without a request, naming the wait.
 */
export function callsUntilAskedToWait(model: SummaryModel, refused: RefusedWaits): SummaryModel {
  const notCalled = (first: ModelError): ModelError => {
    const seconds = Math.ceil((first.refusedWaitMs ?? 0) / 1000).toLocaleString('en-US');
    const message = `not called: ${model.provider} asked to wait ${seconds} s before another request, on an earlier call of this run; run recap test again after the wait`;
    return new ModelError(message, { provider: model.provider, status: first.status, refusedWaitMs: first.refusedWaitMs });
  };
  return withGenerate(model, async (request) => {
    const first = refused.get(model.provider);
    if (first !== undefined) throw notCalled(first);
    try {
      return await model.generate(request);
    } catch (error) {
      if (error instanceof ModelError && error.refusedWaitMs !== undefined && !refused.has(model.provider)) refused.set(model.provider, error);
      throw error;
    }
  });
}

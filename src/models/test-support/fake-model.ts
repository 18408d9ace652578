// A SummaryModel for tests: answers from a queue and records every request it received.

import type { ModelRequest, ModelResponse, SummaryModel } from '../summary-model.js';

export interface FakeModel extends SummaryModel {
  readonly requests: ModelRequest[];
}

/** Answers each call with the next text (or throws the next error) from `answers`. */
export function createFakeModel(answers: readonly (string | Error)[], model = 'fake-model'): FakeModel {
  const queue = [...answers];
  const requests: ModelRequest[] = [];
  return {
    provider: 'gemini',
    model,
    kind: 'language-model',
    requests,
    async generate(request: ModelRequest): Promise<ModelResponse> {
      requests.push(request);
      const next = queue.shift();
      if (next === undefined) throw new Error('the fake model has no answer left');
      if (next instanceof Error) throw next;
      return { text: next, model, usage: { promptTokens: 100, outputTokens: 10, totalTokens: 110 } };
    },
  };
}

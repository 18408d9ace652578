// A SummaryModel for studio tests: answers from a script, optionally held until released, and
// honouring the abort signal like a real adapter.

import type { ModelRequest, ModelResponse, SummaryModel } from '../../index.js';

export interface ScriptedModel extends SummaryModel {
  readonly requests: ModelRequest[];
  /** Lets held answers go. */
  release(): void;
}

export interface ScriptedModelOptions {
  readonly answers: readonly (string | Error)[];
  /** Hold each answer until release() is called. */
  readonly hold?: boolean;
  /** When set, the model can count tokens and answers this. */
  readonly countTokens?: number;
  readonly model?: string;
}

export function createScriptedModel(options: ScriptedModelOptions): ScriptedModel {
  const queue = [...options.answers];
  const requests: ModelRequest[] = [];
  const waiting = new Set<() => void>();
  const name = options.model ?? 'scripted-model';
  const model: ScriptedModel = {
    provider: 'gemini',
    model: name,
    kind: 'language-model',
    requests,
    release() {
      for (const resume of waiting) resume();
      waiting.clear();
    },
    async generate(request) {
      requests.push(request);
      if (options.hold === true) {
        await new Promise<void>((resolve, reject) => {
          waiting.add(resolve);
          request.signal?.addEventListener('abort', () => reject(Object.assign(new Error('aborted'), { name: 'AbortError' })));
        });
      }
      const next = queue.shift();
      if (next === undefined) throw new Error('the scripted model has no answer left');
      if (next instanceof Error) throw next;
      const response: ModelResponse = { text: next, model: name, usage: { promptTokens: 120, outputTokens: 30, totalTokens: 150 } };
      return response;
    },
  };
  if (options.countTokens === undefined) return model;
  const counted = options.countTokens;
  return { ...model, countTokens: async () => counted, release: model.release, requests };
}

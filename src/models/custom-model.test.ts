// A model of your own is any object implementing SummaryModel (docs/library.md): its provider is a
// name of your choosing, not only one of the built-in providers. `npm run typecheck` compiles this
// file, so the assignments below are the type-level test; the run checks the name comes through.

import { describe, expect, expectTypeOf, it } from 'vitest';
import { prepare } from '../pipeline/prepare.js';
import { sessionWith } from '../pipeline/test-support/session-builder.js';
import { summarize } from '../summarize.js';
import { ModelError, type ModelErrorOptions } from './model-errors.js';
import type { ModelRequest, ModelResponse, Provider, SummaryModel } from './summary-model.js';

const ownModel: SummaryModel = {
  provider: 'my-llm',
  model: 'house-1',
  kind: 'language-model',
  async generate(_request: ModelRequest): Promise<ModelResponse> {
    return { text: 'The user browsed the shop.', model: 'house-1' };
  },
};

describe('a model of your own', () => {
  it('type-checks with a provider name of its own, and the built-in names still do', () => {
    expectTypeOf<'my-llm'>().toExtend<SummaryModel['provider']>();
    expectTypeOf<Provider>().toExtend<SummaryModel['provider']>();
    const errorOptions: ModelErrorOptions = { provider: ownModel.provider };
    expect(new ModelError('failed', errorOptions).provider).toBe('my-llm');
  });

  it('summarises, and the outcome names its provider', async () => {
    const session = sessionWith([{ offset: 0, type: 'navigate', url: 'https://shop.example/' }]);
    const outcome = await summarize(prepare({}, session), ownModel);
    expect(outcome.provider).toBe('my-llm');
    expect(outcome.result).toEqual({ summary: 'The user browsed the shop.' });
  });
});

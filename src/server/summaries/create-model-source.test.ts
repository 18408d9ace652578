import { describe, expect, it } from 'vitest';
import type { ModelSettings } from '../../models/create-model.js';
import type { SummaryModel } from '../../models/summary-model.js';
import { createModelSource, MAX_KEPT_MODELS } from './create-model-source.js';

describe('createModelSource', () => {
  it('keeps a bounded number of models: names a profile makes up one after another do not grow memory', async () => {
    const built: string[] = [];
    const create = async (settings: ModelSettings) => {
      built.push(settings.model ?? '');
      return { name: settings.model } as unknown as SummaryModel;
    };
    const source = createModelSource({ provider: 'gemini', env: {}, create });
    for (let index = 0; index < MAX_KEPT_MODELS + 10; index++) await source.modelFor(`made-up-${index}`);
    expect(built).toHaveLength(MAX_KEPT_MODELS + 10);
    // The first names are kept and built once; one past the bound is built for each request.
    await source.modelFor('made-up-0');
    expect(built).toHaveLength(MAX_KEPT_MODELS + 10);
    await source.modelFor(`made-up-${MAX_KEPT_MODELS + 5}`);
    expect(built).toHaveLength(MAX_KEPT_MODELS + 11);
  });
});

import { describe, expect, it } from 'vitest';
import type { ModelRequest, SummaryModel } from './summary-model.js';
import { withGenerate } from './with-generate.js';

describe('withGenerate', () => {
  it('keeps the provider, name, kind and token counting (called on the model it wraps) and uses the new generate', async () => {
    const model = {
      provider: 'gemini' as const,
      model: 'gemini-2.5-flash',
      kind: 'language-model' as const,
      counted: 0,
      async generate() {
        return { text: 'own', model: 'gemini-2.5-flash', usage: undefined };
      },
      async countTokens(this: { counted: number }) {
        this.counted++;
        return 42;
      },
    } satisfies SummaryModel & { counted: number };
    const request: ModelRequest = { prompt: 'p', temperature: undefined, responseSchema: undefined };
    const wrapped = withGenerate(model, async () => ({ text: 'wrapped', model: 'm' }));
    expect(wrapped).toMatchObject({ provider: 'gemini', model: 'gemini-2.5-flash', kind: 'language-model' });
    expect((await wrapped.generate(request)).text).toBe('wrapped');
    expect(await wrapped.countTokens?.(request)).toBe(42);
    expect(model.counted).toBe(1);
    expect(withGenerate({ ...model, countTokens: undefined }, model.generate).countTokens).toBeUndefined();
  });
});

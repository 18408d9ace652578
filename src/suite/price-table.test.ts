import { describe, expect, it } from 'vitest';
import { estimateCost } from '../models/prices.js';
import { costOf, DEFAULT_PRICES } from './price-table.js';

const totals = (promptTokens: number, outputTokens: number) => ({ calls: 1, promptTokens, outputTokens, callsWithoutUsage: 0 });

describe('costOf', () => {
  it('prices every model the library prices, as many-session runs do: versioned names find their family', () => {
    for (const model of ['gemini-2.5-flash', 'gemini-2.5-flash-001', 'models/gemini-2.5-flash-lite-preview-06-17', 'gemini-2.0-flash-lite', 'gpt-4.1-nano', 'gpt-4o-2024-08-06']) {
      expect(costOf(model, totals(1_000_000, 100_000), DEFAULT_PRICES), model).toBe(estimateCost(model, 1_000_000, 100_000));
      expect(costOf(model, totals(1_000_000, 100_000), DEFAULT_PRICES), model).toBeGreaterThan(0);
    }
    // gemini-2.5-flash-lite-… is the lite model's price, not gemini-2.5-flash's.
    expect(costOf('gemini-2.5-flash-lite-001', totals(1_000_000, 0), DEFAULT_PRICES)).toBeCloseTo(0.1, 10);
  });

  it('has no price for an unlisted model, a built-in property name or a name that only starts alike', () => {
    for (const model of ['llama-3', 'constructor', '__proto__', 'gemini-2.5-flashy']) expect(costOf(model, totals(10, 10), DEFAULT_PRICES), model).toBeUndefined();
  });

  it('prices a model of a --prices table, and its versioned names', () => {
    const prices = { ...DEFAULT_PRICES, 'house-model': { input: 2, output: 4 } };
    expect(costOf('house-model-v2', totals(1_000_000, 1_000_000), prices)).toBe(6);
  });
});

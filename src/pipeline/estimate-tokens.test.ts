import { describe, expect, it } from 'vitest';
import { estimateTokens } from './estimate-tokens.js';

describe('estimateTokens', () => {
  it('counts about four characters per token in prose', () => {
    expect(estimateTokens('a'.repeat(400))).toBe(100);
  });

  it('counts punctuation more densely', () => {
    expect(estimateTokens('"=":'.repeat(100))).toBe(200);
  });

  it('samples long texts to within a few percent of a full count', () => {
    const line = '+3.1s click target="button#apply" target_text="Apply coupon"\n';
    const text = line.repeat(20_000);
    const exact = Math.ceil(estimateTokens(line) * 20_000);
    expect(Math.abs(estimateTokens(text) - exact) / exact).toBeLessThan(0.03);
  });
});

import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { parseSession } from '../session/parse-session.js';
import { estimateTokens } from './estimate-tokens.js';
import { prepare } from './prepare.js';

// The estimate's formula over every character, without sampling.
function exactEstimate(text: string): number {
  const punctuation = text.match(/[!-/:-@[-`{-~]/g)?.length ?? 0;
  return Math.ceil((text.length - punctuation) / 4 + punctuation / 2);
}

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

  it('samples a real, varied prompt to within a few percent of a full count', () => {
    const session = parseSession(readFileSync('sessions-fixtures/long-session.json', 'utf8'));
    const { prompt } = prepare({}, session);
    expect(prompt.length).toBeGreaterThan(100_000);
    const exact = exactEstimate(prompt);
    expect(Math.abs(estimateTokens(prompt) - exact) / exact).toBeLessThan(0.03);
  });
});

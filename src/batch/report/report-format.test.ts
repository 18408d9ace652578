import { describe, expect, it } from 'vitest';
import { formatDuration, formatNumber } from './report-format.js';

describe('report numbers', () => {
  it('writes a sum past the largest double as ∞, never NaN or "InfinityM"', () => {
    // Finite lines can add up to Infinity: two results files of 1e308 ms each.
    expect(formatDuration(1e308 + 1e308)).toBe('∞ ms');
    expect(formatNumber(Number.POSITIVE_INFINITY)).toBe('∞');
    expect(formatNumber(Number.NEGATIVE_INFINITY)).toBe('-∞');
  });

  it('keeps finite values as they were', () => {
    expect([formatDuration(850), formatDuration(12_300), formatDuration(245_000), formatDuration(7_380_000)]).toEqual(['850 ms', '12.3 s', '4 min 5 s', '2 h 3 min']);
    expect([formatNumber(0.125), formatNumber(42), formatNumber(12_500), formatNumber(3_200_000)]).toEqual(['0.125', '42', '12.5k', '3.2M']);
  });
});

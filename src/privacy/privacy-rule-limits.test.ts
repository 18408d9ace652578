import { describe, expect, it, vi } from 'vitest';
import { compilePrivacyRules, type PrivacyRules } from './privacy-rules.js';

const compiled = (data: unknown): PrivacyRules => {
  const result = compilePrivacyRules(data);
  if (!result.success) throw new Error(JSON.stringify(result.problems));
  return result.rules;
};

describe('mask_properties globs', () => {
  it('match with the linear-time engine (RE2), never a backtracking RegExp: a glob with many stars against a long name that fails it', () => {
    // JavaScript's engine tries every way to split the name among the stars: seconds at 44
    // characters, hours at 100; RE2 reads the name once.
    const rules = compiled({ mask_properties: ['**.*a*a*a*a*a*a*a*a*b'] });
    const exec = vi.spyOn(RegExp.prototype, 'exec');
    const test = vi.spyOn(RegExp.prototype, 'test');
    try {
      expect(rules.isMaskedPath(`properties.${'a'.repeat(44)}`)).toBe(false);
      expect(rules.holdsMaskedPath(`properties.${'a'.repeat(44)}`)).toBe(true);
      expect(rules.isMaskedPath('properties.AAAAAAAAB')).toBe(true);
      expect(exec).not.toHaveBeenCalled();
      expect(test).not.toHaveBeenCalled();
    } finally {
      exec.mockRestore();
      test.mockRestore();
    }
  });

  it('keep their meaning: a glob with nothing above its matches holds no path', () => {
    const rules = compiled({ mask_properties: ['password'] });
    expect(rules.isMaskedPath('Password')).toBe(true);
    expect(rules.holdsMaskedPath('user')).toBe(false);
  });
});

describe('rule limits', () => {
  it('refuse more than 200 patterns or globs, and a pattern over 1,024 characters or a glob over 512', () => {
    const patterns = Object.fromEntries(Array.from({ length: 201 }, (_, index) => [`p${index}`, `x${index}`]));
    expect(compilePrivacyRules({ patterns })).toMatchObject({ success: false, problems: [{ path: 'patterns' }] });
    expect(compilePrivacyRules({ mask_properties: Array.from({ length: 201 }, (_, index) => `p${index}`) })).toMatchObject({ success: false, problems: [{ path: 'mask_properties' }] });
    expect(compilePrivacyRules({ patterns: { long: 'x'.repeat(1025) } })).toMatchObject({ success: false, problems: [{ path: 'patterns.long' }] });
    expect(compilePrivacyRules({ mask_properties: ['x'.repeat(513)] })).toMatchObject({ success: false, problems: [{ path: 'mask_properties[0]' }] });
    delete patterns.p200;
    expect(compilePrivacyRules({ patterns, mask_properties: Array.from({ length: 200 }, (_, index) => `p${index}`) }).success).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { packageName } from './package-name.js';

describe('packageName', () => {
  it('keeps a name npm already accepts', () => {
    expect(packageName('checkout-summaries')).toBe('checkout-summaries');
  });

  it('lower-cases and turns runs of other characters into one dash', () => {
    expect(packageName('My Sessions!  (2026)')).toBe('my-sessions-2026');
  });

  it('drops leading dots and underscores, which npm refuses', () => {
    expect(packageName('._hidden_')).toBe('hidden');
  });

  it('falls back to recap-project when nothing usable is left', () => {
    expect(packageName('…')).toBe('recap-project');
    expect(packageName('node_modules')).toBe('recap-project');
  });

  it('stays within npm length limit of 214 characters', () => {
    expect(packageName('a'.repeat(300))).toHaveLength(214);
  });
});

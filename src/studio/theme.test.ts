import { describe, expect, it } from 'vitest';
import { colorEnabled, createTheme } from './theme.js';

describe('theme', () => {
  it('turns colour off when NO_COLOR is set to a non-empty value', () => {
    expect(colorEnabled({})).toBe(true);
    expect(colorEnabled({ NO_COLOR: '' })).toBe(true);
    expect(colorEnabled({ NO_COLOR: '1' })).toBe(false);
  });

  it('uses no colour attribute at all for any style without colour', () => {
    const theme = createTheme({ color: false });
    const styles = ['plain', 'dim', 'strong', 'heading', 'accent', 'ok', 'warn', 'error', 'added', 'removed', 'key', 'string', 'number', 'literal', 'redacted'] as const;
    for (const style of styles) expect(theme.text(style).color).toBeUndefined();
    expect(theme.borderColor).toBeUndefined();
  });

  it('draws privacy placeholders unlike any other role, with colour and without', () => {
    const others = ['plain', 'dim', 'strong', 'heading', 'accent', 'ok', 'warn', 'error', 'added', 'removed', 'key', 'string', 'number', 'literal'] as const;
    for (const color of [true, false]) {
      const theme = createTheme({ color });
      expect(theme.text('redacted').inverse).toBe(true);
      for (const style of others) expect(theme.text(style), style).not.toEqual(theme.text('redacted'));
    }
  });

  it('draws unsupported and dropped claims unlike each other and any other role, with colour and without', () => {
    const others = ['plain', 'dim', 'strong', 'heading', 'accent', 'ok', 'warn', 'error', 'added', 'removed', 'key', 'string', 'number', 'literal', 'redacted'] as const;
    for (const color of [true, false]) {
      const theme = createTheme({ color });
      expect(theme.text('unsupported')).not.toEqual(theme.text('dropped'));
      for (const style of others) {
        expect(theme.text(style), style).not.toEqual(theme.text('unsupported'));
        expect(theme.text(style), style).not.toEqual(theme.text('dropped'));
      }
    }
    expect(createTheme({ color: false }).text('unsupported').color).toBeUndefined();
    expect(createTheme({ color: false }).text('dropped').color).toBeUndefined();
  });

  it('colours errors red when colour is on', () => {
    expect(createTheme({ color: true }).text('error').color).toBe('red');
  });
});

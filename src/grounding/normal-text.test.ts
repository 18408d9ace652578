import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { hasWordCharacter, indexOfWords, normalText } from './normal-text.js';

describe('normalText', () => {
  test('writes every dash as a hyphen with no space around it, as models retype them', () => {
    expect(normalText('Express (1–2 business days) €9.90')).toBe(normalText('Express (1-2 business days) €9.90'));
    expect(normalText('Northwind Outfitters — Outdoor clothing & gear')).toBe('northwind outfitters-outdoor clothing & gear');
    expect(normalText('Northwind Outfitters - Outdoor clothing & gear')).toBe('northwind outfitters-outdoor clothing & gear');
    expect(normalText('Sign-up − step 2')).toBe('sign-up-step 2');
    // A text already normal stays the same object's value.
    expect(normalText('apply coupon')).toBe('apply coupon');
  });

  test('a word next to a dash is still a whole word', () => {
    expect(indexOfWords(normalText('Trailhead Rain Jacket — Women'), 'women')).not.toBe(-1);
    expect(indexOfWords(normalText('Trailhead Rain Jacket — Women'), normalText('Jacket – Women'))).not.toBe(-1);
  });
});

describe('hasWordCharacter', () => {
  test('says what /[\\p{L}\\p{N}]/u says, of ASCII, other scripts and lone surrogates alike', () => {
    const pieces = fc.constantFrom('', 'a', 'Z', '7', ' ', '…', '-', '€', 'é', 'ß', '中', '٣', '𝒜', '\ud835', '\udc9c', '“', '»', '·');
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary' }), fc.array(pieces).map((parts) => parts.join(''))), (text) => {
        expect(hasWordCharacter(text)).toBe(/[\p{L}\p{N}]/u.test(text));
      }),
      { numRuns: 2000 },
    );
  });
});

import fc from 'fast-check';
import { describe, expect, it, test } from 'vitest';
import { hasWordCharacter, indexOfWords, mayHoldWords, normalText, wordsOf } from './normal-text.js';

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

describe('mayHoldWords', () => {
  it('is true wherever indexOfWords finds the needle, and turns away a needle with a word the text lacks', () => {
    const piece = fc.oneof(fc.constantFrom('apply', 'coupon', '#12', '(#58213)', 'order', ' ', '-', 'Ünïcode', '中文', '\u0000', 'ab', 'a'), fc.string({ maxLength: 3 }));
    const text = fc.array(piece, { maxLength: 8 }).map((parts) => parts.join(''));
    fc.assert(
      fc.property(text, text, fc.nat(), fc.nat(), (haystack, other, from, length) => {
        // Needles cut from the text itself (found as whole words or not), and others.
        const start = haystack.length === 0 ? 0 : from % haystack.length;
        for (const needle of [haystack.slice(start, start + length % 12), other]) {
          if (indexOfWords(haystack, needle) !== -1) expect(mayHoldWords(wordsOf(haystack), needle), `${JSON.stringify(needle)} in ${JSON.stringify(haystack)}`).toBe(true);
        }
      }),
      { numRuns: 5000 },
    );
    expect(mayHoldWords(wordsOf('apply coupon\u0001order #4471'), 'order #4471')).toBe(true);
    expect(mayHoldWords(wordsOf('apply coupon\u0001order #4471'), 'ticket #4471')).toBe(false);
    expect(mayHoldWords(wordsOf('apply coupon'), 'coupo')).toBe(false);
  });
});

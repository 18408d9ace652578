import { describe, expect, it } from 'vitest';
import { findPresetMatches, PRESET_NAMES, type PresetName } from '../presets.js';
import { decodedText, holdsCharacterEscapes } from './character-escapes.js';

const all = new Set<PresetName>(PRESET_NAMES);
const found = (text: string) => findPresetMatches(text, all).map(({ start, end, preset }) => [text.slice(start, end), preset]);

describe('a text whose characters are written by their codes, or split by invisible ones', () => {
  it.each([
    // JSON's escapes, as a console message logs JSON.stringify of a JSON string, and as PHP and Python write accents.
    ['{"email":"ada\\u0040example.com"}', 'ada\\u0040example.com', 'email'],
    ['{"email":"jos\\u00e9@example.com"}', 'jos\\u00e9@example.com', 'email'],
    ['{\\"user\\":\\"{\\\\\\"email\\\\\\":\\\\\\"ada\\\\u0040example.com\\\\\\"}\\"}', 'ada\\\\u0040example.com', 'email'],
    ['{"phone":"\\u002b44 20 7946 0958"}', '\\u002b44 20 7946 0958', 'phone'],
    ['{"card":"4111\\u00a01111\\u00a01111\\u00a01111"}', '4111\\u00a01111\\u00a01111\\u00a01111', 'card'],
    ["repr: 'ada\\x40example.com'", 'ada\\x40example.com', 'email'],
    // HTML character references around digits and in an address.
    ['<td>+44&nbsp;20&nbsp;7946&nbsp;0958</td>', '+44&nbsp;20&nbsp;7946&nbsp;0958', 'phone'],
    ['card 4111&#32;1111&#32;1111&#32;1111 declined', '4111&#32;1111&#32;1111&#32;1111', 'card'],
    ['tel &#43;44 20 7946 0958', '&#43;44 20 7946 0958', 'phone'],
    ['IBAN DE89&nbsp;3704&nbsp;0044&nbsp;0532&nbsp;0130&nbsp;00', 'DE89&nbsp;3704&nbsp;0044&nbsp;0532&nbsp;0130&nbsp;00', 'iban'],
    ['ada&#x40;example&#46;com', 'ada&#x40;example&#46;com', 'email'],
    ['&#97;&#100;&#97;&#64;&#101;&#120;&#97;&#109;&#112;&#108;&#101;&#46;&#99;&#111;&#109;', '&#97;&#100;&#97;&#64;&#101;&#120;&#97;&#109;&#112;&#108;&#101;&#46;&#99;&#111;&#109;', 'email'],
    // Zero-width spaces, joiners and soft hyphens inside a word, written or as references.
    ['write to ada\u200b@example.com', 'ada\u200b@example.com', 'email'],
    ['ada@exam\u00adple.com', 'ada@exam\u00adple.com', 'email'],
    ['a\u200cd\u200da\u2060@\ufeffexample.com', 'a\u200cd\u200da\u2060@\ufeffexample.com', 'email'],
    ['ada&shy;@example.com', 'ada&shy;@example.com', 'email'],
  ])('finds what %j hides, where it is written', (text, match, preset) => {
    expect(found(text)).toEqual([[match, preset]]);
  });

  it('leaves a text whose references and escapes hide nothing as it is', () => {
    for (const text of ['Ada &amp; Bob', 'caf\\u00e9 au lait', '&nbsp;&nbsp;Next', 'price&#58; 12', 'a\\u0040b', 'x\u200by', '&unknown;44 20 7946 0958']) expect(found(text)).toEqual([]);
  });

  it('decodes references and escapes, leaving invisible characters out, and knows where each character was written', () => {
    const decoded = decodedText('a&#64;b\u200b\\u002ec');
    expect(decoded?.text).toBe('a@b.c');
    expect(decoded?.starts).toEqual([0, 1, 6, 8, 14]);
    expect(decoded?.ends).toEqual([1, 6, 7, 14, 15]);
    expect(decodedText('plain text & more')).toBeUndefined();
    expect(holdsCharacterEscapes('plain text & more \\n')).toBe(false);
    expect(holdsCharacterEscapes('x&nbsp;y')).toBe(true);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findPresetMatches } from '../presets.js';
import { isSecretPropertyName } from './secret-property-name.js';

const SECRET: ReadonlySet<'secret'> = new Set(['secret']);

function secretsIn(text: string): string[] {
  return findPresetMatches(text, SECRET).map((match) => text.slice(match.start, match.end));
}

// The secret preset skips its regular expressions on a text without the pieces they need: these
// tests hold that every shape they find still passes that pre-check.
describe('secret pre-checks', () => {
  it.each([
    'sk-proj-Ab12Cd34Ef56Gh78Ij90Kl12',
    'sk_test_4eC39HqLyjWDarjtT1zdp7dc',
    'rk_live_4eC39HqLyjWDarjtT1zdp7dc',
    'ASIAIOSFODNN7EXAMPLE',
    'gho_16C7e42F292c6912E7710c838347Ae178B4a',
    'ghu_16C7e42F292c6912E7710c838347Ae178B4a',
    'ghs_16C7e42F292c6912E7710c838347Ae178B4a',
    'ghr_16C7e42F292c6912E7710c838347Ae178B4a',
    'xoxp-1234567890-abcdefABCDEF',
  ])('finds the API key %s', (key) => {
    expect(secretsIn(`key ${key} here`)).toEqual([key]);
  });

  it.each(['bearer abc123DEF456ghi', 'BEARER abc123DEF456ghi', 'Bearer\tabc123DEF456ghi'])('finds the token in %j', (text) => {
    expect(secretsIn(text)).toEqual(['abc123DEF456ghi']);
  });

  it.each([
    ['Bearer abc.def-ghi', ['abc.def-ghi']],
    ['Bearer AbcDefGhiJ', ['AbcDefGhiJ']],
    ['the Bearer authentication scheme', []],
    ['Basic dXNlcjpwYXNz', ['dXNlcjpwYXNz']],
    ['sent basic dXNlcjpwYXNzd29yZA== again', ['dXNlcjpwYXNzd29yZA==']],
    // Not credentials: no user:password inside, or prose.
    ['Basic aGVsbG8gd29ybGQ=', []],
    ['the Basic plan costs less', []],
  ])('finds what follows an HTTP auth scheme in %j only when it is a token or credentials', (text, found) => {
    expect(secretsIn(text)).toEqual(found);
  });

  it('finds the value after every key that isSecretPropertyName accepts, in any case', () => {
    const word = fc.constantFrom('password', 'passwd', 'pwd', 'secret', 'token', 'api', 'key', 'apikey', 'private', 'authorization', 'cookie', 'otp', 'pin', 'cvv', 'cvc', 'ssn', 'user', 'new', 'access', 'x', 's');
    const cased = fc.tuple(word, fc.constantFrom('lower', 'upper', 'capital')).map(([text, casing]) =>
      casing === 'lower' ? text : casing === 'upper' ? text.toUpperCase() : text[0]!.toUpperCase() + text.slice(1),
    );
    const key = fc.tuple(fc.array(cased, { minLength: 1, maxLength: 3 }), fc.constantFrom('', '_', '-', '.')).map(([words, glue]) => words.join(glue));
    fc.assert(
      fc.property(key, fc.constantFrom('=', ': ', '='), (name, separator) => {
        fc.pre(isSecretPropertyName(name));
        expect(secretsIn(`${name}${separator}v4lue`)).toEqual(['v4lue']);
      }),
    );
  });
});

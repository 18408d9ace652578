// The privacy probe's shortcuts never hide what the presets' pre-checks would see: a token's start
// found by tokenStartAt is never skipped by the cheaper test the text writer asks first.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PROBE_KINDS, PROBE_TOKEN, tokenMayStartAt } from './privacy-probe.js';
import { tokenStartAt, TOKEN_START } from './presets/token-start.js';

const starts = ['eyJ', 'Bearer', 'bearer', 'BEARER', 'Basic', 'BASIC', 'basic', 'sk-', '_live_', '_test_', 'AKIA', 'ASIA', 'ghp_', 'gho_', 'ghu_', 'ghs_', 'ghr_', 'github_pat_', 'xoxa-', 'xoxb-', 'xoxp-', 'xoxo-', 'xoxs-', 'xoxr-', 'AIza'];

describe('tokenMayStartAt', () => {
  it('is true wherever tokenStartAt is, at every character of kind PROBE_TOKEN', () => {
    const piece = fc.oneof(fc.constantFrom(...starts), fc.string({ maxLength: 4 }), fc.constantFrom('er', 'ic', 'ar', 'A', 'J', 'r', 'c', '_', '-', 'é'));
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 8 }).map((parts) => parts.join('')), (text) => {
        let found = false;
        for (let index = 0; index < text.length; index++) {
          const code = text.charCodeAt(index);
          if (code >= 128 || PROBE_KINDS[code] !== PROBE_TOKEN || !tokenStartAt(text, index)) continue;
          found = true;
          expect(tokenMayStartAt(text, index, code), `${JSON.stringify(text)} at ${index}`).toBe(true);
        }
        expect(found).toBe(TOKEN_START.test(text));
      }),
      { numRuns: 3000 },
    );
  });

  it('asks tokenStartAt seldom in ordinary words', () => {
    const asked = (text: string) => [...text].filter((character, index) => PROBE_KINDS[character.charCodeAt(0)] === PROBE_TOKEN && tokenMayStartAt(text, index, character.charCodeAt(0))).length;
    // Every `er` and `ic` would be asked by a test of pairs: here, none.
    expect(asked('the filter header of the user picture list, the carrier rc-2 and a quick dashboard')).toBe(0);
    // `music` ends as `Basic` does.
    expect(asked('a music service')).toBe(1);
  });
});

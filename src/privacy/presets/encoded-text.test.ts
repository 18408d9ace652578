import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findPresetMatches, PRESET_NAMES, type PresetName } from '../presets.js';
import { encodedTextIn, mayHoldEncodedText } from './encoded-text.js';

const base64 = (text: string, alphabet: 'base64' | 'base64url' = 'base64') => Buffer.from(text).toString(alphabet);
const all = new Set<PresetName>(PRESET_NAMES);
const found = (text: string, presets: ReadonlySet<PresetName> = all) => findPresetMatches(text, presets).map(({ start, end, preset }) => [text.slice(start, end), preset]);

describe('printable text written in base64', () => {
  it('is replaced whole by the placeholder of what the presets find in it: a mail link, a path segment, a data URL, a cookie', () => {
    const email = base64('ada@example.com');
    expect(email).toBe('YWRhQGV4YW1wbGUuY29t');
    expect(found(`https://shop.example/unsubscribe?e=${email}&list=7`)).toEqual([[email, 'email']]);
    // With its padding, written or escaped as a URL writes it.
    const padded = base64('bob.smith+news@example.co.uk');
    expect(padded.endsWith('==')).toBe(true);
    expect(found(`?e=${padded}&list=7`)).toEqual([[padded, 'email']]);
    const escaped = encodeURIComponent(base64('ada@example.com?'));
    expect(escaped).toMatch(/%3D%3D$/);
    expect(found(`?q=${escaped}`)).toEqual([[escaped, 'email']]);
    // base64url as a path's segment, between two others.
    const segment = base64('ada.lovelace@example.com', 'base64url');
    expect(found(`/u/${segment}/confirm`)).toEqual([[segment, 'email']]);
    const body = base64('call me on +44 20 7946 0958 please');
    expect(found(`data:text/plain;base64,${body}`)).toEqual([[body, 'phone']]);
    const cookie = base64('card=4111 1111 1111 1111;exp=12/29');
    expect(found(`prefs=${cookie}; theme=dark`)).toEqual([[cookie, 'card']]);
    // A form's body, its fields escaped as a form writes them.
    const form = base64('email=ada%40example.com&phone=%2B44%2020%207946%200958');
    expect(found(`draft=${form}`)).toEqual([[form, 'email']]);
    // Under the preset alone that finds something in it.
    expect(found(`?e=${email}`, new Set(['email']))).toEqual([[email, 'email']]);
    expect(found(`?e=${email}`, new Set(['phone']))).toEqual([]);
  });

  it('reads a token of standard base64 that holds a slash whole, and a piece of a path between slashes', () => {
    // `/` stands in standard base64 where a byte's bits make it: `???` encodes as `Pz8/`.
    const withSlash = base64('ada@example.com???');
    expect(withSlash).toContain('/');
    expect(found(`?e=${withSlash}&x=1`)).toEqual([[withSlash, 'email']]);
    const piece = base64('+44 20 7946 0958', 'base64url');
    expect(encodedTextIn(`/verify/${piece}/sms`)).toEqual([{ start: 8, end: 8 + piece.length, decoded: '+44 20 7946 0958' }]);
  });

  it('is left as it is when the presets find nothing in it, or it decodes to bytes that are no printable text', () => {
    expect(found(`?ref=${base64('spring newsletter, week 12')}`)).toEqual([]);
    // Ids, hashes, words and class names of 12 characters or more decode to something, but seldom to
    // printable text, and then nothing a preset finds.
    for (const word of ['internationalization', 'ProductDetailsContainer', 'a8f3k2m9x7q1z0p4', 'dashboard_widget_revenue', '9f8e7d6c5b4a39281706f5e4d3c2b1a0']) {
      expect(encodedTextIn(word), word).toEqual([]);
    }
    // A token that does not decode to text: bytes below a space (a line break), above `~` (UTF-8).
    expect(encodedTextIn(base64('ada@example.com\n'))).toEqual([]);
    expect(encodedTextIn(base64('josé@example.com'))).toEqual([]);
    // A JSON object's is encoded-json.ts's; a JWT stays the secret preset's, whole.
    expect(encodedTextIn(base64('{"email":"ada@example.com"}'))).toEqual([]);
    const jwt = `eyJhbGciOiJIUzI1NiJ9.${base64('{"email":"ada@example.com"}', 'base64url')}.c2lnbmF0dXJlMTIz`;
    expect(found(`Bearer ${jwt}`)).toEqual([[jwt, 'secret']]);
    // A token glued to a word's letters is a longer run, which is not read.
    expect(found(`ref_${base64('ada@example.com')}`)).toEqual([]);
  });

  it('seldom asks about random tokens: about one in 300 passes the scan, and almost none decodes to printable text', () => {
    // Random bytes from a fixed seed (xorshift), so that the test gives the same answer on every run.
    let seed = 0x9e3779b9;
    const randomBytes = (length: number) => {
      const bytes = Buffer.alloc(length);
      for (let index = 0; index < length; index++) {
        seed ^= seed << 13;
        seed ^= seed >>> 17;
        seed ^= seed << 5;
        bytes[index] = seed & 0xff;
      }
      return bytes;
    };
    let scanned = 0;
    let decoded = 0;
    for (let index = 0; index < 20_000; index++) {
      const token = randomBytes(24).toString('base64url').slice(0, 16 + (index % 16));
      if (mayHoldEncodedText(token)) scanned++;
      // A token of 12 random bytes is printable text about once in 150,000 (95 of 256 for each byte).
      for (const { decoded: text } of encodedTextIn(token)) {
        decoded++;
        expect(findPresetMatches(text, all), text).toEqual([]);
      }
    }
    expect(scanned).toBeGreaterThan(20);
    expect(scanned).toBeLessThan(200);
    expect(decoded).toBeLessThan(3);
  });

  it('finds by its scan every text holding a token it reads', () => {
    const printable = fc.string({ minLength: 9, maxLength: 40 }).map((text) => text.replace(/[^\x20-\x7e]/g, 'x'));
    const around = fc.constantFrom(['', ''], ['?e=', '&x=1'], ['/u/', '/next'], ['data:text/plain;base64,', ''], ['say ', ' now'], ['é', 'é'], ['a b ', '\t']);
    let read = 0;
    fc.assert(
      fc.property(printable, fc.constantFrom('base64' as const, 'base64url' as const), around, (text, alphabet, [before, after]) => {
        const whole = `${before}${base64(text, alphabet)}${after}`;
        if (encodedTextIn(whole).length === 0) return;
        read++;
        expect(mayHoldEncodedText(whole), JSON.stringify(whole)).toBe(true);
      }),
      { numRuns: 3000 },
    );
    // Most texts hold a token the reader reads (not those glued to a word): the property is not met by reading none.
    expect(read).toBeGreaterThan(1500);
  });
});

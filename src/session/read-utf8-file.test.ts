import { describe, expect, it } from 'vitest';
import { decodeUtf8, NotUtf8Error, PIECE_BYTES as PIECE } from './read-utf8-file.js';

describe('decodeUtf8', () => {
  it('decodes ASCII, Latin-1, BMP and astral characters as toString("utf8") does', () => {
    for (const text of ['', 'plain ascii {"a":1}', 'Café — 3 €', '😀 emoji and 𝄞 clef', '\u0000\u007f\u0080\u07ff\u0800\uffff']) {
      expect(decodeUtf8(Buffer.from(text))).toBe(text);
    }
  });

  it('keeps characters whole across the pieces it transcodes, whatever their width', () => {
    // A character of 2, 3 or 4 bytes straddling each possible cut near the piece boundary.
    for (const character of ['é', '€', '😀']) {
      for (let shift = 0; shift < 4; shift++) {
        const text = `${'a'.repeat(PIECE - shift - 1)}${character}${'b'.repeat(10)}${character.repeat(3)}`;
        const decoded = decodeUtf8(Buffer.from(text));
        expect(decoded.length).toBe(text.length);
        expect(decoded === text).toBe(true);
      }
    }
  });

  it('decodes text of several pieces', () => {
    const text = 'ä€😀x'.repeat(Math.ceil((2.2 * PIECE) / 10));
    expect(decodeUtf8(Buffer.from(text)) === text).toBe(true);
  });

  it('drops a byte order mark at the start only', () => {
    expect(decodeUtf8(Buffer.from('\ufeff{"a":"é"}'))).toBe('{"a":"é"}');
    expect(decodeUtf8(Buffer.from('\ufeff{}'))).toBe('{}');
    expect(decodeUtf8(Buffer.from('x\ufeff'))).toBe('x\ufeff');
  });

  it('refuses bytes that are not UTF-8, naming the line of the first bad byte', () => {
    const bytes = Buffer.concat([Buffer.from('line 1 é\nline 2\n'), Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a])]);
    expect(() => decodeUtf8(bytes)).toThrow(NotUtf8Error);
    expect(() => decodeUtf8(bytes)).toThrow('on line 3');
    // Encoded surrogates are not UTF-8 either.
    expect(() => decodeUtf8(Buffer.from([0x22, 0xed, 0xa0, 0x80, 0x22]))).toThrow(NotUtf8Error);
  });
});

import { describe, expect, it } from 'vitest';
import { quoteString } from '../pipeline/quote-page-text.js';
import { asRead, sighting, unquoted } from './text-views.js';

describe('unquoted', () => {
  it('undoes the quoting the prompt writes recorded values with', () => {
    for (const value of ['C:\\Users\\jose', 'a "quoted" <b>tag</b>', 'line\nbreak\ttab', 'literally \\u003c stays', '\u2028 and \u0007']) {
      expect(unquoted(quoteString(value)), value).toBe(`"${value}"`);
    }
  });
});

describe('sighting', () => {
  it('finds a text as written, in NFC whichever form either side is in', () => {
    expect(sighting('Jos\u00e9', 'name: Jose\u0301')).toBe('written');
    expect(sighting('/Jos\u00e9/', 'name: Jose\u0301')).toBe('written');
  });

  it('finds a text in the quoting of a prompt only when asked to', () => {
    const prompt = `value=${quoteString('C:\\Users\\jose')}`;
    expect(sighting('C:\\Users\\jose', prompt)).toBeUndefined();
    expect(sighting('C:\\Users\\jose', prompt, { quoted: true })).toBe('quoted');
  });

  it('finds a text written full-width or with invisible characters inside, as a reader takes it', () => {
    expect(asRead('ｊｏｓｅ＠ｅｘａｍｐｌｅ．ｃｏｍ')).toBe('jose@example.com');
    expect(sighting('jose@example.com', 'mail: ｊｏｓｅ＠ｅｘａｍｐｌｅ．ｃｏｍ')).toBe('as-read');
    expect(sighting('refund', 'a re\u00adfund', { ignoreCase: true })).toBe('as-read');
    expect(sighting('REFUND', 'a ｒｅｆｕｎｄ', { ignoreCase: true })).toBe('as-read');
    expect(sighting('refund', 'no such word here')).toBeUndefined();
  });

  it('looks for a text of invisible characters only as written: read, it is nothing', () => {
    expect(sighting('\u200b', 'plain text')).toBeUndefined();
    expect(sighting('\u200b', 'zero\u200bwidth')).toBe('written');
  });
});

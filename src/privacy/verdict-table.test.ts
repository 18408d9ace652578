import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TextWriter } from '../pipeline/text-writer.js';
import type { PrivacyProbe } from './privacy-probe.js';
import { CHANGED, PASSES, textHash, UNKNOWN, VerdictTable } from './verdict-table.js';

describe('VerdictTable', () => {
  it('knows a text once its verdict is noted, also as another string of the same characters', () => {
    const table = new VerdictTable();
    const text = 'div.widget > button';
    expect(table.get(textHash(text), text)).toBe(UNKNOWN);
    expect(table.set(textHash(text), text, true)).toBe(true);
    const again = ['div.widget', ' > ', 'button'].join('');
    expect(table.get(textHash(again), again)).toBe(CHANGED);
    table.set(textHash('Next'), 'Next', false);
    expect(table.get(textHash('Next'), 'Next')).toBe(PASSES);
  });

  it('tells apart texts of the same hash', () => {
    const table = new VerdictTable();
    // `Aa` and `BB` have the same multiply-add hash; any texts under one hash must stay apart too.
    expect(textHash('Aa')).toBe(textHash('BB'));
    table.set(textHash('Aa'), 'Aa', true);
    expect(table.get(textHash('BB'), 'BB')).toBe(UNKNOWN);
    table.set(textHash('BB'), 'BB', false);
    for (let index = 0; index < 50; index++) table.set(7, `text ${index}`, index % 3 === 0);
    expect(table.get(textHash('Aa'), 'Aa')).toBe(CHANGED);
    expect(table.get(textHash('BB'), 'BB')).toBe(PASSES);
    for (let index = 0; index < 50; index++) expect(table.get(7, `text ${index}`)).toBe(index % 3 === 0 ? CHANGED : PASSES);
  });

  it('keeps every verdict as it grows', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.tuple(fc.string({ maxLength: 12 }), fc.boolean()), { selector: ([text]) => text, minLength: 1, maxLength: 3000 }), (entries) => {
        const table = new VerdictTable();
        for (const [text, changed] of entries) table.set(textHash(text), text, changed);
        expect(table.size).toBe(entries.length);
        for (const [text, changed] of entries) expect(table.get(textHash(text), text)).toBe(changed ? CHANGED : PASSES);
        expect(table.get(textHash('\u0000never'), '\u0000never')).toBe(UNKNOWN);
      }),
      { numRuns: 20 },
    );
  });

  it('is asked by the text writer with the hash textHash gives', () => {
    const asked: [string, number][] = [];
    const probe = { copied: (text: string, hash: number) => (asked.push([text, hash]), false), whole: () => false } as unknown as PrivacyProbe;
    fc.assert(
      fc.property(fc.array(fc.string({ unit: fc.constantFrom('a', 'Z', '0', ' ', 'é', '—', '😀', '/') , maxLength: 30 }), { maxLength: 20 }), (texts) => {
        asked.length = 0;
        const writer = new TextWriter();
        writer.probe = probe;
        for (const text of texts) writer.writeQuoted(text);
        expect(asked).toEqual(texts.map((text) => [text, textHash(text)]));
      }),
    );
  });
});

import { describe, expect, it } from 'vitest';
import { printable, printableLine } from './printable.js';

describe('studio printable', () => {
  it('draws control and bidi characters as escapes, as the CLI prints them', () => {
    expect(printable('invoice\u202efdp.exe \u001b]0;x\u0007')).toBe('invoice\\u202efdp.exe \\u001b]0;x\\u0007');
    expect(printableLine([{ text: 'a\u2066b', style: 'plain' }])).toEqual([{ text: 'a\\u2066b', style: 'plain' }]);
  });
});

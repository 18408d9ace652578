import { describe, expect, it } from 'vitest';
import { printable } from './printable.js';

describe('printable', () => {
  it('shows control characters but line breaks and tabs as \\u escapes', () => {
    expect(printable('a\u001b]0;owned\u0007b\u009bc\r\n\td')).toBe('a\\u001b]0;owned\\u0007b\\u009bc\\u000d\n\td');
  });

  it('shows bidi embedding, override and isolate controls as escapes, so text shows in the order it is', () => {
    expect(printable('invoice\u202efdp.exe \u2066x\u2069')).toBe('invoice\\u202efdp.exe \\u2066x\\u2069');
  });

  it('keeps right-to-left text and its marks, and returns the same string when nothing is hidden', () => {
    const text = 'שלום \u200fעולם\u200e abc';
    expect(printable(text)).toBe(text);
  });
});

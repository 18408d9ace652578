import { describe, expect, it } from 'vitest';
import { terminalJson } from './terminal-json.js';

describe('terminalJson', () => {
  it('writes DEL, C1 and bidi controls as \\u escapes, and reads back as the same value', () => {
    const value = { text: 'a\u009b2J\u007f \u202eb\u2066c', nested: ['\u0085', 'plain é ✓'] };
    const text = terminalJson(value, 2);
    expect(text).not.toMatch(/[\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
    expect(text).toContain('"a\\u009b2J\\u007f \\u202eb\\u2066c"');
    expect(JSON.parse(text)).toEqual(value);
    expect(terminalJson({ a: 1 })).toBe(JSON.stringify({ a: 1 }));
  });
});

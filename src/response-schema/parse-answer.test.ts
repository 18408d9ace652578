import { describe, expect, it } from 'vitest';
import { parseAnswer } from './parse-answer.js';

describe('parseAnswer', () => {
  it('reads JSON, with or without a ```json fence', () => {
    expect(parseAnswer('{"a":1}')).toEqual({ success: true, value: { a: 1 } });
    expect(parseAnswer('```json\n{"a":1}\n```')).toEqual({ success: true, value: { a: 1 } });
  });

  it('says where the answer stops being JSON without quoting any of it', () => {
    for (const text of ['plain secret words', '{"summary": "secret words"', '{"a": secret}', '']) {
      const result = parseAnswer(text);
      expect(result.success).toBe(false);
      if (result.success) continue;
      expect(result.message).toMatch(/^the answer is not valid JSON/);
      expect(result.message).not.toContain('secret');
      expect(result.message).not.toContain('plain');
    }
    expect(parseAnswer('{"a": 1,}')).toMatchObject({ message: 'the answer is not valid JSON at line 1, column 9: expected a property name in double quotes' });
  });
});

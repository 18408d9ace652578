import { describe, expect, it } from 'vitest';
import { parsePrivacyRules } from './privacy-rules.js';
import { redactText } from './redact-text.js';

describe('redactText', () => {
  it('redacts a text holding more matches than a function call takes arguments', () => {
    const cases = [
      { rules: 'patterns:\n  order: "ORD-[0-9]{2}"\n', match: 'ORD-12', placeholder: '[order]' },
      { rules: 'presets: [ip]\n', match: '10.0.0.1', placeholder: '[ip]' },
      { rules: 'presets: [ip]\n', match: '::1', placeholder: '[ip]' },
      { rules: 'presets: [secret]\n', match: 'Bearer abcdefgh1', placeholder: 'Bearer [secret]' },
    ];
    for (const { rules, match, placeholder } of cases) {
      const counts = new Map<string, number>();
      const redacted = redactText(`${match} `.repeat(200_000), parsePrivacyRules(rules), counts);
      expect(redacted).toBe(`${placeholder} `.repeat(200_000));
      expect([...counts.values()]).toEqual([200_000]);
    }
  });
});

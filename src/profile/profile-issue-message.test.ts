import { describe, expect, it } from 'vitest';
import { safeParseProfile } from './parse-profile.js';
import { unknownKeyMessage } from './profile-issue-message.js';

describe('unknownKeyMessage', () => {
  it('escapes control characters in an unknown key as the field path beside it does, so none reaches a terminal', () => {
    const key = '\u001b]0;pwned\u0007\u001b[31m';
    expect(unknownKeyMessage([], key, ['name'])).toBe('unknown field "\\u001b]0;pwned\\u0007\\u001b[31m"');
    expect(unknownKeyMessage(['llm', 'response_schema'], 'x\ny\u009b', [])).toMatch(/^unsupported keyword "x\\ny\\u009b" /);
  });

  it('keeps a plain key as it was written, with the suggestion', () => {
    expect(unknownKeyMessage(['llm'], 'temprature', ['temperature', 'model'])).toBe('unknown field "temprature" (did you mean "temperature"?)');
  });

  it('recap validate prints no raw control character for a key written with YAML escapes', () => {
    const result = safeParseProfile('"\\e]0;pwned\\a\\e[31m": 1\n', { source: 'esc.yaml' });
    expect(result.success).toBe(false);
    const message = result.success ? '' : result.error.message;
    expect(message).toBe('esc.yaml:1:1 ["\\u001b]0;pwned\\u0007\\u001b[31m"]: unknown field "\\u001b]0;pwned\\u0007\\u001b[31m"');
    expect(message).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
  });
});

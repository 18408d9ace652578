import { describe, expect, it } from 'vitest';
import { parseProfile, parseSession, prepare } from '../index.js';
import { contextLines, flattenValues } from './context-lines.js';
import { lineText } from './styled-line.js';
import { SESSION_JSON } from './test-support/studio-fixtures.js';

describe('contextLines', () => {
  it('lists included elements with their values, then excluded ones with the rule that excluded them', () => {
    const profile = parseProfile('context:\n  include: [device, user]\n  exclude_user_context: true\n');
    const lines = contextLines(profile, prepare(profile, parseSession(SESSION_JSON))).map(lineText);
    const excluded = lines.indexOf('Excluded: kept out of the prompt');
    expect(lines.slice(0, excluded)).toContain('  ✓ device');
    expect(lines.slice(0, excluded).join('\n')).toContain('browser  Chrome 130');
    expect(lines).toContain('  ✗ user  excluded by context.exclude_user_context');
    expect(lines).toContain('  ✗ location  not listed in context.include');
    expect(lines.slice(excluded).join('\n')).toContain('properties.plan  pro');
    expect(lines.at(-1)).toBe('Not in this session: org');
  });

  it('flattens nested values into dotted paths', () => {
    expect(flattenValues({ a: 1, b: { c: 'x', d: [1, 2] } })).toEqual([
      ['a', '1'],
      ['b.c', 'x'],
      ['b.d', '[1,2]'],
    ]);
  });
});

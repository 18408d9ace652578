// A JavaScript caller may pass the privacy rules document (as privacy.yaml holds it) where prepare
// takes compiled rules: prepare says so and what to call, instead of a TypeError from deep inside.

import { describe, expect, it } from 'vitest';
import { compilePrivacyRules, parsePrivacyRules, type PrivacyRules } from '../privacy/privacy-rules.js';
import { PrepareInputError } from './check-prepare-inputs.js';
import { prepare } from './prepare.js';
import { sessionWith } from './test-support/session-builder.js';

const session = sessionWith([{ offset: 0, type: 'console-error', message: 'mail ada@example.com' }]);

function failure(privacy: unknown): string {
  try {
    prepare({}, session, { privacy: privacy as PrivacyRules });
  } catch (error) {
    expect(error).toBeInstanceOf(PrepareInputError);
    expect((error as PrepareInputError).code).toBe('invalid_input');
    return (error as Error).message;
  }
  return 'prepared';
}

describe('prepare with privacy rules that are not compiled', () => {
  it('throws PrepareInputError naming the document it got and what to call', () => {
    expect(failure({ presets: ['email', 'card'] })).toBe(
      'prepare: options.privacy: expected compiled privacy rules, got a privacy rules document ({ presets }, as privacy.yaml holds it): compile it with compilePrivacyRules(document), or read privacy.yaml text with parsePrivacyRules(text)',
    );
    expect(failure({ presets: ['email'], patterns: { order: 'ORD-[0-9]{6}' } })).toContain('got a privacy rules document ({ presets, patterns }, as privacy.yaml holds it)');
    expect(failure({})).toContain('got a privacy rules document ({}, as privacy.yaml holds it)');
  });

  it('names any other value it got', () => {
    expect(failure('presets: [email]\n')).toBe('prepare: options.privacy: expected compiled privacy rules, got a string: read rules text (YAML or JSON) with parsePrivacyRules(text)');
    expect(failure(null)).toBe('prepare: options.privacy: expected compiled privacy rules (from parsePrivacyRules or compilePrivacyRules), got null');
    expect(failure({ rules: ['email'] })).toBe('prepare: options.privacy: expected compiled privacy rules (from parsePrivacyRules or compilePrivacyRules), got an object with keys rules');
  });

  it('prepares with compiled rules, from either function', () => {
    const compiled = compilePrivacyRules({ presets: ['email'] });
    expect(compiled.success).toBe(true);
    if (!compiled.success) return;
    for (const rules of [compiled.rules, parsePrivacyRules('presets: [email]\n')]) {
      const prepared = prepare({}, session, { privacy: rules });
      expect(prepared.privacy).toEqual({ email: 1 });
      expect(prepared.prompt).not.toContain('ada@example.com');
    }
  });
});

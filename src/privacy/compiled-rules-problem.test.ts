// The privacy functions that take compiled rules say so when given the rules document instead:
// hasNoRules answered false for any document, redactSession threw a bare TypeError. And a field
// named __proto__ (parseSession keeps them) stays a field when redaction renames its neighbours.

import { describe, expect, it } from 'vitest';
import { parseSession } from '../session/parse-session.js';
import { RULES_DOCUMENT_KEYS } from './compiled-rules-problem.js';
import { hasNoRules } from './has-no-rules.js';
import { parsePrivacyRules, privacyRulesSchema, type PrivacyRules } from './privacy-rules.js';
import { redactSession } from './redact-session.js';

const session = parseSession({ id: 'u-1:s-1', events: [{ type: 'console-error', timestamp: '2026-03-01T10:00:00Z', message: 'ada@example.com' }] });
const document = { presets: ['email'] } as unknown as PrivacyRules;

describe('privacy rules that are not compiled', () => {
  it('hasNoRules throws naming the document, instead of answering false', () => {
    expect(() => hasNoRules(document)).toThrow(
      new TypeError('hasNoRules: expected compiled privacy rules, got a privacy rules document ({ presets }, as privacy.yaml holds it): compile it with compilePrivacyRules(document), or read privacy.yaml text with parsePrivacyRules(text)'),
    );
    expect(() => hasNoRules({} as PrivacyRules)).toThrow(/^hasNoRules: expected compiled privacy rules, got a privacy rules document \(\{\}/);
    expect(hasNoRules(parsePrivacyRules(''))).toBe(true);
    expect(hasNoRules(parsePrivacyRules('presets: [email]\n'))).toBe(false);
  });

  it('redactSession throws naming the document', () => {
    expect(() => redactSession(session, document)).toThrow(/^redactSession: rules: expected compiled privacy rules, got a privacy rules document \(\{ presets \}/);
    expect(redactSession(session, parsePrivacyRules('presets: [email]\n')).counts.get('email')).toBe(1);
  });

  it('knows the keys of a rules document', () => {
    expect([...RULES_DOCUMENT_KEYS].sort()).toEqual(Object.keys(privacyRulesSchema.shape).sort());
  });
});

describe('redactSession and a field named __proto__', () => {
  it('keeps it a field (not a prototype) when it renames another field of the object', () => {
    const parsed = parseSession(JSON.parse('{"id":"u:s","events":[{"type":"custom","name":"N","timestamp":"2026-03-01T10:00:00Z","properties":{"ada@example.com":"owner","__proto__":{"role":"admin"}}}]}') as unknown);
    const properties = redactSession(parsed, parsePrivacyRules('presets: [email]\n')).session.events[0]?.properties as Record<string, unknown>;
    expect(Object.keys(properties)).toEqual(['[email]', '__proto__']);
    expect(Object.getPrototypeOf(properties)).toBe(Object.prototype);
    expect(properties.role).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { prepare } from '../pipeline/prepare.js';
import { parsePrivacyRules } from '../privacy/privacy-rules.js';
import { parseProfile } from '../profile/parse-profile.js';
import { parseSession } from '../session/parse-session.js';
import { checkPrivacy } from './check-privacy.js';

describe('checkPrivacy redacts', () => {
  it('finds a text the session recorded as a JSON number (a card number stored as a number), as text and as a /regex/', () => {
    const session = parseSession({
      id: 'u-1:s-1',
      events: [{ type: 'input-change', timestamp: '2026-11-01T10:00:00Z', target: { selector: 'input#cc' }, value: 4111111111111111 }],
    });
    const prepared = prepare(parseProfile('context:\n  include: []\n'), session, { privacy: parsePrivacyRules('presets: [card]\n') });
    expect(prepared.prompt).not.toContain('4111111111111111');
    const results = checkPrivacy(prepared, session, { redacts: ['4111111111111111', '/4111\\d{12}/', '4242424242424242'] });
    expect(results.map((result) => [result.id, result.passed])).toEqual([
      ['prompt.redacts[0]', true],
      ['prompt.redacts[1]', true],
      // A number the session never held still proves nothing.
      ['prompt.redacts[2]', false],
    ]);
  });
});

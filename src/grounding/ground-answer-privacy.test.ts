// Grounding under privacy rules: the events the prompt left out are read as the rules leave them,
// so that no verdict or reason says the session holds a value the rules protect.

import { describe, expect, it } from 'vitest';
import { prepare } from '../pipeline/prepare.js';
import { parsePrivacyRules } from '../privacy/privacy-rules.js';
import { parseProfile } from '../profile/parse-profile.js';
import { parseSession } from '../session/parse-session.js';
import { groundAnswer, groundingSource } from './ground-answer.js';

const at = (seconds: number) => new Date(Date.UTC(2026, 2, 1, 10, 0, seconds)).toISOString();

const session = parseSession({
  id: 'u-9:s-1',
  events: [
    { type: 'console-error', timestamp: at(0), message: 'pay failed for ada.lovelace@example.com card 4111111111111111' },
    { type: 'navigate', timestamp: at(1), url: 'https://shop.example/reset?token=T0KEN-8812&x=1' },
    { type: 'click', timestamp: at(2), target: { selector: 'button.pay', text: 'Pay now' } },
  ],
});
// The prompt shows the click only: the error and the page are dropped by type.
const profile = parseProfile('events:\n  include_types: [click]\n');
const rules = parsePrivacyRules('presets: [email, card]\nstrip_url_params: [token]\n');

/** [kind, text, verdict, reason] of each finding about the answer, with or without the rules. */
function findings(answer: string, privacy: typeof rules | undefined) {
  const prepared = prepare(profile, session, privacy === undefined ? {} : { privacy });
  return groundAnswer(groundingSource(profile, session, prepared), answer).findings.map(({ kind, text, verdict, reason }) => [kind, text, verdict, reason]);
}

describe('groundAnswer with privacy rules', () => {
  it('does not confirm a protected value that a dropped event holds', () => {
    const answer = 'The console said "pay failed for ada.lovelace@example.com card 4111111111111111" and they opened https://shop.example/reset?token=T0KEN-8812&x=1.';
    // Without rules, both are true of the session but left out of the prompt.
    expect(findings(answer, undefined).map(([kind, , verdict]) => [kind, verdict])).toEqual([
      ['text', 'dropped'],
      ['url', 'dropped'],
    ]);
    // With them, the session as the rules leave it holds neither value.
    const judged = findings(answer, rules);
    expect(judged.map(([kind, , verdict]) => [kind, verdict])).toEqual([
      ['text', 'unsupported'],
      ['url', 'unsupported'],
    ]);
    expect(JSON.stringify(judged)).not.toMatch(/holds it|#0|#1/);
  });

  it('reads the dropped events redacted: their placeholders are what the session holds', () => {
    const judged = findings('The console said "pay failed for [email] card [card]" and they opened https://shop.example/reset?x=1.', rules);
    expect(judged.map(([kind, , verdict]) => [kind, verdict])).toEqual([
      ['text', 'dropped'],
      ['url', 'dropped'],
    ]);
  });

  it('lists the dropped events as the rules leave them', () => {
    const prepared = prepare(profile, session, { privacy: rules });
    const source = groundingSource(profile, session, prepared);
    expect(source.dropped.map(({ index, reason }) => [index, reason])).toEqual([
      [0, 'filtered-by-type'],
      [1, 'filtered-by-type'],
    ]);
    expect(JSON.stringify(source.dropped)).not.toMatch(/ada\.lovelace|4111111111111111|T0KEN-8812/);
    // The session itself is left as recorded.
    expect(session.events[0]).toMatchObject({ message: 'pay failed for ada.lovelace@example.com card 4111111111111111' });
  });
});

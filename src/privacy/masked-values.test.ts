// The values at masked paths are found where redactSession masks them, below the paths a glob may lie under.

import { describe, expect, it } from 'vitest';
import { parseSession } from '../session/parse-session.js';
import { maskedValuesOf } from './masked-values.js';
import { parsePrivacyRules } from './privacy-rules.js';
import { redactSession } from './redact-session.js';

const session = parseSession({
  id: 'u-1:s-1',
  user: { id: 'u-1', properties: { phone: '+44 20 7946 0000', addresses: [{ line: '221B Baker Street' }, { line: '12 Grimmauld Place' }] } },
  events: [
    { type: 'custom', name: 'Order', timestamp: '2026-11-01T10:00:01Z', properties: { items: [{ name: 'Lamp', gift_note: 'For Gran' }, { name: 'Desk', gift_note: 'Happy moving day' }], billing: { zip: 94105, card_last4: '4242' } } },
    { type: 'custom', name: 'Deep', timestamp: '2026-11-01T10:00:02Z', properties: { a: { b: { c: { password: 'tr0ub4dor' } } } } },
    { type: 'click', timestamp: '2026-11-01T10:00:03Z', target: { selector: 'button#go', text: 'Go on' } },
  ],
});

describe('maskedValuesOf', () => {
  it.each([
    ['user.properties.phone', ['+44 20 7946 0000']],
    ['user.properties.addresses.line', ['221B Baker Street', '12 Grimmauld Place']],
    ['user.properties.addresses[1].line', ['12 Grimmauld Place']],
    ['properties.items.*.gift_note', ['For Gran', 'Happy moving day']],
    ['properties.billing', ['94105', '4242']],
    ['properties.billing.card_*', ['4242']],
    ['**.password', ['tr0ub4dor']],
    ['properties.a.**.password', ['tr0ub4dor']],
    ['target.text', ['Go on']],
    ['*.nothing', []],
  ])('finds under %s the values redactSession masks', (glob, expected) => {
    const rules = parsePrivacyRules(`mask_properties: ["${glob}"]\n`);
    expect(maskedValuesOf(session, rules)).toEqual(expected);
    // Each is masked where it is, and nothing else is.
    const redacted = JSON.stringify(redactSession(session, rules).session);
    for (const value of expected) expect(redacted).not.toContain(value);
    expect(redacted.includes('[masked]')).toBe(expected.length > 0);
  });

  it('goes below only the paths a glob may lie under', () => {
    const rules = parsePrivacyRules('mask_properties: ["user.properties.phone", "properties.a.**.password", "items[*].name"]\n');
    for (const path of ['user', 'user.properties', 'properties', 'properties.a', 'properties.a.b.c', 'items', 'items.0']) expect(rules.holdsMaskedPath(path), path).toBe(true);
    for (const path of ['target', 'user.org', 'user.properties.phone', 'properties.b', 'items.0.name', 'properties.items']) expect(rules.holdsMaskedPath(path), path).toBe(false);
    expect(parsePrivacyRules('mask_properties: ["**.password"]\n').holdsMaskedPath('anything.at.all')).toBe(true);
  });
});
